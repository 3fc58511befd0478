#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The list of todos a query selects (RxTodo's task list, extended): refresh, filters,
/// search, sort, limit, adding, toggling, deleting, moving, clearing the done ones, undo, edit
/// mode, changing several todos at once, annotating, starting and stopping.
///
/// It follows the todo service's bus, so the list stays right whoever changes the todos —
/// this reactor, another one, or another process (through the store watcher's `reloaded`).
/// Destructive actions not yet confirmed ask the alert service first. Every service error
/// becomes ``State/error``; what an action did becomes ``State/outcome`` (the todo an
/// ``Action/create(_:)`` created, ``State/created``).
///
/// ```swift
/// let list = TodoListReactor(provider: provider, query: TodoQuery(status: .all))
/// list.send(.refresh)
/// list.send(.setDone(ids: [3], true))
/// list.currentState.outcome   // .completed(…)
/// list.send(.create(TodoDraft(title: "Buy milk", due: .today, tags: ["shop"])))
/// list.currentState.created   // the new todo, also in `todos` when the query selects it
/// ```
public final class TodoListReactor: Reactor {
    /// What a front end asks the list to do.
    public enum Action: Sendable, Equatable {
        /// Fetch the todos of the current query.
        case refresh
        /// Change the query (filters, search, sort, limit) and fetch.
        case setQuery(TodoQuery)
        /// Create a todo (at the end of the manual order) from a title and fields: the front end
        /// needs no form (`todo add`, or `todo log` with a draft created done). The new todo
        /// becomes ``State/created`` and the outcome ``TodoListOutcome/created(_:)``; the list
        /// shows it, through the bus, when its query selects it; a draft the service refuses (a blank title, an
        /// unknown dependency) becomes ``State/error``.
        case create(TodoDraft)
        /// Mark a todo done if it is pending, pending if it is done.
        case toggleDone(id: Int)
        /// Mark todos done (`true`) or not done.
        case setDone(ids: [Int], Bool)
        /// Delete todos; asks for confirmation unless `confirmed` (when several are deleted, or
        /// for every delete with ``DeleteConfirmation/always``).
        case delete(ids: [Int], confirmed: Bool)
        /// Move a todo to a 1-based position among the todos of its status.
        case move(id: Int, to: Int)
        /// Delete every done todo; asks for confirmation unless `confirmed`.
        case clearCompleted(confirmed: Bool)
        /// Undo the latest change.
        case undo
        /// Add todos read from a file (merging by uuid).
        case importTodos([ImportedTodo])
        /// Enter or leave edit mode (where a front end offers reordering and deleting).
        case setEditing(Bool)
        /// Change the same fields of several todos, all or none, in one change.
        case update(ids: [Int], TodoPatch)
        /// Add an annotation to todos, all or none, in one change.
        case annotate(ids: [Int], text: String)
        /// Remove one annotation of a todo: its number (1 is the oldest) or its text.
        case denotate(id: Int, annotation: String)
        /// Start work on todos, all or none, in one change.
        case start(ids: [Int])
        /// Stop work on todos, all or none, in one change.
        case stop(ids: [Int])
    }

    /// A change to the state.
    public enum Mutation: Sendable, Equatable {
        /// Starts or ends loading.
        case setLoading(Bool)
        /// Replaces the query.
        case setQuery(TodoQuery)
        /// Replaces the loaded todos, as of `today`; `omitted` counts those the query's limit
        /// left out.
        case setTodos([Todo], today: CalendarDay, omitted: Counts = Counts())
        /// A change from the bus, applied to the loaded todos.
        case apply(TodoEvent)
        /// A change from the bus, applied to loaded todos sorted by urgency: the changed todos, and
        /// those whose blocked or blocking state it changed, placed again by their urgency at
        /// `now` among the store's `relations` after the change.
        case rank(TodoEvent, relations: TodoRelations, now: Date)
        /// Records the store's relations the urgencies of a list sorted by urgency were worked
        /// out with.
        case setRelations(TodoRelations)
        /// Enters or leaves edit mode.
        case setEditing(Bool)
        /// Records what the last action did.
        case setOutcome(TodoListOutcome)
        /// Records the todo ``Action/create(_:)`` created.
        case setCreated(Todo)
        /// Records the error the last action ended with.
        case setError(TodoError)
    }

