import Testing

@testable import TodoCore

/// The words ``TodoFilter`` refuses, the messages it gives and what it suggests.
@Suite struct TodoFilterErrorTests {
    @Test func aNearMissOfAnAttributeIsAnErrorWithTheAttribute() throws {
        let error = try #require(filterError(["+a", "prioity:high"]))
        #expect(error.word == "prioity:high")
        #expect(error.suggestion == "priority:")
        #expect(error.description == "unknown filter attribute 'prioity' in 'prioity:high'. Did you mean 'priority:'?")
        #expect(filterError(["proejct.is:Home"])?.suggestion == "project.is:")
        #expect(filterError(["deu:today"])?.suggestion == "due:")
        #expect(filterError(["sheduled:today"])?.suggestion == "scheduled:")
        #expect(filterError(["complted:today"])?.suggestion == "completed:")
        #expect(filterError(["Stauts:done"])?.suggestion == "status:")
    }

    /// Issue 18: `shed:today` (a near miss of `sched:`) was a search for the text.
    @Test func aNearMissOfAShortFormIsAnErrorWithTheShortForm() throws {
        let error = try #require(filterError(["shed:today"]))
        #expect(error.description == "unknown filter attribute 'shed' in 'shed:today'. Did you mean 'sched:'?")
        #expect(filterError(["shed.before:today"])?.suggestion == "sched.before:")
        #expect(filterError(["shced:mon"])?.suggestion == "sched:")
        #expect(filterError(["stats:done"])?.suggestion == "status:")
    }

    /// Issue 18: `depends:4` and `dep:4` were searches for the text, which no todo holds.
    @Test(arguments: [
        ("depends:4", "is:blocked"), ("dep:4", "is:blocked"), ("DEPS:", "is:blocked"), ("dep.not:4", "is:blocked"),
        ("repeat:weekly", "is:recurring"), ("recur:daily", "is:recurring"), ("recurrence:", "is:recurring"),
    ])
    func anAttributeKeyThatIsNoFilterKeyNamesTheTermsToUse(word: String, suggestion: String) throws {
        let error = try #require(filterError([word]))
        #expect(error.word == word)
        #expect(error.suggestion == suggestion)
        #expect(error.message.hasPrefix("'\(word)' is not a filter term: "))
        #expect(error.message.contains(suggestion))
    }

