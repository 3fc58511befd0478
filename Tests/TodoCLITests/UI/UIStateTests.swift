import Testing
import TodoCore

@testable import todo_cli

/// Key handling as a pure function: the state and the key in, the new state and the reactor
/// actions out.
@Suite struct UIStateTests {
    let todos = sampleTodos  // shown: 1, 2, 4 pending, then 3 done

    func context(
        _ todos: [Todo]? = nil, query: TodoQuery = TodoQuery(status: .all), alert: Alert? = nil,
        tags: [String] = ["home", "shop", "work"], priority: Priority = .none
    ) -> UIContext {
        UIContext(
            layout: ListLayout(todos: query.apply(to: todos ?? self.todos, today: uiToday)), query: query,
            pageSize: 10, helpMaxScroll: 5, tags: tags, alert: alert, formPriority: priority)
    }

    /// Sends `keys`; returns every effect.
    func press(_ keys: [Key], _ state: inout UIState, in context: UIContext) -> [UIEffect] {
        keys.flatMap { state.handle($0, in: context) }
    }

    func typing(_ text: String) -> [Key] { text.map(Key.character) }

    @Test func movingTheSelection() {
        var state = UIState()
        let context = context()
        _ = press([.down, .character("j")], &state, in: context)
        #expect(state.selection == 2)
        _ = press([.down, .down, .down], &state, in: context)
        #expect(state.selection == 3, "it stops at the last todo")
        _ = press([.character("k")], &state, in: context)
        #expect(state.selection == 2)
        _ = press([.character("g")], &state, in: context)
        #expect(state.selection == 0)
        _ = press([.character("G")], &state, in: context)
        #expect(state.selection == 3)
        _ = press([.home, .pageDown], &state, in: context)
        #expect(state.selection == 3)
        _ = press([.pageUp], &state, in: context)
        #expect(state.selection == 0)
        var empty = UIState()
        _ = press([.down, .character("G")], &empty, in: self.context([]))
        #expect(empty.selection == 0)
    }

    @Test func actionsOnTheSelectedTodo() {
        var state = UIState(selection: 1)
        let context = context()
        #expect(state.handle(.character(" "), in: context) == [.list(.toggleDone(id: 2))])
        #expect(state.handle(.character("d"), in: context) == [.list(.delete(ids: [2], confirmed: false))])
        #expect(state.handle(.delete, in: context) == [.list(.delete(ids: [2], confirmed: false))])
        #expect(state.handle(.character("u"), in: context) == [.list(.undo)])
        #expect(state.handle(.character("C"), in: context) == [.list(.clearCompleted(confirmed: false))])
        state.selection = 3
        #expect(state.handle(.character(" "), in: context) == [.list(.toggleDone(id: 3))], "the done todo")
    }

    @Test func nothingToActOnSaysSo() {
        var state = UIState()
        #expect(state.handle(.character(" "), in: context([])) == [])
        #expect(state.message?.text == "No todo here: a adds one")
        #expect(state.handle(.character("e"), in: context([])) == [])
        #expect(state.mode == .browse)
    }

    @Test func addAndEditOpenTheForm() {
        var state = UIState()
        #expect(state.handle(.character("a"), in: context()) == [.openForm(.new)])
        #expect(state.mode == .form(FormState(TodoEditFields())))
        var editing = UIState()
        #expect(editing.handle(.character("e"), in: context()) == [.openForm(.edit(todos[0]))])
        guard case .form(let form) = editing.mode else { Issue.record("no form"); return }
        #expect(form[.title]?.text == "Buy milk")
        #expect(form[.due]?.text == "2030-01-08")
        #expect(form[.tags]?.text == "shop")
        #expect(form[.note]?.text == "Two litres, the organic one.")
        #expect(form.focus == .title)
    }