    /// What the list shows.
    public struct State: Sendable, Equatable {
        /// The query the todos answer.
        public var query: TodoQuery
        /// The todos the query selects, in its order (empty until loaded), in chunks: a change
        /// copies one chunk, not the list. ``todos`` is the same as an array.
        public var list: ChunkedTodos = []
        /// The todos the query selects, in its order (empty until loaded): ``list`` as an array
        /// (no copy until the bus changed the list; O(n) after that).
        public var todos: [Todo] {
            get { list.array }
            set { list = ChunkedTodos(newValue) }
        }
        /// How many todos pass the query's filters but were left out by its limit (none
        /// without a limit).
        public var omitted = Counts()
        /// Whether the todos were fetched at least once.
        public var isLoaded = false
        /// Whether a fetch is running.
        public var isLoading = false
        /// Whether the list is in edit mode.
        public var isEditing = false
        /// The day the todos were fetched on (for overdue marks).
        public var today: CalendarDay
        /// The store's relations the urgencies of a list sorted by urgency were last worked out
        /// with (to find, after a change, the todos whose urgency it changed).
        var relations = TodoRelations.none
        /// What the latest action did.
        @Pulse public var outcome: TodoListOutcome?
        /// The todo the latest ``Action/create(_:)`` created, as stored (its id, its uuid, its
        /// due day resolved): a pulse, as ``outcome`` is, so that adding twice is seen twice.
        @Pulse public var created: Todo?
        /// The latest error.
        @Pulse public var error: TodoError?

        /// Creates the state before the first fetch.
        public init(query: TodoQuery, today: CalendarDay) {
            self.query = query
            self.today = today
        }

        /// The pending todos, then the done ones (each section only when it has todos).
        public var sections: [TodoSection] {
            let pending = list.filter { !$0.isDone }
            let done = list.filter(\.isDone)
            return [TodoSection(kind: .pending, todos: pending), TodoSection(kind: .done, todos: done)]
                .filter { !$0.todos.isEmpty }
        }

        /// How many of the todos shown are pending.
        public var pendingCount: Int { list.lazy.filter { !$0.isDone }.count }
        /// How many of the todos shown are done.
        public var doneCount: Int { list.lazy.filter(\.isDone).count }
        /// How many todos pass the query's filters, pending and done: those shown and those the
        /// limit left out (what "showing 4 of 19 pending" counts).
        public var matching: Counts {
            Counts(pending: pendingCount + omitted.pending, done: doneCount + omitted.done)
        }
    }

    /// How many todos are pending and how many done.
    public struct Counts: Sendable, Equatable {
        /// Todos not done.
        public var pending: Int
        /// Todos done.
        public var done: Int

        /// Creates counts.
        public init(pending: Int = 0, done: Int = 0) {
            self.pending = pending
            self.done = done
        }

        /// Both together.
        public var total: Int { pending + done }
    }

    /// Which deletes ask the alert service first.
    public enum DeleteConfirmation: Sendable, Equatable {
        /// Deleting several todos (the command line: `todo rm 3` does not ask, undo brings it back).
        case whenSeveral
        /// Every delete, of one todo too (a full-screen front end, where one key deletes).
        case always
    }

    /// The state before any action.
    public let initialState: State
    /// The services.
    public let provider: TodoServiceProviderType
    /// Which unconfirmed deletes ask first.
    public let deleteConfirmation: DeleteConfirmation

    /// Creates a list of the todos `query` selects (pending ones in the manual order by
    /// default). Nothing is fetched before ``Action/refresh``.
    ///
    /// - Parameters:
    ///   - provider: The services.
    ///   - query: Which todos, in what order.
    ///   - deleteConfirmation: Which deletes not yet confirmed ask first (several by default).
    public init(
        provider: TodoServiceProviderType, query: TodoQuery = TodoQuery(),
        deleteConfirmation: DeleteConfirmation = .whenSeveral
    ) {
        self.provider = provider
        self.deleteConfirmation = deleteConfirmation
        initialState = State(query: query, today: provider.clock.today())
    }

