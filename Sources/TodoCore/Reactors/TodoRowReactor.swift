/// One todo, kept up to date from the bus: a row of a list, a detail pane, or `todo show`.
///
/// ```swift
/// let row = TodoRowReactor(provider: provider, id: 3)
/// row.send(.load)
/// row.currentState.todo?.title
/// row.send(.toggleDone)
/// ```
public final class TodoRowReactor: Reactor {
    /// What a front end asks of the row.
    public enum Action: Sendable, Equatable {
        /// Fetch the todo.
        case load
        /// Mark it done if pending, pending if done.
        case toggleDone
        /// Delete it.
        case delete
    }

    /// A change to the state.
    public enum Mutation: Sendable, Equatable {
        /// Replaces the todo.
        case setTodo(Todo)
        /// The todo was deleted.
        case setDeleted
        /// Records the error the last action ended with.
        case setError(TodoError)
    }

    /// The row.
    public struct State: Sendable, Equatable {
        /// The todo's id.
        public let id: Int
        /// The todo as it is now (`nil` until loaded, or once deleted).
        public var todo: Todo?
        /// Whether it was deleted (by anyone).
        public var isDeleted = false
        /// The latest error.
        @Pulse public var error: TodoError?
    }

    /// The state before any action.
    public let initialState: State
    /// The services.
    public let provider: TodoServiceProviderType

    /// A row for a todo already fetched.
    public init(provider: TodoServiceProviderType, todo: Todo) {
        self.provider = provider
        initialState = State(id: todo.id, todo: todo)
    }

    /// A row for the todo `id`, fetched by ``Action/load``.
    public init(provider: TodoServiceProviderType, id: Int) {
        self.provider = provider
        initialState = State(id: id, todo: nil)
    }

    /// Turns an action into mutations, calling the services.
    public func mutate(action: Action) -> Observable<Mutation> {
        let service = provider.todoService
        let id = currentState.id
        switch action {
        case .load:
            return service.todo(id: id).map(Mutation.setTodo).catchAsError()
        case .toggleDone:
            let todo = currentState.todo.map { Observable.just($0) } ?? service.todo(id: id)
            return todo.flatMap { todo in
                todo.isDone ? service.markUndone(ids: [id]) : service.markDone(ids: [id])
            }
            .flatMap { _ in Observable<Mutation>.empty() }  // the bus brings the new version
            .catchAsError()
        case .delete:
            return service.delete(ids: [id]).flatMap { _ in Observable<Mutation>.empty() }.catchAsError()
        }
    }

    /// Merges the todo service's bus into the mutations, so that every change reaches this reactor.
    public func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(streamsFrom: provider.todoService.events, for: self) { reactor, event in
            let id = reactor.currentState.id
            if event == .reloaded {
                return reactor.provider.todoService.todo(id: id).map(Mutation.setTodo)
                    .catch { error in
                        TodoError(error) == .unknownTodos([id])
                            ? .just(.setDeleted) : .just(.setError(TodoError(error)))
                    }
            }
            if let todo = event.upserted.last(where: { $0.id == id }) { return .just(.setTodo(todo)) }
            if event.removedIDs.contains(id) { return .just(.setDeleted) }
            return .empty()
        }
    }

    /// Applies a mutation to the state.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setTodo(let todo):
            state.todo = todo
            state.isDeleted = false
        case .setDeleted:
            state.todo = nil
            state.isDeleted = true
        case .setError(let error):
            state.error = error
        }
        return state
    }
}

extension TodoRowReactor.Mutation: TodoErrorMutation {
    static func error(_ error: TodoError) -> Self { .setError(error) }
}
