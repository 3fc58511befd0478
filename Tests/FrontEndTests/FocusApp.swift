import Foundation
import ReactorKit
import ServiceBus
import TodoCore

// The app of Docs/BuildingAFrontEnd.md: a front end on TodoCore with a service and two
// reactors of its own, next to TodoCore's. Its snippets are this code, line for line
// (`BuildingAFrontEndGuideTests.everySnippetIsHere`), and it uses public API only.

// MARK: - 1. The store's location

/// The store `todo` uses, found as `todo` finds it: the path given, else `TODO_FILE`, else the
/// XDG data folder, else `~/.local/share/todo/todos.json`.
func openStore(
    file: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment
) throws -> JSONFileTodoStorage {
    let path = try TodoStoreLocation.resolve(file: file, environment: environment)
    let timeout = try TodoStoreLocation.lockTimeout(environment: environment)
    return JSONFileTodoStorage(path: path, options: .init(lockTimeout: timeout))
}

// MARK: - 5. A custom alert service

/// Asks on a line: writes the question with its answers, reads a line, and chooses the answer
/// the line starts (`d` for Delete); an empty line or the end of the input is the cancel answer.
final class LineAlertService: AlertServiceType, @unchecked Sendable {
    // @unchecked Sendable: immutable
    private let readAnswer: @Sendable () -> String?
    private let write: @Sendable (String) -> Void

    init(
        readAnswer: @escaping @Sendable () -> String? = { readLine() },
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.readAnswer = readAnswer
        self.write = write
    }

    func show(_ alert: Alert) -> Observable<AlertAction> {
        .deferred { [readAnswer, write] in
            let answers = alert.actions.map(\.title).joined(separator: "/")
            write("\(alert.title) [\(answers)] ")
            let line = (readAnswer() ?? "").lowercased()
            let chosen = alert.actions.first { !line.isEmpty && $0.title.lowercased().hasPrefix(line) }
            return .just(chosen ?? alert.actions.first { $0.style == .cancel } ?? alert.actions[0])
        }
    }
}

// MARK: - 6. A service of your own

/// What the focus service publishes: the todo being worked on now.
enum FocusEvent: Sendable, Equatable {
    case focused(Todo)
    case cleared
}

protocol FocusServiceType: AnyObject {
    /// Every change of focus.
    var events: EventBus<FocusEvent> { get }
    /// Focuses on the most urgent pending todo (none when there is none); publishes it.
    func focusNext() -> Observable<Todo?>
}

final class FocusService: BaseService<AppServiceProviderType>, FocusServiceType {
    let events = EventBus<FocusEvent>()

    func focusNext() -> Observable<Todo?> {
        provider.todoService.fetch(TodoQuery(sort: .urgency))
            .map { $0.first }
            .do(onNext: { [events] todo in events.send(todo.map(FocusEvent.focused) ?? .cleared) })
    }
}

protocol AppServiceProviderType: TodoServiceProviderType {
    var focusService: FocusServiceType { get }
}

final class AppServiceProvider: TodoServiceProvider, AppServiceProviderType, @unchecked Sendable {
    // @unchecked Sendable: as TodoServiceProvider, immutable but for the thread-safe slots
    let focusSlot = ServiceSlot<FocusServiceType>()
    var focusService: FocusServiceType { focusSlot { FocusService(provider: self) } }
}

// MARK: - 6. Two reactors of your own, talking over the bus

/// The todo to work on: the most urgent pending one, chosen again when it is done (here or in
/// another process).
final class FocusReactor: Reactor {
    enum Action { case next }
    enum Mutation: Equatable { case setFocus(Todo?) }
    struct State: Equatable { var focus: Todo? }

    let initialState = State()
    let provider: AppServiceProviderType

    init(provider: AppServiceProviderType) {
        self.provider = provider
    }

    func mutate(action: Action) -> Observable<Mutation> {
        provider.focusService.focusNext().map(Mutation.setFocus)
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(streamsFrom: provider.todoService.events, for: self) { reactor, event in
            guard let focus = reactor.currentState.focus else { return .empty() }
            let finished = event.upserted.contains { $0.id == focus.id && $0.isDone }
            guard finished || event.removedIDs.contains(focus.id) || event == .reloaded else { return .empty() }
            return reactor.provider.focusService.focusNext().map(Mutation.setFocus)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .setFocus(let todo): return State(focus: todo)
        }
    }
}

/// A work session on the focused todo: it starts when the focus service publishes a focus,
/// and is over after `length` on `timer`.
final class SessionReactor: Reactor {
    enum Action { case stop }
    enum Mutation: Equatable {
        case start(Todo)
        case setOver(Todo)
        case stop
    }
    struct State: Equatable {
        var todo: Todo?
        var isOver = false
    }

    let initialState = State()
    let provider: AppServiceProviderType
    let timer: SchedulerType
    let length: RxTimeInterval

    init(provider: AppServiceProviderType, timer: SchedulerType, length: RxTimeInterval = .seconds(25 * 60)) {
        self.provider = provider
        self.timer = timer
        self.length = length
    }

    func mutate(action: Action) -> Observable<Mutation> {
        .just(.stop)
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        let sessions = provider.focusService.events
            .flatMapLatest { [timer, length] event -> Observable<Mutation> in
                guard case .focused(let todo) = event else { return .just(.stop) }
                let over = Observable<Int>.timer(length, scheduler: timer).map { _ in Mutation.setOver(todo) }
                return .concat(.just(.start(todo)), over)
            }
        return .merge(mutation, sessions)
    }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .start(let todo): return State(todo: todo)
        case .setOver(let todo) where todo == state.todo: return State(todo: todo, isOver: true)
        case .setOver: return state
        case .stop: return State()
        }
    }
}
