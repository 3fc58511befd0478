/// The todo service: every operation on todos, each publishing what it changed on ``events``.
///
/// Operations return cold observables that do their work when subscribed (once per
/// subscription), emit one result, and complete — or fail with a ``TodoError``; a failed
/// operation changes nothing. Reactors call them from `mutate(action:)`; every reactor
/// merges ``events`` in `transform(mutation:)`, so each sees every change, whoever made it.
///
/// ```swift
/// provider.todoService.markDone(ids: [3])
///     .subscribe(onNext: { result in print("Completed", result.changed.map(\.title)) })
/// ```
public protocol TodoServiceType: AnyObject {
    /// Every change, published after it is written.
    var events: EventBus<TodoEvent> { get }

    /// The todos `query` selects, sorted and limited.
    func fetch(_ query: TodoQuery) -> Observable<[Todo]>

    /// The todo with `id`; fails with `unknownTodos` when there is none.
    func todo(id: Int) -> Observable<Todo>

    /// Creates a todo (at the end of the manual order). Publishes `created`.
    func create(_ draft: TodoDraft) -> Observable<Todo>

    /// Changes the fields `patch` sets; unchanged when it sets nothing new (no event).
    /// Publishes `updated`.
    func update(id: Int, _ patch: TodoPatch) -> Observable<Todo>

    /// Changes the fields `patch` sets on each of the todos, all or none, in one change (one
    /// `undo` step); those it leaves as they were are not written. Publishes `updated` with the
    /// todos it changed.
    func update(ids: [Int], _ patch: TodoPatch) -> Observable<TodoMarkResult>

    /// Adds an annotation with `text` (now) to each of the todos, all or none, in one change.
    /// Publishes `updated`.
    func annotate(ids: [Int], text: String) -> Observable<TodoMarkResult>

    /// Removes one annotation of a todo: `annotation` is its number (1 is the oldest) or its
    /// text — whole, in any case, or a part found in one annotation only. Publishes `updated`.
    func denotate(id: Int, annotation: String) -> Observable<Todo>

    /// Starts work on the todos (sets `startedAt`), all or none in one change; a done or
    /// already started todo is left as it is. Publishes `updated`.
    func start(ids: [Int]) -> Observable<TodoMarkResult>

    /// Stops work on the todos (clears `startedAt`), all or none in one change. Publishes `updated`.
    func stop(ids: [Int]) -> Observable<TodoMarkResult>

    /// The context the todos' derived facts are worked out in: now on the provider's clock,
    /// and which todos of the store are blocked and blocking.
    func context() -> Observable<TodoContext>

    /// Deletes the todos, all or none (one unknown id fails and deletes nothing). Publishes
    /// `deleted` with the todos as they were.
    func delete(ids: [Int]) -> Observable<[Todo]>

    /// Moves a todo to a 1-based `position` among the todos of its status (pending among
    /// pending, done among done), in the manual order. Publishes `moved`.
    func move(id: Int, to position: Int) -> Observable<Todo>

    /// Marks todos done, all or none; completing a recurring todo creates its next
    /// occurrence. Publishes `markedDone`.
    func markDone(ids: [Int]) -> Observable<TodoMarkResult>

    /// Marks todos not done, all or none. Publishes `markedUndone`.
    func markUndone(ids: [Int]) -> Observable<TodoMarkResult>

    /// Deletes every done todo. Publishes `cleared` (when there was one).
    func clearCompleted() -> Observable<[Todo]>

    /// Undoes the latest change not undone yet (up to ``TodoStorageHistory/limit`` back);
    /// deleted todos come back with their id and uuid. Publishes `undone`.
    func undo() -> Observable<TodoUndoResult>

    /// Counts over every todo.
    func stats() -> Observable<TodoStats>

    /// Adds imported todos, all or none: a todo whose uuid is already in the store replaces
    /// it when it was updated later and says something different; one without a uuid is left
    /// out when a todo of the store says the same (``ImportedTodo/describes(_:utcOffset:)``, each
    /// todo of the store standing for one imported todo); the others are created. Publishes
    /// `created` and `updated` as one `imported` change, and nothing when neither is left.
    func importTodos(_ todos: [ImportedTodo]) -> Observable<TodoImportResult>

