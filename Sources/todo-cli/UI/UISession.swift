import TodoCore

/// `todo ui` without the terminal: the live reactors (a list, the counts, a row for the
/// selected todo, the form while it is open), the UI's state, and the screen they make.
///
/// Keys go through ``UIState/handle(_:in:)``; the reactor actions it returns are sent here,
/// and the reactors' new states are read back (the selection follows the todo it was on,
/// messages report outcomes and errors). Every change goes through the reactors: the session
/// holds no todo rule of its own. Everything runs on the calling thread.
///
/// ```swift
/// let session = UISession(shell: shell, alerts: alerts, size: TerminalSize(rows: 24, columns: 80))
/// session.handle([.character("a")])
/// session.frame().text   // the screen, with the form open
/// ```
final class UISession {
    /// The provider and the live reactors.
    let shell: AppShell<TodoServiceProvider>
    /// Where the reactors' questions wait for an answer.
    let alerts: UIAlertService
    /// The list.
    let list: TodoListReactor
    /// The counts.
    let stats: TodoStatsReactor
    /// The active context (config `context`): the list shows only its todos, whatever the
    /// filters typed.
    let activeContext: TodoConfig.Context?
    /// The selected todo's row, for the detail pane.
    private(set) var row: TodoRowReactor?
    /// The form, while it is open.
    private(set) var form: TodoEditReactor?
    /// What the UI shows besides the reactors' states.
    private(set) var state = UIState()
    /// The list pane's rows, rebuilt when the list changes.
    private(set) var layout = ListLayout(todos: [])
    /// The terminal's size.
    private(set) var size: TerminalSize
    /// Which todos of the store are blocked (read again when the list changes and one of its
    /// open todos has dependencies).
    private(set) var relations = TodoRelations.none
    /// Whether the whole screen must be drawn again (asked for with Ctrl-L).
    var needsRedraw = false
    /// Whether the user asked to suspend (Ctrl-Z).
    var needsSuspend = false

    /// The projects view's tree, read when it is shown.
    private(set) var projects: SummaryReport?
    /// The calendar view's month, read when it is shown.
    private(set) var calendar: CalendarReport?

    private var listChanged = true
    private var reportsStale = true
    private var reportsView: UIState.View?
    private var selectedID: Int?
    private var pendingQuery: TodoQuery?
    private var seen = SeenPulses()
    private var shownAlert: Alert?
    private var subscription: Disposable?

    /// Starts the session: makes the reactors through `shell` and fetches the list and the
    /// counts (`query` chooses the todos first shown: all of them by default), narrowed by
    /// `activeContext` as `todo list` is.
    init(
        shell: AppShell<TodoServiceProvider>, alerts: UIAlertService, size: TerminalSize,
        query: TodoQuery = TodoQuery(status: .all), activeContext: TodoConfig.Context? = nil
    ) {
        self.shell = shell
        self.alerts = alerts
        self.size = size
        self.activeContext = activeContext
        var query = query
        if let activeContext { query.filter = activeContext.filter.and(query.filter) }
        list = shell.make { TodoListReactor(provider: $0, query: query, deleteConfirmation: .always) }
        stats = shell.make { TodoStatsReactor(provider: $0) }
        subscription = list.state.subscribe(onNext: { [weak self] _ in
            self?.listChanged = true
            self?.reportsStale = true
        })
        list.send(.refresh)
        stats.send(.refresh)
        seen.list = list.currentState.$error.valueUpdatedCount
        seen.outcome = list.currentState.$outcome.valueUpdatedCount
        seen.stats = stats.currentState.$error.valueUpdatedCount
        sync(.followID)
        followSelectionInDetail()
    }

    /// The error the list or the counts met when first fetched (the store cannot be read).
    var startError: TodoError? {
        list.currentState.error ?? stats.currentState.error
    }

    /// Whether the user asked to quit.
    var isQuitting: Bool { state.isQuitting }

    /// Handles the keys of one read, in order. Typing into the search sends the new query
    /// once for the whole read, not once per key.
    func handle(_ keys: [Key]) {
        for key in keys {
            guard !state.isQuitting else { break }
            if pendingQuery != nil, !isSearchTyping(key) { flushQuery() }
            let effects = state.handle(key, in: context())
            for effect in effects {
                if case .list(.setQuery(let query)) = effect, case .search = state.mode {
                    pendingQuery = query
                    continue
                }
                flushQuery()
                perform(effect)
            }
            sync(.keepIndex)
        }
        flushQuery()
        sync(.keepIndex)
        followSelectionInDetail()
        readReports()
    }

