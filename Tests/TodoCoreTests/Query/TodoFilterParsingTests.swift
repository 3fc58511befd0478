import Testing

@testable import TodoCore

/// ``TodoFilter``'s reading of words: each term's normal form, precedence, parentheses, and what
/// the filter tells front ends (structured terms, plain id lists).
@Suite struct TodoFilterParsingTests {
    @Test(arguments: [
        // ids
        (["12"], "12"), (["3-7"], "3-7"), (["4,9"], "4,9"), (["4,9-11"], "4,9-11"), (["007"], "7"),
        (["3", "5"], "3,5"), (["5", "3"], "3,5"), (["3-5", "6"], "3-6"), (["3", "or", "5"], "3,5"),
        (["9", "3-7", "5"], "3-7,9"),
        // tags
        (["+work"], "+work"), (["-work"], "-work"), (["not", "+work"], "-work"), (["+Été"], "+Été"),
        (["+3d"], "+3d"), (["not", "+3d"], "not +3d"),
        // project
        (["project:Home"], "project:Home"), (["pro:Home.Garden"], "project:Home.Garden"),
        (["proj:Home"], "project:Home"), (["PROJECT:Home"], "project:Home"), (["project:"], "project:none"),
        (["project:NONE"], "project:none"), (["project:any"], "project:any"), (["project.is:Home"], "project.is:Home"),
        (["project.is:"], "project:none"), (["project.not:Home"], "not project:Home"),
        (["project.isnt:Home"], "not project.is:Home"), (["project.has:ome"], "project.has:ome"),
        (["project.hasnt:ome"], "not project.has:ome"), (["project.not:none"], "not project:none"),
        // priority
        (["priority:high"], "priority:high"), (["pri:H"], "priority:high"), (["pri:m"], "priority:medium"),
        (["prio:L"], "priority:low"), (["priority:None"], "priority:none"), (["priority:"], "priority:none"),
        (["pri:any"], "priority:any"), (["priority.above:low"], "priority.above:low"),
        (["priority.below:h"], "priority.below:high"), (["priority.not:high"], "not priority:high"),
        // status
        (["status:pending"], "status:pending"), (["status:Waiting"], "status:waiting"), (["stat:done"], "status:done"),
        (["status:all"], "status:all"), (["status.not:done"], "not status:done"),
        // dates
        (["due:2030-02-01"], "due:2030-02-01"), (["due:Fri"], "due:friday"), (["due:TODAY"], "due:today"),
        (["due.before:+3d"], "due.before:+3d"), (["due.after:tomorrow"], "due.after:tomorrow"),
        (["due.by:+2w"], "due.by:+2w"), (["due:"], "due:none"), (["due:none"], "due:none"), (["due:any"], "due:any"),
        (["due.not:today"], "not due:today"), (["wait:monday"], "wait:monday"),
        (["wait.after:today"], "wait.after:today"),
        (["sched:2030-03-01"], "scheduled:2030-03-01"), (["scheduled:any"], "scheduled:any"),
        (["created.after:2030-01-01"], "created.after:2030-01-01"), (["completed.by:today"], "completed.by:today"),
        (["completed:none"], "completed:none"),
        // is
        (["is:overdue"], "is:overdue"), (["is:Today"], "is:today"), (["is:blocked"], "is:blocked"),
        (["is:blocking"], "is:blocking"), (["is:waiting"], "is:waiting"), (["is:active"], "is:active"),
        (["is:recurring"], "is:recurring"), (["is.not:blocked"], "not is:blocked"),
        // search words, and words that are not terms
        (["milk"], "milk"), (["Milk"], "Milk"), (["text:milk"], "milk"), (["text:or"], "text:or"),
        (["text:2030"], "text:2030"), (["text:+1"], "text:+1"), (["text:project:x"], "text:project:x"),
        (["text:f(x)"], "f(x)"), (["text:(x"], "text:(x"), (["http://example.com/a:b"], "http://example.com/a:b"),
        (["10:30"], "10:30"),
        (["note:x"], "note:x"), (["e.g.:"], "e.g.:"), (["a.b.c:d"], "a.b.c:d"), (["f(x)"], "f(x)"),
        (["buy milk"], "'buy milk'"), (["café"], "café"),
    ])
    func eachTermHasItsNormalForm(words: [String], expected: String) throws {
        #expect(try normal(words) == expected)
    }