    /// Publishes `reloaded` if the store changed outside this process since it was last read
    /// (the store watcher calls it); emits whether it did.
    func reloadIfChangedOutside() -> Observable<Bool>

    /// Publishes the events of changes that this process wrote to the store without the
    /// service — through ``TodoStorageType/write(_:)`` directly, as a sync does — so that every
    /// live reactor takes them like any other change; emits the events published.
    ///
    /// Each change gives the event the service would have published for it (an `imported`
    /// change that also deletes todos gives `imported`, then `deleted`), with the todos as they
    /// are when it is called: a todo changed again since is published as it is now, one deleted
    /// since is left out. Call it after the write, on the thread where the bus's messages should
    /// be handled (see ``TodoStoreWatcher``'s Threads).
    ///
    /// ```swift
    /// let report = try engine.sync()
    /// provider.todoService.announce(report.changesHere).subscribe()
    /// ```
    func announce(_ changes: [TodoChange]) -> Observable<[TodoEvent]>
}

/// What marking todos done or not done did — or starting, stopping, annotating or editing them.
public struct TodoMarkResult: Sendable, Hashable {
    /// Every todo named, as it is now, in the order named.
    public var todos: [Todo]
    /// The ids of those that changed (the others already were as asked).
    public var changedIDs: [Int]
    /// The next occurrences created for completed recurring todos, in the order completed.
    public var next: [Todo]
    /// For each of ``next``, in the same order, the id of the completed todo it follows.
    public var nextFollows: [Int]

    /// Creates a result.
    public init(todos: [Todo], changedIDs: [Int], next: [Todo] = [], nextFollows: [Int] = []) {
        self.todos = todos
        self.changedIDs = changedIDs
        self.next = next
        self.nextFollows = nextFollows
    }

    /// The next occurrence this completion created for the todo `id` (`nil` when it created
    /// none: `id` was not recurring, or was done already).
    public func next(after id: Int) -> Todo? {
        guard let index = nextFollows.firstIndex(of: id), index < next.count else { return nil }
        return next[index]
    }

    /// The todos that changed.
    public var changed: [Todo] {
        let ids = Set(changedIDs)
        return todos.filter { ids.contains($0.id) }
    }
}

/// What an undo did.
public struct TodoUndoResult: Sendable, Hashable {
    /// The kind of change undone.
    public var undoneKind: TodoChange.Kind
    /// The todos put back as they were.
    public var restored: [Todo]
    /// The todos removed (those the undone change had created).
    public var removed: [Todo]

    /// Creates a result.
    public init(undoneKind: TodoChange.Kind, restored: [Todo], removed: [Todo]) {
        self.undoneKind = undoneKind
        self.restored = restored
        self.removed = removed
    }

    /// The todos the undone change was made on, as the user named them (what "Undid
    /// completing 2 todos" counts), as they are now: those it created for `created`, those it
    /// created or replaced for `imported`, the moved one for `moved` (not those renumbered to
    /// make room, which follow it in ``restored``), otherwise every todo restored. The next
    /// occurrences an undone completion created are in ``removed``, not here.
    public var subjects: [Todo] {
        switch undoneKind {
        case .created: return removed
        case .imported: return removed + restored
        case .moved: return Array(restored.prefix(1))
        case .updated, .deleted, .markedDone, .markedUndone, .cleared, .undone, .annotated, .denotated, .started,
            .stopped:
            return restored
        }
    }
}

/// What an import did.
public struct TodoImportResult: Sendable, Hashable {
    /// Todos created.
    public var created: [Todo]
    /// Todos replaced by a later version with the same uuid.
    public var updated: [Todo]
    /// How many imported todos were left out because the store has them already: the same or a
    /// later version of their uuid, a todo saying the same as one without a uuid, or an older
    /// copy of a uuid the import repeats.
    public var unchanged: Int

    /// Creates a result.
    public init(created: [Todo] = [], updated: [Todo] = [], unchanged: Int = 0) {
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
    }
}