    /// Reads the reactors' states again after a change that did not come from a key (another
    /// process wrote the store, and the watcher published it).
    func refresh() {
        sync(.followID)
        followSelectionInDetail()
        reportsStale = true
        readReports()
    }

    /// Lays the screen out for a new terminal size.
    func resize(to size: TerminalSize) {
        self.size = size
        sync(.keepIndex)
    }

    /// Gives up: answers the questions waiting with their cancelling answer, and releases the
    /// reactors.
    func tearDown() {
        alerts.cancelAll()
        subscription?.dispose()
        shell.tearDown()
    }

    /// The screen now.
    func frame() -> ScreenFrame {
        UIScreen(
            UIScreen.Input(
                size: size, list: list.currentState, layout: layout, stats: stats.currentState,
                detail: row?.currentState, form: form?.currentState, alert: alerts.current, ui: state,
                clock: shell.provider.clock, relations: relations, contextName: activeContext?.name,
                projects: projects, calendar: calendar)
        ).render()
    }

    /// What key handling reads.
    private func context() -> UIContext {
        UIContext(
            layout: layout, query: pendingQuery ?? list.currentState.query,
            pageSize: UIScreenLayout(size: size).listHeight,
            helpMaxScroll: state.mode.isHelp ? UIScreen.helpMaxScroll(size: size) : 0,
            tags: stats.currentState.stats.map { $0.tags.keys.sorted() } ?? [], alert: alerts.current,
            formPriority: form?.currentState.fields.priority ?? .none,
            contextFilter: activeContext?.filter ?? .everything, projects: projects?.lines.map(\.project) ?? [])
    }

    /// Whether `key` only types into the search (so its query can wait for the next key).
    private func isSearchTyping(_ key: Key) -> Bool {
        guard case .search = state.mode, alerts.current == nil else { return false }
        return key.text != nil || UIKeymap.text.action(for: key) != nil
    }

    /// Sends the search typed so far.
    private func flushQuery() {
        guard let query = pendingQuery else { return }
        pendingQuery = nil
        list.send(.setQuery(query))
        sync(.keepIndex)
    }

    /// Carries out one effect of a key.
    private func perform(_ effect: UIEffect) {
        switch effect {
        case .list(let action):
            let before = list.currentState.query
            list.send(action)
            switch action {
            case .toggleDone, .delete, .clearCompleted: sync(.keepIndex)
            case .setQuery(let query)
            where query.search != before.search || query.tag != before.tag || query.filter != before.filter:
                sync(.keepIndex)
            default: sync(.followID)
            }
        case .openForm(let mode):
            if let form { shell.release(form) }
            let form = shell.make { TodoEditReactor(provider: $0, mode: mode) }
            self.form = form
            seen.form = form.currentState.$error.valueUpdatedCount
        case .form(let action):
            form?.send(action)
            sync(.followID)
        case .answer(let action):
            alerts.answer(action)
            sync(.keepIndex)
        case .redraw:
            needsRedraw = true
        case .suspend:
            needsSuspend = true
        }
    }

    /// How the selection moves when the list changes.
    private enum SelectionPolicy {
        /// It stays on the todo it was on, wherever that went.
        case followID
        /// It stays at the same place (the next todo comes under it after a delete).
        case keepIndex
    }

    /// Reads the reactors' states back: the list's rows, the selection and scroll, a form
    /// that closed, new messages, a new question, the detail row.
    private func sync(_ policy: SelectionPolicy) {
        if listChanged {
            listChanged = false
            layout = ListLayout(todos: list.currentState.todos)
            readRelations()
            if policy == .followID, let id = selectedID, let selection = layout.selection(ofID: id) {
                state.selection = selection
            }
        }
        if let form, form.currentState.isDismissed { closeForm(form) }
        readMessages()
        if alerts.current != shownAlert {
            shownAlert = alerts.current
            state.alertChoice = shownAlert?.actions.firstIndex { $0.style == .cancel } ?? 0
        }
        state.selection = max(0, min(state.selection, layout.todoCount - 1))
        selectedID = layout.todo(at: state.selection)?.id
        let screen = UIScreenLayout(size: size)
        state.scroll(
            toShow: layout.row(ofSelection: state.selection), height: screen.listHeight, rowCount: layout.rowCount)
    }

