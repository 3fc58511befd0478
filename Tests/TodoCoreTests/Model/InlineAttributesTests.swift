import Testing

@testable import TodoCore

/// `due:fri +sales pri:h …` among a title's words, on add and on edit.
@Suite struct InlineAttributesTests {
    func parse(_ line: String, editing: Bool = false) throws -> InlineAttributes {
        try InlineAttributes(parsing: line.split(separator: " ").map(String.init), editing: editing)
    }

    @Test func everyKeyAndItsShortFormsOnAdd() throws {
        let inline = try parse(
            "Call Bob due:fri +sales pri:h project:Work wait:+2d scheduled:mon repeat:weekly depends:4 +Big")
        #expect(inline.titleWords == ["Call", "Bob"])
        #expect(inline.due == .set(.next(.friday)) && inline.wait == .set(.daysFromToday(2)))
        #expect(inline.scheduled == .set(.next(.monday)) && inline.priority == .high)
        #expect(inline.project == .set("Work") && inline.recurrence == .set(.weekly))
        #expect(inline.addTags == ["sales", "Big"] && inline.addDepends == [4])
        let short = try parse("x sched:today pri:M pro:Home.Garden recur:2w dep:4,7 DUE:2030-01-08")
        #expect(short.scheduled == .set(.today) && short.priority == .medium && short.project == .set("Home.Garden"))
        #expect(short.recurrence == .set(.everyWeeks(2)) && short.addDepends == [4, 7])
        #expect(short.due == .set(.day(CalendarDay(year: 2030, month: 1, day: 8)!)))
        var draft = TodoDraft(title: "")
        inline.apply(to: &draft)
        #expect(draft.title == "Call Bob" && draft.tags == ["sales", "Big"] && draft.depends == [4])
        #expect(draft.project == "Work" && draft.priority == .high && draft.recurrence == .weekly)
    }

    @Test func wordsThatOnlyLookLikeKeysStayInTheTitle() throws {
        let inline = try parse("Meet at 10:30 Re: budget note:x http://example.com -v C++")
        #expect(
            inline.titleWords == ["Meet", "at", "10:30", "Re:", "budget", "note:x", "http://example.com", "-v", "C++"])
        #expect(inline.setsNoField)
        let literal = try parse("Title -- due:fri +tag")
        #expect(literal.titleWords == ["Title", "due:fri", "+tag"] && literal.setsNoField)
    }

    @Test func editingRemovesAndClears() throws {
        let inline = try parse("-old +new due: wait: project: dep:-4 repeat:none pri:", editing: true)
        #expect(inline.titleWords == [] && inline.removeTags == ["old"] && inline.addTags == ["new"])
        #expect(
            inline.due == .clear && inline.wait == .clear && inline.project == .clear && inline.recurrence == .clear)
        #expect(inline.removeDepends == [4] && inline.priority == Priority.none)
        var patch = TodoPatch()
        inline.apply(to: &patch)
        #expect(patch.title == nil && patch.removeTags == ["old"] && patch.due == .clear && patch.removeDepends == [4])
        let cleared = try parse("dep:", editing: true)
        #expect(cleared.clearDepends)
        // `none` clears as an empty value does, in any case, when editing.
        let none = try parse("due:none wait:NONE scheduled:None project:none dep:none", editing: true)
        #expect(none.due == .clear && none.wait == .clear && none.scheduled == .clear && none.project == .clear)
        #expect(none.clearDepends && none.titleWords == [])
        var retitled = TodoPatch()
        try parse("New title +x", editing: true).apply(to: &retitled)
        #expect(retitled.title == "New title" && retitled.addTags == ["x"])
    }

    @Test func aBadValueIsAnErrorNamingTheWord() {
        let cases = [
            "due:someday", "wait:15/01/2030", "pri:urgent", "project:Two..Dots", "repeat:sometimes", "dep:x",
            "dep:0", "dep:4,", "due:", "dep:-4", "due:none", "dep:none",
        ]
        for word in cases {
            #expect(throws: TodoError.self, "\(word)") { try parse("x \(word)") }
            let error = todoError { try parse("x \(word)") }
            #expect(error?.category == .invalidInput, "\(word)")
            #expect(error?.description.hasPrefix("'\(word)': ") == true, "\(word): \(String(describing: error))")
        }
        #expect(todoError { try parse("x +two,tags") } == .invalidTag("two,tags"))
    }

    @Test(arguments: [
        ("f due:fri due:mon", false, "'due:mon': the due date is given twice, here and as 'due:fri'; give it once"),
        ("f due:fri DUE:fri", false, "'DUE:fri': the due date is given twice, here and as 'due:fri'; give it once"),
        ("pri:h pri:l", true, "'pri:l': the priority is given twice, here and as 'pri:h'; give it once"),
        ("pri:h priority:", true, "'priority:': the priority is given twice, here and as 'pri:h'; give it once"),
        ("x wait:+2d wait:+3d", false, "'wait:+3d': the wait day is given twice, here and as 'wait:+2d'; give it once"),
        (
            "x sched:mon scheduled:tue", false,
            "'scheduled:tue': the scheduled day is given twice, here and as 'sched:mon'; give it once"
        ),
        ("x pro:A project:B", false, "'project:B': the project is given twice, here and as 'pro:A'; give it once"),
        (
            "repeat:daily recur:none", true,
            "'recur:none': the recurrence is given twice, here and as 'repeat:daily'; give it once"
        ),
        ("due: due:mon", true, "'due:mon': the due date is given twice, here and as 'due:'; give it once"),
    ])
    func aFieldGivenTwiceInlineIsRefusedNamingBothWords(line: String, editing: Bool, message: String) {
        let error = todoError { try parse(line, editing: editing) }
        #expect(error?.description == message)
        #expect(error?.category == .invalidInput)
    }

    @Test func tagsAndDependenciesMayBeGivenSeveralTimes() throws {
        let inline = try parse("x +a +a +b dep:4 dep:5 -- due:fri due:mon")
        #expect(inline.addTags == ["a", "a", "b"] && inline.addDepends == [4, 5])
        #expect(inline.titleWords == ["x", "due:fri", "due:mon"] && inline.due == nil)
        let edit = try parse("-a -a dep:-4 dep:5", editing: true)
        #expect(edit.removeTags == ["a", "a"] && edit.removeDepends == [4] && edit.addDepends == [5])
    }
}