    @Test func typingInTheFormGoesToTheEditReactor() {
        var state = UIState()
        _ = state.handle(.character("a"), in: context())
        #expect(press(typing("Hi"), &state, in: context()) == [.form(.setTitle("H")), .form(.setTitle("Hi"))])
        #expect(state.handle(.backspace, in: context()) == [.form(.setTitle("H"))])
        #expect(state.handle(.left, in: context()) == [], "moving the cursor changes nothing")
        #expect(state.handle(.tab, in: context()) == [])
        #expect(press(typing("n"), &state, in: context()) == [.form(.setNote("n"))])
        #expect(state.handle(.backspace, in: context()) == [.form(.setNote(nil))], "an empty note is none")
        _ = state.handle(.down, in: context())  // priority
        #expect(state.handle(.right, in: context(priority: .none)) == [.form(.setPriority(.low))])
        #expect(state.handle(.left, in: context(priority: .low)) == [.form(.setPriority(.none))])
        #expect(state.handle(.character("h"), in: context()) == [.form(.setPriority(.high))])
        #expect(state.handle(.character("n"), in: context(priority: .high)) == [.form(.setPriority(.none))])
        #expect(state.handle(.character(" "), in: context(priority: .high)) == [.form(.setPriority(.none))])
        #expect(state.handle(.character("x"), in: context()) == [])
        _ = state.handle(.tab, in: context())  // due
        #expect(press(typing("fri"), &state, in: context()).last == .form(.setDueText("fri")))
        _ = state.handle(.tab, in: context())  // tags
        #expect(press(typing("a,b c"), &state, in: context()).last == .form(.setTags(["a", "b", "c"])))
        _ = state.handle(.tab, in: context())  // repeat
        #expect(press(typing("2w"), &state, in: context()).last == .form(.setRecurrenceText("2w")))
        _ = state.handle(.tab, in: context())
        guard case .form(let form) = state.mode else { Issue.record("no form"); return }
        #expect(form.focus == .title, "Tab goes round")
        _ = state.handle(.backTab, in: context())
        guard case .form(let back) = state.mode else { Issue.record("no form"); return }
        #expect(back.focus == .recurrence)
        #expect(state.handle(.enter, in: context()) == [.form(.submit)])
        #expect(state.handle(.escape, in: context()) == [.form(.cancel)])
        #expect(state.handle(.character("q"), in: context()).count == 1, "q is text in a form")
        #expect(!state.isQuitting)
    }

    @Test func searchFollowsTheTyping() throws {
        var state = UIState(selection: 2)
        let all = TodoQuery(status: .all)
        #expect(state.handle(.character("/"), in: context()) == [])
        #expect(state.mode == .search(TextField()))
        var query = all
        query.filter = try TodoFilter(parsing: ["m"])
        #expect(state.handle(.character("m"), in: context()) == [.list(.setQuery(query))])
        #expect(state.selection == 0)
        query.filter = try TodoFilter(parsing: ["mi", "oat"])
        #expect(press(typing("i oat"), &state, in: context(query: query)).last == .list(.setQuery(query)))
        #expect(state.handle(.enter, in: context(query: query)) == [])
        #expect(state.mode == .browse, "Enter keeps the search")
        #expect(state.handle(.character("/"), in: context(query: query)) == [])
        #expect(state.mode == .search(TextField("mi oat")), "the search to refine")
        #expect(state.handle(.escape, in: context(query: query)) == [.list(.setQuery(all))], "Esc clears it")
        #expect(state.mode == .browse)
        #expect(state.filterText == "")
    }

    @Test func searchTakesTheFilterLanguage() throws {
        var state = UIState()
        var query = TodoQuery(status: .all)
        query.filter = try TodoFilter(parsing: ["+shop", "or", "priority:high"])
        let effects = press([.character("/")] + typing("+shop or priority:high"), &state, in: context())
        #expect(effects.last == .list(.setQuery(query)))
        #expect(state.filterText == "+shop or priority:high")
        #expect(state.filterError == nil)
    }

    @Test func aTermThatDoesNotParseLeavesTheListAndSaysWhy() throws {
        var state = UIState()
        var query = TodoQuery(status: .all)
        query.filter = try TodoFilter(parsing: ["+shop"])
        _ = press([.character("/")] + typing("+shop"), &state, in: context())
        _ = press(typing(" prioity:"), &state, in: context(query: query))
        #expect(state.handle(.character("h"), in: context(query: query)) == [])
        #expect(state.filterError?.contains("prioity") == true)
        #expect(state.filterText == "+shop prioity", "the list keeps the last filter that parsed")
        #expect(state.handle(.enter, in: context(query: query)) == [])
        #expect(state.filterError == nil)
        #expect(state.message?.isError == true)
        #expect(state.message?.text.contains("prioity") == true)
    }

    @Test func theActiveContextStaysThroughTheFilters() throws {
        var state = UIState()
        let work = try TodoFilter(parsing: ["+work"])
        var base = TodoQuery(status: .all)
        base.filter = work
        var ctx = context(query: base)
        ctx.contextFilter = work
        var query = base
        query.filter = work.and(try TodoFilter(parsing: ["q"]))
        #expect(press([.character("/"), .character("q")], &state, in: ctx).last == .list(.setQuery(query)))
        ctx.query = query
        #expect(state.handle(.escape, in: ctx) == [.list(.setQuery(base))])
        ctx.query = base
        #expect(state.handle(.escape, in: ctx) == [], "the context is no filter to clear")
    }