    /// Builds the projects view's tree and the calendar view's month (TodoCore's reports over
    /// the todos of the active context) when one of them is shown and the todos changed.
    private func readReports() {
        guard state.view == .projects || state.view == .calendar else { return }
        guard reportsStale || reportsView != state.view else { return }
        reportsStale = false
        reportsView = state.view
        var query = TodoQuery(status: .all)
        query.filter = activeContext?.filter ?? .everything
        var todos: [Todo] = []
        _ = shell.provider.todoService.fetch(query).subscribe(onNext: { todos = $0 })
        let today = list.currentState.today
        projects = SummaryReport(todos: todos, now: shell.provider.clock.now())
        calendar = CalendarReport(
            todos: todos, from: CalendarMonth(containing: today), today: today, weekStart: shell.provider.weekStart)
    }

    /// Reads which todos are blocked from the store, when an open todo of the list depends on
    /// others (the blocked mark); none otherwise, without reading.
    private func readRelations() {
        guard list.currentState.todos.contains(where: { !$0.depends.isEmpty && !$0.isDone }) else {
            relations = .none
            return
        }
        _ = shell.provider.todoService.context().subscribe(onNext: { [weak self] in self?.relations = $0.relations })
    }

    /// The form was saved or cancelled: back to the list, on the saved todo.
    private func closeForm(_ form: TodoEditReactor) {
        let formState = form.currentState
        shell.release(form)
        self.form = nil
        if case .form = state.mode { state.mode = .browse }
        guard let saved = formState.savedTodo else { return }
        if case .new = formState.mode {
            state.message = UIMessage(text: "Added \(OutcomeText.label(saved))")
        } else {
            state.message = UIMessage(text: "Saved \(OutcomeText.label(saved))")
        }
        if let selection = layout.selection(ofID: saved.id) { state.selection = selection }
    }

    /// Turns new outcomes and errors of the reactors into the message line.
    private func readMessages() {
        let listState = list.currentState
        if listState.$outcome.valueUpdatedCount != seen.outcome {
            seen.outcome = listState.$outcome.valueUpdatedCount
            if let outcome = listState.outcome { state.message = UIMessage(text: OutcomeText.summary(outcome)) }
        }
        var errors: [TodoError?] = []
        if listState.$error.valueUpdatedCount != seen.list {
            seen.list = listState.$error.valueUpdatedCount
            errors.append(listState.error)
        }
        let statsState = stats.currentState
        if statsState.$error.valueUpdatedCount != seen.stats {
            seen.stats = statsState.$error.valueUpdatedCount
            errors.append(statsState.error)
        }
        if let rowState = row?.currentState, rowState.$error.valueUpdatedCount != seen.row {
            seen.row = rowState.$error.valueUpdatedCount
            errors.append(rowState.error)
        }
        if let formState = form?.currentState, formState.$error.valueUpdatedCount != seen.form {
            seen.form = formState.$error.valueUpdatedCount
            errors.append(formState.error)
        }
        if let error = errors.compactMap({ $0 }).last {
            state.message = UIMessage(text: error.cliMessage, isError: true)
        }
    }

    /// Makes the row reactor follow the selected todo (once per read of keys, not per key:
    /// holding `j` down makes no reactor per row passed).
    private func followSelectionInDetail() {
        guard let todo = layout.todo(at: state.selection) else {
            if let row { shell.release(row) }
            row = nil
            return
        }
        guard row?.currentState.id != todo.id else { return }
        if let row { shell.release(row) }
        let row = shell.make { TodoRowReactor(provider: $0, todo: todo) }
        _ = row.state  // builds the state stream, which follows the bus
        self.row = row
        seen.row = row.currentState.$error.valueUpdatedCount
    }
}

/// The pulse counts of the reactors' outcomes and errors already shown.
private struct SeenPulses {
    var outcome: UInt = 0
    var list: UInt = 0
    var stats: UInt = 0
    var row: UInt = 0
    var form: UInt = 0
}