    /// Turns an action into mutations, calling the services.
    public func mutate(action: Action) -> Observable<Mutation> {
        let service = provider.todoService
        switch action {
        case .refresh:
            return fetch(currentState.query)
        case .setQuery(let query):
            return .concat(.just(.setQuery(query)), fetch(query))
        case .create(let draft):
            return service.create(draft).map { .setCreated($0) }.catchAsError()
        case .toggleDone(let id):
            let known = currentState.list.first { $0.id == id }
            let todo = known.map { Observable.just($0) } ?? service.todo(id: id)
            return todo.flatMap { todo -> Observable<Mutation> in
                todo.isDone
                    ? service.markUndone(ids: [id]).map { .setOutcome(.reopened($0)) }
                    : service.markDone(ids: [id]).map { .setOutcome(.completed($0)) }
            }
            .catchAsError()
        case .setDone(let ids, true):
            return service.markDone(ids: ids).map { .setOutcome(.completed($0)) }.catchAsError()
        case .setDone(let ids, false):
            return service.markUndone(ids: ids).map { .setOutcome(.reopened($0)) }.catchAsError()
        case .delete(let ids, let confirmed):
            let delete = service.delete(ids: ids).map { Mutation.setOutcome(.deleted($0)) }
            let count = Set(ids).count
            guard !confirmed, count > 1 || (count == 1 && deleteConfirmation == .always) else {
                return delete.catchAsError()
            }
            if count == 1, let todo = currentState.list.first(where: { $0.id == ids[0] }) {
                return confirm(
                    "Delete \"\(todo.title)\"?", message: "It can be brought back with undo.", action: "Delete",
                    then: delete)
            }
            return confirm(
                count == 1 ? "Delete todo \(ids[0])?" : "Delete \(count) todos?",
                message: count == 1 ? "It can be brought back with undo." : "They can be brought back with undo.",
                action: "Delete", then: delete)
        case .move(let id, let position):
            return service.move(id: id, to: position).map { .setOutcome(.moved($0)) }.catchAsError()
        case .clearCompleted(let confirmed):
            let clear = service.clearCompleted().map { Mutation.setOutcome(.cleared($0)) }
            guard !confirmed else { return clear.catchAsError() }
            return service.fetch(TodoQuery(status: .done)).flatMap { [weak self] done -> Observable<Mutation> in
                guard let self, !done.isEmpty else { return .just(.setOutcome(.cleared([]))) }
                let count = done.count == 1 ? "1 done todo" : "\(done.count) done todos"
                let message =
                    done.count == 1 ? "It can be brought back with undo." : "They can be brought back with undo."
                return self.confirm("Delete \(count)?", message: message, action: "Delete", then: clear)
            }
            .catchAsError()
        case .undo:
            return service.undo().map { .setOutcome(.undone($0)) }.catchAsError()
        case .importTodos(let todos):
            return service.importTodos(todos).map { .setOutcome(.imported($0)) }.catchAsError()
        case .setEditing(let editing):
            return .just(.setEditing(editing))
        case .update(let ids, let patch):
            return service.update(ids: ids, patch).map { .setOutcome(.updated($0)) }.catchAsError()
        case .annotate(let ids, let text):
            return service.annotate(ids: ids, text: text).map { .setOutcome(.annotated($0)) }.catchAsError()
        case .denotate(let id, let annotation):
            return service.denotate(id: id, annotation: annotation).map { .setOutcome(.denotated($0)) }
                .catchAsError()
        case .start(let ids):
            return service.start(ids: ids).map { .setOutcome(.started($0)) }.catchAsError()
        case .stop(let ids):
            return service.stop(ids: ids).map { .setOutcome(.stopped($0)) }.catchAsError()
        }
    }

    /// Merges the todo service's bus into the mutations, so that every change reaches this reactor.
    public func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(streamsFrom: provider.todoService.events, for: self) { reactor, event in
            let state = reactor.currentState
            guard state.isLoaded else { return .empty() }
            // A reload, or a change to a limited list (which may bring in a todo the limit left
            // out, and changes what it left out) or to one whose filter is about other todos
            // (is:blocked): fetch. Otherwise the change is applied to the todos loaded (their
            // filter's dates as on the day they were fetched), in time proportional to it.
            if event == .reloaded || state.query.limit != nil || state.query.filter.seesOtherTodos {
                return reactor.fetch(state.query, showingProgress: false)
            }
            guard state.query.sort == .urgency else { return .just(.apply(event)) }
            let now = reactor.provider.clock.now()
            return reactor.relations(after: event, before: state.relations)
                .map { .rank(event, relations: $0, now: now) }
                .catchAsError()
        }
    }

    /// Applies a mutation to the state.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setLoading(let loading):
            state.isLoading = loading
        case .setQuery(let query):
            state.query = query
        case .setTodos(let todos, let today, let omitted):
            state.todos = todos
            state.omitted = omitted
            state.today = today
            state.isLoaded = true
        case .apply(let event):
            TodoListReactor.apply(event, to: &state.list, query: state.query, matches: matcher(state))
        case .rank(let event, let relations, let now):
            let context = TodoContext(
                now: now, clock: provider.clock, relations: relations, coefficients: provider.urgencyCoefficients)
            TodoListReactor.rank(
                event, into: &state.list, matches: matcher(state), context: context, before: state.relations)
            state.relations = relations
        case .setRelations(let relations):
            state.relations = relations
        case .setEditing(let editing):
            state.isEditing = editing
        case .setOutcome(let outcome):
            state.outcome = outcome
        case .setCreated(let todo):
            state.created = todo
            state.outcome = .created(todo)
        case .setError(let error):
            state.error = error
        }
        return state
    }

    /// Whether a todo passes the filters of `state`'s query, seen alone, on the day its todos were
    /// fetched (a filter whose dates fall outside the calendar keeps none).
    private func matcher(_ state: State) -> (Todo) -> Bool {
        state.query.matcher(today: state.today, weekStart: provider.weekStart, utcOffset: provider.clock.utcOffset)
            ?? { _ in false }
    }

    /// The store's relations after `event`, read again only when they may have changed (some
    /// were known `before`, or the event's todos have dependencies).
    private func relations(after event: TodoEvent, before: TodoRelations) -> Observable<TodoRelations> {
        guard before == .none, !event.upserted.contains(where: { !$0.depends.isEmpty }) else {
            return provider.todoService.context().map(\.relations)
        }
        return .just(.none)
    }

    /// The todos of `query`, as mutations: loading, the todos, loaded — or the error. A limited
    /// query fetches every todo that passes its filters, to count those the limit leaves out; one
    /// sorted by urgency records the relations its urgencies were worked out with.
    private func fetch(_ query: TodoQuery, showingProgress: Bool = true) -> Observable<Mutation> {
        let clock = provider.clock
        var unlimited = query
        unlimited.limit = nil
        var todos = provider.todoService.fetch(unlimited)
            .map { matching -> Mutation in
                guard let limit = query.limit, matching.count > limit else {
                    return .setTodos(matching, today: clock.today())
                }
                let shown = max(limit, 0)
                let omittedDone = matching[shown...].lazy.filter(\.isDone).count
                let omitted = Counts(pending: matching.count - shown - omittedDone, done: omittedDone)
                return .setTodos(Array(matching[..<shown]), today: clock.today(), omitted: omitted)
            }
            .catchAsError()
        if query.sort == .urgency {
            let relations = provider.todoService.context().map { Mutation.setRelations($0.relations) }.catchAsError()
            todos = .concat(relations, todos)
        }
        guard showingProgress else { return todos }
        return .concat(.just(.setLoading(true)), todos, .just(.setLoading(false)))
    }

    /// Asks the alert service to confirm, then runs `work`; `.cancelled` when declined.
    private func confirm(
        _ title: String, message: String, action: String, then work: Observable<Mutation>
    ) -> Observable<Mutation> {
        let destructive = AlertAction(title: action, style: .destructive)
        let alert = Alert(
            title: title, message: message, actions: [destructive, AlertAction(title: "Cancel", style: .cancel)])
        return provider.alertService.show(alert)
            .flatMap { chosen -> Observable<Mutation> in
                chosen == destructive ? work : .just(.setOutcome(.cancelled))
            }
            .catchAsError()
    }
}