    @Test func theViewSwitcherShowsNextAndGivesTheListItsOrderBack() {
        var state = UIState(selection: 2)
        let all = TodoQuery(status: .all, sort: .due)
        var next = all
        next.status = .pending
        next.sort = .urgency
        #expect(state.handle(.tab, in: context(query: all)) == [.list(.setQuery(next))])
        #expect(state.view == .next)
        #expect(state.selection == 0)
        #expect(state.handle(.tab, in: context(query: next)) == [.list(.setQuery(all))], "projects: the order back")
        #expect(state.view == .projects)
        #expect(state.handle(.character("4"), in: context(query: all)) == [])
        #expect(state.view == .calendar)
        #expect(state.handle(.character(" "), in: context(query: all)) == [], "no list keys in the calendar")
        #expect(state.handle(.backTab, in: context(query: all)) == [])
        #expect(state.view == .projects)
        #expect(state.handle(.character("1"), in: context(query: all)) == [])
        #expect(state.view == .list)
    }

    @Test func enterOnAProjectFiltersTheList() throws {
        var state = UIState()
        var ctx = context()
        ctx.projects = ["Home", "Home.Garden", nil]
        _ = state.handle(.character("3"), in: ctx)
        _ = state.handle(.character("j"), in: ctx)
        #expect(state.projectSelection == 1)
        var query = TodoQuery(status: .all)
        query.filter = try TodoFilter(parsing: ["project:Home.Garden"])
        #expect(state.handle(.enter, in: ctx) == [.list(.setQuery(query))])
        #expect(state.view == .list)
        #expect(state.filterText == "project:Home.Garden")
        _ = state.handle(.character("3"), in: ctx)
        _ = press([.character("G"), .enter], &state, in: ctx)
        #expect(state.view == .projects, "(none) is no project to filter by")
        #expect(state.message?.text.contains("no project") == true)
    }

    @Test func escapeInTheListClearsTheFilters() {
        var state = UIState()
        let filtered = TodoQuery(status: .all, search: ["milk"], tag: "shop")
        #expect(state.handle(.escape, in: context(query: filtered)) == [.list(.setQuery(TodoQuery(status: .all)))])
        #expect(state.handle(.escape, in: context()) == [], "nothing to clear")
    }

    @Test func theTagPromptCompletesAndFilters() {
        var state = UIState()
        _ = state.handle(.character("t"), in: context())
        #expect(state.handle(.tab, in: context()) == [])
        #expect(state.mode == .tagPrompt(TextField("home"), completion: .init(prefix: "", index: 0)))
        _ = state.handle(.tab, in: context())
        #expect(state.mode == .tagPrompt(TextField("shop"), completion: .init(prefix: "", index: 1)))
        _ = state.handle(.control("u"), in: context())
        _ = press(typing("w"), &state, in: context())
        _ = state.handle(.tab, in: context())
        #expect(state.mode == .tagPrompt(TextField("work"), completion: .init(prefix: "w", index: 0)))
        #expect(state.handle(.enter, in: context()) == [.list(.setQuery(TodoQuery(status: .all, tag: "work")))])
        #expect(state.mode == .browse)
        // an empty tag removes the filter; the same tag changes nothing; Esc keeps it
        let tagged = TodoQuery(status: .all, tag: "work")
        _ = state.handle(.character("t"), in: context(query: tagged))
        _ = state.handle(.control("u"), in: context(query: tagged))
        #expect(state.handle(.enter, in: context(query: tagged)) == [.list(.setQuery(TodoQuery(status: .all)))])
        _ = state.handle(.character("t"), in: context(query: tagged))
        #expect(state.handle(.enter, in: context(query: tagged)) == [])
        _ = state.handle(.character("t"), in: context(query: tagged))
        _ = press(typing("zz"), &state, in: context(query: tagged))
        #expect(state.handle(.escape, in: context(query: tagged)) == [])
        _ = state.handle(.character("t"), in: context())
        _ = press(typing("+Shop"), &state, in: context())
        #expect(state.handle(.enter, in: context()) == [.list(.setQuery(TodoQuery(status: .all, tag: "Shop")))])
        _ = state.handle(.character("t"), in: context())
        _ = press(typing("x"), &state, in: context())
        _ = state.handle(.tab, in: context())
        #expect(state.message?.text == "No tag starts with x")
    }