    @Test func keysPeopleTryPointToTheRightTerm() {
        #expect(filterError(["tag:work"])?.suggestion == "+work")
        #expect(
            filterError(["tag:work"])?.message
                == "'tag:work' is not a filter term: tags are filtered with +TAG and -TAG")
        #expect(filterError(["tags:"])?.suggestion == nil)
        #expect(filterError(["id:5"])?.suggestion == "5")
        #expect(filterError(["date:today"])?.suggestion == "due:")
    }

    @Test(arguments: ["http://example.com", "https://x:8080", "mailto:me@example.com", "note:x", "foo:bar", "10:30"])
    func wordsOfOtherShapesOrKeysAreSearchWords(word: String) throws {
        #expect(try TodoFilter(parsing: [word]).arguments == [word])
    }

    @Test func aBadValueNamesTheWordAndTheValidValues() throws {
        var error = try #require(filterError(["pri:x"]))
        #expect(error.word == "pri:x")
        #expect(error.message == "'pri:x': 'x' is not a priority; use high, medium, low, none or any (h, m, l)")
        #expect(error.suggestion == nil)
        error = try #require(filterError(["is:frob"]))
        #expect(
            error.message
                == "'is:frob': 'frob' is not a state; use overdue, today, blocked, blocking, waiting, active or recurring"
        )
        #expect(filterError(["is:overdu"])?.suggestion == "is:overdue")
        #expect(filterError(["IS:blokced"])?.suggestion == "IS:blocked")
        error = try #require(filterError(["status:foo"]))
        #expect(error.message == "'status:foo': 'foo' is not a status; use pending, waiting, done or all")
        #expect(filterError(["status:don"])?.suggestion == "status:done")
        #expect(filterError(["status:"])?.message == "'status:': '' is not a status; use pending, waiting, done or all")
        #expect(filterError(["priority.above:any"])?.message.contains("use high, medium, low or none") == true)
    }

    @Test func aBadDateSaysWhatADateIs() throws {
        var error = try #require(filterError(["due:someday"]))
        #expect(error.word == "due:someday")
        #expect(error.message.hasPrefix("'due:someday': 'someday' is not a date; use YYYY-MM-DD, today"))
        #expect(error.message.hasSuffix("; or none (no due date) or any"))
        error = try #require(filterError(["wait.before:someday"]))
        #expect(error.message.hasPrefix("'wait.before:someday': 'someday' is not a date"))
        #expect(!error.message.contains("none"))
        error = try #require(filterError(["due:2030-02-30"]))
        #expect(
            error.message
                == "'due:2030-02-30': '2030-02-30' is not a day of the calendar; check the month and the day (YYYY-MM-DD)"
        )
        #expect(filterError(["due:+999999d"])?.message.contains("too far ahead") == true)
        error = try #require(filterError(["due.before:none"]))
        #expect(
            error.message == "'due.before:none' needs a date; 'due:none' and 'due:any' find todos without and with one")
        #expect(filterError(["created.after:"])?.word == "created.after:")
    }

    @Test func aModifierTheKeyDoesNotTakeIsAnError() throws {
        let error = try #require(filterError(["due.befor:today"]))
        #expect(
            error.message
                == "'due.befor:today': 'befor' is not a modifier of due:; use due:, due.before:, due.after:, due.by: or due.not:"
        )
        #expect(error.suggestion == "due.before:")
        #expect(
            filterError(["status.before:done"])?.message
                == "'status.before:done': 'before' is not a modifier of status:; use status: or status.not:")
        #expect(filterError(["project.haz:x"])?.suggestion == "project.has:")
        #expect(filterError(["priority.is:high"]) != nil)
    }

    @Test func termsThatNeedAValue() {
        #expect(filterError(["text:"])?.message == "'text:' needs the text to look for")
        #expect(filterError(["project.has:"])?.message == "'project.has:' needs the text to look for in project names")
        #expect(
            filterError(["priority.below:"])?.message
                == "'priority.below:' needs a priority (high, medium, low or none)")
        #expect(filterError(["is:"]) != nil)
    }

    @Test func aDashBeforeSomethingOtherThanALetterIsAnError() throws {
        let error = try #require(filterError(["-5"]))
        #expect(error.word == "-5")
        #expect(
            error.message
                == "'-5' is not a filter term: after '-' comes a tag that starts with a letter (-work), and ids are positive (5); to leave out a tag that starts otherwise, write 'not +TAG'"
        )
        #expect(filterError(["--all"])?.word == "--all")
        #expect(filterError(["-"])?.word == "-")
        #expect(filterError(["-#x"]) != nil)
        #expect(filterError(["+"])?.message == "'+' needs a tag after it (+work)")
        #expect(
            filterError(["+a,b"])?.message == "'+a,b' is not a tag term: a tag is one word, without spaces or commas")
        #expect(filterError(["+#a"]) != nil)
    }

    @Test func malformedIds() throws {
        #expect(filterError(["0"])?.message == "'0' is not an id: ids start at 1")
        #expect(filterError(["3,0-2"])?.message == "'0' in '3,0-2' is not an id: ids start at 1")
        #expect(
            filterError(["3-"])?.message
                == "'3-' is not an id, a range (3-7) or a list (4,9) of ids; to look for it in the text, write 'text:3-'"
        )
        #expect(filterError(["1,,2"]) != nil)
        #expect(filterError(["1-2-3"]) != nil)
        #expect(filterError(["2030-01-15"])?.message.contains("text:2030-01-15") == true)
        let backward = try #require(filterError(["7-3"]))
        #expect(backward.message == "'7-3' is a backward range; write the smaller id first")
        #expect(filterError(["1,7-3"])?.message == "'7-3' in '1,7-3' is a backward range; write the smaller id first")
        #expect(backward.suggestion == "3-7")
        #expect(filterError(["1,7-3"])?.suggestion == nil)
        #expect(filterError(["9000000000000000001"])?.message.contains("ids go up to 9000000000000000000") == true)
        #expect(filterError(["99999999999999999999"]) != nil)
    }

    @Test func unbalancedOrEmptyParentheses() throws {
        var error = try #require(filterError(["(", "+a", "or", "+b"]))
        #expect(error.word == "(")
        #expect(error.message == "'(' is not closed; add ')' after its terms")
        #expect(filterError(["(+a"])?.word == "(")
        #expect(filterError(["("])?.word == "(")
        error = try #require(filterError(["+a", ")"]))
        #expect(error.message == "')' closes no '('")
        #expect(filterError(["+a)", "or", "+b"])?.message == "')' closes no '('")
        #expect(filterError([")", "+a"])?.message == "')' closes no '('")
        #expect(filterError(["(+a)", ")"])?.word == ")")
        error = try #require(filterError(["+a", "(", ")"]))
        #expect(error.word == "()")
        #expect(error.message == "'()' holds no term; put terms inside or leave it out")
        #expect(filterError(["()"])?.word == "()")
    }

    @Test func operatorsWithoutTheirTerms() {
        #expect(filterError(["+a", "or"])?.message == "'or' needs a term on each side")
        #expect(filterError(["or", "+a"])?.message == "'or' needs a term on each side")
        #expect(filterError(["+a", "OR", "or", "+b"])?.word == "OR")
        #expect(filterError(["+a", "and"])?.message == "'and' needs a term on each side")
        #expect(filterError(["and"])?.word == "and")
        #expect(filterError(["+a", "and", "or", "+b"])?.word == "and")
        #expect(filterError(["not"])?.message == "'not' needs a term after it")
        #expect(filterError(["+a", "not"])?.word == "not")
        #expect(filterError(["not", "or", "+a"])?.word == "not")
        #expect(filterError(["(", "or", "+a", ")"])?.word == "or")
        #expect(filterError(["(", "not", ")"])?.word == "not")
    }

    @Test func theFirstProblemInTheWordsIsReported() {
        // Words are read first, so a bad word wins over an unbalanced parenthesis after it.
        #expect(filterError(["(", "pri:x"])?.word == "pri:x")
        #expect(filterError(["is:frob", "due:someday"])?.word == "is:frob")
    }
}

extension TodoFilterErrorTests {
    @Test func nestingHasALimit() throws {
        let deep = Array(repeating: "(", count: 100) + ["+a"] + Array(repeating: ")", count: 100)
        #expect(try TodoFilter(parsing: deep).description == "+a")
        let deeper = Array(repeating: "(", count: 101) + ["+a"] + Array(repeating: ")", count: 101)
        #expect(
            filterError(deeper)?.message
                == "the filter nests more than 100 parentheses and 'not's; write it more simply")
        #expect(filterError(Array(repeating: "not", count: 10_000) + ["+a"])?.word == "not")
        #expect(try TodoFilter(parsing: Array(repeating: "not", count: 100) + ["+a"]).description == "+a")
    }

    @Test func aBlankWordInsideParenthesesIsNothing() {
        #expect(filterError(["( )"])?.word == "()")
    }
}