/// What a list action did, for a front end to report ("Completed 3: Buy milk").
public enum TodoListOutcome: Sendable, Equatable {
    /// Todos marked done (with the next occurrences of recurring ones).
    case completed(TodoMarkResult)
    /// Todos marked pending again.
    case reopened(TodoMarkResult)
    /// The todos deleted.
    case deleted([Todo])
    /// The todo moved, at its new position.
    case moved(Todo)
    /// The done todos deleted (none when there were none).
    case cleared([Todo])
    /// The last change undone.
    case undone(TodoUndoResult)
    /// The todos imported.
    case imported(TodoImportResult)
    /// The user declined a confirmation; nothing changed.
    case cancelled
    /// The todo added.
    case created(Todo)
    /// Todos changed by one patch (those already as asked are among the todos, not changed).
    case updated(TodoMarkResult)
    /// Todos annotated.
    case annotated(TodoMarkResult)
    /// The todo one of whose annotations was removed, as it is now.
    case denotated(Todo)
    /// Todos started (a done or already started todo is left as it was).
    case started(TodoMarkResult)
    /// Todos stopped (one not started is left as it was).
    case stopped(TodoMarkResult)
}

/// Todos of one status, for lists shown in sections.
public struct TodoSection: Sendable, Equatable {
    /// Pending or done.
    public enum Kind: Sendable, Equatable {
        /// Pending todos.
        case pending
        /// Done todos.
        case done
    }

    /// Which todos these are.
    public var kind: Kind
    /// The todos, in the list's order.
    public var todos: [Todo]

    /// Creates a section.
    public init(kind: Kind, todos: [Todo]) {
        self.kind = kind
        self.todos = todos
    }
}

extension ObservableType {
    /// Turns a ``TodoError`` (or any error) into a `setError` mutation, so that service errors
    /// become state rather than ending the stream silently.
    func catchAsError<Mutation: TodoErrorMutation>() -> Observable<Mutation> where Element == Mutation {
        self.catch { error in .just(Mutation.error(TodoError(error))) }
    }
}

/// A mutation type with a case for errors.
protocol TodoErrorMutation {
    /// The mutation that records `error`.
    static func error(_ error: TodoError) -> Self
}

extension TodoListReactor.Mutation: TodoErrorMutation {
    static func error(_ error: TodoError) -> Self { .setError(error) }
}

extension TodoError {
    /// `error` as a ``TodoError`` (an unexpected one becomes an I/O error).
    init(_ error: any Error) {
        self = error as? TodoError ?? .io(file: "the store", operation: "use", reason: "\(error)")
    }
}