    @Test func sortAndStatusGoRound() {
        var state = UIState()
        var query = TodoQuery(status: .all)
        for sort in [TodoQuery.Sort.due, .priority, .created, .urgency, .position] {
            let effects = state.handle(.character("s"), in: context(query: query))
            query.sort = sort
            #expect(effects == [.list(.setQuery(query))])
        }
        for status in [TodoQuery.Status.pending, .done, .all] {
            let effects = state.handle(.character("v"), in: context(query: query))
            query.status = status
            #expect(effects == [.list(.setQuery(query))])
        }
    }

    @Test func movingATodoInTheManualOrder() {
        var state = UIState(selection: 1)
        #expect(state.handle(.character("J"), in: context()) == [.list(.move(id: 2, to: 3))])
        #expect(state.handle(.character("K"), in: context()) == [.list(.move(id: 2, to: 1))])
        state.selection = 0
        #expect(state.handle(.character("K"), in: context()) == [], "already first")
        state.selection = 2
        #expect(state.handle(.character("J"), in: context()) == [], "already last of the pending ones")
        state.selection = 3
        #expect(state.handle(.character("K"), in: context()) == [], "the only done todo")
        state.selection = 0
        let sorted = TodoQuery(status: .all, sort: .due)
        #expect(state.handle(.character("J"), in: context(query: sorted)) == [])
        #expect(state.message?.text.hasPrefix("J and K move todos in the whole list sorted by position") == true)
    }

    @Test func theConfirmationHasTheKeys() {
        let leave = AlertAction(title: "Leave", style: .destructive)
        let stay = AlertAction(title: "Stay", style: .cancel)
        let alert = Alert(title: "Really cancel?", message: "All changes will be lost", actions: [leave, stay])
        var state = UIState(alertChoice: 1)
        let context = context(alert: alert)
        #expect(state.handle(.character("y"), in: context) == [.answer(leave)])
        #expect(state.handle(.character("n"), in: context) == [.answer(stay)])
        #expect(state.handle(.escape, in: context) == [.answer(stay)])
        #expect(state.handle(.enter, in: context) == [.answer(stay)], "the chosen answer: the safe one first")
        #expect(state.handle(.tab, in: context) == [])
        #expect(state.alertChoice == 0)
        #expect(state.handle(.enter, in: context) == [.answer(leave)])
        #expect(state.handle(.character("S"), in: context) == [.answer(stay)], "an answer's first letter")
        #expect(state.handle(.character("l"), in: context) == [.answer(leave)])
        #expect(state.handle(.character("j"), in: context) == [], "the list does not move under a question")
        #expect(state.handle(.character("q"), in: context) == [])
        #expect(!state.isQuitting)
    }

    @Test func ctrlCQuitsFromAnywhere() {
        for mode in [UIState.Mode.browse, .help(scroll: 0), .search(TextField()), .form(FormState(TodoEditFields()))] {
            var state = UIState(mode: mode)
            #expect(state.handle(.control("c"), in: context()) == [])
            #expect(state.isQuitting)
        }
        var asked = UIState()
        _ = asked.handle(.control("c"), in: context(alert: Alert(title: "?", actions: [AlertAction(title: "OK")])))
        #expect(asked.isQuitting)
        var quitting = UIState()
        _ = quitting.handle(.character("q"), in: context())
        #expect(quitting.isQuitting)
    }

    @Test func redrawAndSuspend() {
        var state = UIState()
        #expect(state.handle(.control("l"), in: context()) == [.redraw])
        #expect(state.handle(.control("z"), in: context()) == [.suspend])
    }

    @Test func helpScrollsThenCloses() {
        var state = UIState()
        _ = state.handle(.character("?"), in: context())
        #expect(state.mode == .help(scroll: 0))
        _ = press([.down, .character("j"), .pageDown], &state, in: context())
        #expect(state.mode == .help(scroll: 5), "no further than the end")
        _ = state.handle(.up, in: context())
        #expect(state.mode == .help(scroll: 4))
        #expect(state.handle(.character("a"), in: context()) == [], "a closes help, adds nothing")
        #expect(state.mode == .browse)
    }

    @Test func aKeyClearsTheLastMessage() {
        var state = UIState(message: UIMessage(text: "Completed 1: Buy milk"))
        _ = state.handle(.down, in: context())
        #expect(state.message == nil)
    }
}