    @Test func notBindsTighterThanAndWhichBindsTighterThanOr() throws {
        #expect(try normal(["a", "or", "b", "c"]) == "a or b and c")
        #expect(
            try TodoFilter(parsing: ["a", "or", "b", "c"]) == TodoFilter(parsing: ["a", "or", "(", "b", "c", ")"]))
        #expect(
            try TodoFilter(parsing: ["a", "or", "b", "c"]) != TodoFilter(parsing: ["(", "a", "or", "b", ")", "c"]))
        #expect(try normal(["a", "b", "or", "c"]) == "a and b or c")
        #expect(try normal(["not", "a", "b"]) == "not a and b")
        #expect(try TodoFilter(parsing: ["not", "a", "b"]) == TodoFilter(parsing: ["(", "not", "a", ")", "b"]))
        #expect(try normal(["not", "a", "or", "b"]) == "not a or b")
        #expect(try normal(["a", "and", "b", "or", "not", "c", "d"]) == "a and b or not c and d")
    }

    @Test func parenthesesGroupAndAreWrittenOnlyWhereNeeded() throws {
        #expect(try normal(["(", "a", "or", "b", ")", "c"]) == "(a or b) and c")
        #expect(try normal(["not", "(", "a", "b", ")"]) == "not (a and b)")
        #expect(try normal(["not", "(", "a", "or", "b", ")"]) == "not (a or b)")
        #expect(try normal(["(", "a", "b", ")", "c"]) == "a and b and c")
        #expect(try normal(["(", "(", "a", ")", ")"]) == "a")
        #expect(try normal(["+a", "or", "(", "+b", "or", "+c", ")"]) == "+a or +b or +c")
        #expect(try normal(["not", "not", "+a"]) == "+a")
        #expect(try normal(["not", "-a"]) == "+a")
        #expect(try normal(["a", "AND", "b", "Or", "NOT", "c"]) == "a and b or not c")
    }

    @Test func parenthesesMayComeAttachedToTheirTerms() throws {
        #expect(
            try TodoFilter(parsing: ["(+a", "or", "+b)", "c"])
                == TodoFilter(parsing: ["(", "+a", "or", "+b", ")", "c"]))
        #expect(try normal(["((a", "or", "b)", "c)"]) == "(a or b) and c")
        #expect(try normal(["(3", "or", "+a)"]) == "3 or +a")
        #expect(try normal(["(not", "+a)"]) == "-a")
        // A ')' that a '(' inside the word opens stays in it.
        #expect(try normal(["(f(x))"]) == "f(x)")
        #expect(try normal(["(draft)"]) == "draft")
    }

    @Test func idWordsInARowAreOneTermAndIdsOfAnOrMerge() throws {
        let filter = try TodoFilter(parsing: ["3", "5", "+a", "7"])
        #expect(filter.description == "3,5 and +a and 7")
        #expect(try TodoFilter(parsing: ["3", "or", "+a", "or", "5"]).description == "3,5 or +a")
    }

    @Test func theArgumentsReadBackAsAnEqualFilter() throws {
        for words in [
            ["a", "or", "b", "c"], ["not", "(", "a", "or", "b", ")", "+c"],
            ["(+a", "or", "+b)", "-c", "project.isnt:X"],
            ["3-7,9", "or", "due.before:+3d"], ["text:or", "text:12", "buy milk", "text:(x"],
            ["pri:h", "is.not:active"],
            ["not", "(", "due:none", "or", "wait:any", ")", "created.by:2030-01-01"],
        ] {
            let filter = try TodoFilter(parsing: words)
            #expect(try TodoFilter(parsing: filter.arguments) == filter, "\(words)")
        }
        #expect(try TodoFilter(parsing: ["(a", "or", "b)", "c"]).arguments == ["(", "a", "or", "b", ")", "and", "c"])
    }

    @Test func noWordsOrOnlyEmptyOnesMakeTheFilterOfEverything() throws {
        #expect(try TodoFilter(parsing: []) == .everything)
        #expect(try TodoFilter(parsing: ["", " "]) == .everything)
        #expect(TodoFilter.everything.isEmpty)
        #expect(TodoFilter.everything.description == "")
        #expect(TodoFilter.everything.arguments == [])
        #expect(try !TodoFilter(parsing: ["a"]).isEmpty)
    }

    @Test func andGroupsEachFilter() throws {
        let before = try TodoFilter(parsing: ["+a", "or", "+b"])
        let after = try TodoFilter(parsing: ["milk", "or", "eggs"])
        #expect(before.and(after).description == "(+a or +b) and (milk or eggs)")
        #expect(TodoFilter.everything.and(after) == after)
        #expect(after.and(.everything) == after)
        #expect(try before.and(TodoFilter(parsing: ["c", "d"])).description == "(+a or +b) and c and d")
    }

    @Test(arguments: [
        "12", "3-7", "4,9-11", "+work", "-work", "project:Home", "pro:", "project.is:Home", "priority:high",
        "due.before:friday", "is:overdue", "status:done", "text:milk", "and", "or", "not", "OR", "(", ")", "(+a",
        "+b)", "((3", "()",
        // Structured but wrong: parsing reports them.
        "-5", "--all", "prioity:high", "due:someday", "tag:work", "3-", "is:frob",
    ])
    func structuredTerms(word: String) {
        #expect(TodoFilter.isStructuredTerm(word))
    }

    @Test(arguments: [
        "milk", "list", "done", "Milk", "http://x", "10:30", "note:x", "", " ", "(milk", "milk)", "buy milk",
    ])
    func searchWordsAreNotStructured(word: String) {
        #expect(!TodoFilter.isStructuredTerm(word))
    }

    @Test func aPlainIDListIsOnlyIds() throws {
        for words in [["3"], ["3", "5"], ["3-7", "9"], ["4,9-11"], ["3", "or", "5"], ["(3)"], ["(", "3", "5", ")"]] {
            #expect(try TodoFilter(parsing: words).isPlainIDList, "\(words)")
        }
        for words in [[], ["3", "+a"], ["+a"], ["not", "3"], ["3", "and", "5"], ["3", "or", "+a"], ["milk"]] {
            #expect(try !TodoFilter(parsing: words).isPlainIDList, "\(words)")
        }
    }

    @Test func theIdRangesAreEveryIdTermsIdsMerged() throws {
        #expect(try TodoFilter(parsing: ["3-7", "9", "5"]).idRanges == [3...7, 9...9])
        #expect(try TodoFilter(parsing: ["4,9-11"]).idRanges == [4...4, 9...11])
        #expect(try TodoFilter(parsing: ["3", "+a", "or", "not", "4", "12"]).idRanges == [3...4, 12...12])
        #expect(try TodoFilter(parsing: ["+a"]).idRanges == [])
        #expect(try TodoFilter(parsing: ["1-9000000000000000000"]).idRanges == [1...9_000_000_000_000_000_000])
    }

    @Test func mentionsStatusForStatusTermsAndIsWaiting() throws {
        #expect(try TodoFilter(parsing: ["status:done"]).mentionsStatus)
        #expect(try TodoFilter(parsing: ["+a", "or", "not", "status:pending"]).mentionsStatus)
        #expect(try TodoFilter(parsing: ["is:waiting"]).mentionsStatus)
        #expect(try !TodoFilter(parsing: ["is:overdue", "+a", "wait:any"]).mentionsStatus)
        #expect(!TodoFilter.everything.mentionsStatus)
    }

    @Test func aWordWithSpacesIsQuotedInTheDescriptionOnly() throws {
        let filter = try TodoFilter(parsing: ["project:Home", "(buy milk", "or", "+shop)"])
        #expect(filter.description == "project:Home and ('buy milk' or +shop)")
        #expect(filter.arguments == ["project:Home", "and", "(", "buy milk", "or", "+shop", ")"])
    }
}
