import TodoCore
import TodoSync

/// `todo ui` without the terminal: the live reactors (the list, the next todos, the overview's
/// counts, projects and month, a row for the selected todo, the form while it is open), the UI's
/// state, and the screen they make.
///
/// Every reactor takes each change from the bus in time proportional to the change, so a key
/// costs as much at 100,000 todos as at 100; the next view's list is made once (after the first
/// frame, ``warmUp()``) and kept, so switching views reads nothing.
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
    /// The list view's list.
    let browseList: TodoListReactor
    /// The next view's list (pending todos by urgency), once made.
    private(set) var nextList: TodoListReactor?
    /// The counts, the blocked todos, the projects and the month, over the active context.
    let overview: TodoOverviewReactor
    /// The active context (config `context`): the list shows only its todos, whatever the
    /// filters typed.
    let activeContext: TodoConfig.Context?
    /// The selected todo's row, for the detail pane.
    private(set) var row: TodoRowReactor?
    /// The form, while it is open.
    private(set) var form: TodoEditReactor?
    /// What the UI shows besides the reactors' states.
    private(set) var state = UIState()
    /// The list pane's rows of the list view and of the next view, each rebuilt when its list
    /// changed and it is shown.
    private var browseLayout = ListLayout(todos: [])
    private var nextLayout = ListLayout(todos: [])
    /// The terminal's size.
    private(set) var size: TerminalSize
    /// Whether the whole screen must be drawn again (asked for with Ctrl-L).
    var needsRedraw = false
    /// Whether the user asked to suspend (Ctrl-Z).
    var needsSuspend = false
    /// The background sync (`sync.url`), whose status the status line shows; `nil` without one.
    let syncService: SyncServiceType?
    /// Whether the user asked for a sync (S), which the event loop starts.
    var needsSync = false
    /// Whether the message line should say how the sync asked for ended.
    private var syncAsked = false

    private var browseChanged = true
    private var nextChanged = true
    private var selectedID: Int?
    private var pendingQuery: TodoQuery?
    private var seen = SeenPulses()
    private var shownAlert: Alert?
    private var subscriptions: [Disposable] = []
    /// What the hooks said since the message line was last set.
    private var hookMessages: [HookMessage] = []

    /// Starts the session: makes the reactors through `shell` and fetches the list and the
    /// counts (`query` chooses the todos first shown: all of them by default), narrowed by
    /// `activeContext` as `todo list` is.
    init(
        shell: AppShell<TodoServiceProvider>, alerts: UIAlertService, size: TerminalSize,
        query: TodoQuery = TodoQuery(status: .all), activeContext: TodoConfig.Context? = nil,
        syncService: SyncServiceType? = nil
    ) {
        self.shell = shell
        self.syncService = syncService
        self.alerts = alerts
        self.size = size
        self.activeContext = activeContext
        var query = query
        if let activeContext { query.filter = activeContext.filter.and(query.filter) }
        browseList = shell.make { TodoListReactor(provider: $0, query: query, deleteConfirmation: .always) }
        let filter = activeContext?.filter ?? .everything
        overview = shell.make { TodoOverviewReactor(provider: $0, filter: filter) }
        subscriptions.append(browseList.state.subscribe(onNext: { [weak self] _ in self?.browseChanged = true }))
        if let hooks = shell.provider.hooks {
            subscriptions.append(hooks.messages.subscribe(onNext: { [weak self] in self?.hookMessages.append($0) }))
        }
        browseList.send(.refresh)
        overview.send(.refresh)
        seen.lists[ObjectIdentifier(browseList)] = Seen(browseList)
        seen.overview = overview.currentState.$error.valueUpdatedCount
        sync(.followID)
        followSelectionInDetail()
    }

    /// The list shown: the next view's in the next view, else the list view's.
    var list: TodoListReactor {
        state.view == .next ? nextList ?? browseList : browseList
    }

    /// The list pane's rows.
    var layout: ListLayout {
        state.view == .next && nextList != nil ? nextLayout : browseLayout
    }

    /// The counts (`nil` until counted).
    var stats: TodoStats? { overview.currentState.overview?.stats }
    /// Which todos of the store are blocked.
    var relations: TodoRelations { overview.currentState.overview?.relations ?? .none }
    /// The projects view's tree.
    var projects: SummaryReport? { overview.currentState.overview?.projects }
    /// The calendar view's month.
    var calendar: CalendarReport? { overview.currentState.overview?.calendar }

    /// The error the list or the counts met when first fetched (the store cannot be read).
    var startError: TodoError? {
        browseList.currentState.error ?? overview.currentState.error
    }

    /// Makes the next view's list (the todos the list shows, pending, by urgency) if it is not
    /// made yet, so that switching to it reads nothing: called once the first frame is drawn.
    func warmUp() {
        guard nextList == nil else { return }
        var query = browseList.currentState.query
        query.status = .pending
        query.sort = .urgency
        let next = shell.make { TodoListReactor(provider: $0, query: query, deleteConfirmation: .always) }
        subscriptions.append(next.state.subscribe(onNext: { [weak self] _ in self?.nextChanged = true }))
        next.send(.refresh)
        seen.lists[ObjectIdentifier(next)] = Seen(next)
        nextList = next
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
    }

    /// Reads the reactors' states again after a change that did not come from a key (another
    /// process wrote the store, and the watcher published it).
    func refresh() {
        sync(.followID)
        followSelectionInDetail()
    }

    /// Reads the reactors' states again after the sync published what it brought in; says how
    /// the sync asked for with S went.
    func syncDelivered() {
        refresh()
        guard syncAsked, let status = syncService?.status.latest else { return }
        switch status {
        case .synced(let report, _):
            state.message = UIMessage(text: SyncReportText(report: report, dryRun: false, verbose: false).summary)
            syncAsked = false
        case .failed(let failure):
            state.message = UIMessage(text: "Sync failed: " + failure.message.shownOnOneLine, isError: true)
            syncAsked = false
        case .idle, .syncing:
            break
        }
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
        for subscription in subscriptions { subscription.dispose() }
        subscriptions = []
        shell.tearDown()
    }

    /// The screen now.
    func frame() -> ScreenFrame {
        UIScreen(
            UIScreen.Input(
                size: size, list: list.currentState, layout: layout, stats: stats,
                detail: row?.currentState, form: form?.currentState, alert: alerts.current, ui: state,
                clock: shell.provider.clock, relations: relations, contextName: activeContext?.name,
                projects: projects, calendar: calendar, urgency: urgencyContext, sync: syncService?.status.latest)
        ).render()
    }

    /// What the next view's urgency column is worked out in: now, among the store's relations;
    /// `nil` in the other views.
    private var urgencyContext: TodoContext? {
        guard state.view == .next else { return nil }
        let provider = shell.provider
        return TodoContext(
            now: provider.clock.now(), clock: provider.clock, relations: relations,
            coefficients: provider.urgencyCoefficients)
    }

    /// What key handling reads.
    private func context() -> UIContext {
        UIContext(
            layout: layout, query: pendingQuery ?? list.currentState.query,
            pageSize: UIScreenLayout(size: size).listHeight,
            helpMaxScroll: state.mode.isHelp ? UIScreen.helpMaxScroll(size: size) : 0,
            tags: stats.map { $0.tags.keys.sorted() } ?? [], alert: alerts.current,
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
            if state.view == .next, nextList == nil { warmUp() }
            let list = self.list
            let before = list.currentState.query
            // Switching views asks each list for the query it already has: nothing to fetch.
            if case .setQuery(let query) = action, query == before { break }
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
            let context = activeContext
            let form = shell.make { TodoEditReactor(provider: $0, mode: mode, context: context) }
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
        case .sync:
            guard syncService != nil else {
                state.message = UIMessage(
                    text: "S syncs with sync.url, which is not set: todo config sync.url file:///path/to/folder "
                        + "(a vdir) or todo config sync.url https://server/path/ (CalDAV)",
                    isError: true)
                return
            }
            needsSync = true
            syncAsked = true
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
        if relayOut() {
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

    /// Lays out the rows of the list shown again when it changed; whether it did.
    private func relayOut() -> Bool {
        if state.view == .next, let nextList {
            guard nextChanged else { return false }
            nextChanged = false
            nextLayout = ListLayout(todos: nextList.currentState.list)
            return true
        }
        guard browseChanged else { return false }
        browseChanged = false
        browseLayout = ListLayout(todos: browseList.currentState.list)
        return true
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

    /// Turns new outcomes and errors of the reactors, and what the hooks said, into the message
    /// line.
    private func readMessages() {
        var errors: [TodoError?] = []
        for list in [browseList] + (nextList.map { [$0] } ?? []) {
            let listState = list.currentState
            var seen = self.seen.lists[ObjectIdentifier(list)] ?? Seen()
            if listState.$outcome.valueUpdatedCount != seen.outcome {
                seen.outcome = listState.$outcome.valueUpdatedCount
                if let outcome = listState.outcome { state.message = UIMessage(text: OutcomeText.summary(outcome)) }
            }
            if listState.$error.valueUpdatedCount != seen.error {
                seen.error = listState.$error.valueUpdatedCount
                errors.append(listState.error)
            }
            self.seen.lists[ObjectIdentifier(list)] = seen
        }
        let overviewState = overview.currentState
        if overviewState.$error.valueUpdatedCount != seen.overview {
            seen.overview = overviewState.$error.valueUpdatedCount
            errors.append(overviewState.error)
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
        readHookMessages()
    }

    /// Adds what the hooks said to the message line (after what the change did), as `todo`
    /// prints it on standard error.
    private func readHookMessages() {
        guard !hookMessages.isEmpty else { return }
        let said = hookMessages.map { $0.description.terminalSafe }
        let isError = hookMessages.contains(where: \.isError) || state.message?.isError == true
        hookMessages = []
        let text = ([state.message?.text].compactMap { $0 } + said).joined(separator: " · ")
        state.message = UIMessage(text: text, isError: isError)
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
    var lists: [ObjectIdentifier: Seen] = [:]
    var overview: UInt = 0
    var row: UInt = 0
    var form: UInt = 0
}

/// The pulse counts of one list's outcome and error already shown.
private struct Seen {
    var outcome: UInt = 0
    var error: UInt = 0

    init() {}

    /// What `list` holds now, as seen.
    init(_ list: TodoListReactor) {
        outcome = list.currentState.$outcome.valueUpdatedCount
        error = list.currentState.$error.valueUpdatedCount
    }
}
