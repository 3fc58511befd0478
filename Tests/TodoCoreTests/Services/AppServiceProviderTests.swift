import ReactorKitTesting
import ServiceBus
import Testing
import TodoCoreTesting

@testable import TodoCore

// An app provider that adds a service of its own next to TodoCore's five, as Docs/Architecture.md
// shows it ("Services of your own"): its snippets are this code, line for line
// (`everySnippetIsHere`).

// MARK: - The app's provider

protocol AppServiceProviderType: TodoServiceProviderType {
    var reminderService: ReminderServiceType { get }
}

final class AppServiceProvider: TodoServiceProvider, AppServiceProviderType, @unchecked Sendable {
    // @unchecked Sendable: as TodoServiceProvider, immutable but for the thread-safe slots
    let reminderSlot = ServiceSlot<ReminderServiceType>()
    var reminderService: ReminderServiceType { reminderSlot { ReminderService(provider: self) } }
}

// MARK: - The app's service

protocol ReminderServiceType: AnyObject {
    /// The pending todos due today or before.
    func dueToday() -> Observable<[Todo]>
}

final class ReminderService: BaseService<AppServiceProviderType>, ReminderServiceType {
    func dueToday() -> Observable<[Todo]> {
        let today = provider.clock.today()
        return provider.todoService.fetch(TodoQuery())
            .map { todos in todos.filter { todo in todo.due.map { $0 <= today } ?? false } }
    }
}

// MARK: - The app's reactor

final class RemindersReactor: Reactor {
    enum Action { case refresh }
    enum Mutation: Equatable { case setDue([Todo]) }
    struct State: Equatable { var due: [Todo] = [] }

    let initialState = State()
    let provider: AppServiceProviderType

    init(provider: AppServiceProviderType) {
        self.provider = provider
    }

    func mutate(action: Action) -> Observable<Mutation> {
        provider.reminderService.dueToday().map(Mutation.setDue)
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(streamsFrom: provider.todoService.events, for: self) { reactor, _ in
            reactor.provider.reminderService.dueToday().map(Mutation.setDue)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .setDue(let todos): return State(due: todos)
        }
    }
}

/// A reminder service whose answers the test gives.
final class FakeReminderService: ReminderServiceType, @unchecked Sendable {
    // @unchecked Sendable: the spy is thread-safe
    let dueTodaySpy = Spy<Void, [Todo]>("dueToday")

    func dueToday() -> Observable<[Todo]> {
        .deferred { .just(try self.dueTodaySpy()) }
    }
}

// MARK: - The tests

@Suite struct AppServiceProviderTests {
    /// The guide's start of the app, on the given store and alert service (and the system clock).
    private func startApp(storage: TodoStorageType, alerts: AlertServiceType) -> [String] {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let provider = AppServiceProvider(storage: storage, alertService: alerts)
        let shell = AppShell(provider: provider)
        let list = shell.make { TodoListReactor(provider: $0) }  // TodoCore's reactor
        let reminders = shell.make { RemindersReactor(provider: $0) }  // the app's, on the same provider
        list.send(.create(TodoDraft(title: "Pay rent", due: .today)))
        print(reminders.currentState.due.map(\.title))  // ["Pay rent"]

        shell.tearDown()
        return printed
    }

    @Test func theAppsProviderServesTodoCoresReactorsAndItsOwn() {
        let printed = startApp(storage: InMemoryTodoStorage(), alerts: UnavailableAlertService())
        #expect(printed == [#"["Pay rent"]"#])
    }

    @Test func itIsATodoCoreProviderWithTodoCoresServices() {
        let clock = FakeClock()
        let provider = AppServiceProvider(storage: InMemoryTodoStorage(), clock: clock.clock, uuids: .sequential())
        let todoCore: TodoServiceProviderType = provider
        #expect(todoCore.todoService is TodoService)
        #expect(todoCore.alertService is UnavailableAlertService)
        #expect(provider.reminderService is ReminderService)
        #expect(provider.reminderService === provider.reminderService)  // created once
        #expect(provider.clock.today() == day("2030-01-07"))
        let watcher = TodoStoreWatcher(provider: provider)  // wherever TodoCore's provider goes
        #expect(!watcher.check())
    }

    @Test func aTestReplacesTodoCoresServicesAndTheAppsThroughTheirSlots() {
        let provider = AppServiceProvider(storage: InMemoryTodoStorage())
        let todos = FakeTodoService()
        let reminders = FakeReminderService()
        provider.todoSlot.replace(with: todos)
        provider.reminderSlot.replace(with: reminders)
        let store = ReactorTestStore(RemindersReactor(provider: provider))
        let rent = Todo.fixture(1, "Pay rent", due: "2030-01-07")
        reminders.dueTodaySpy.returns([rent])
        store.send(.refresh) { $0.due = [rent] }
        // A change anywhere asks the app's service again.
        reminders.dueTodaySpy.returns([])
        todos.events.send(.markedDone([rent], next: []))
        store.receive(.setDue([])) { $0.due = [] }
        #expect(reminders.dueTodaySpy.callCount == 2)
        store.finish()
    }

    @Test func everySnippetIsHere() throws {
        // Architecture.md's other snippets are abridged from Sources/; those of the section on
        // services of one's own are compiled here.
        try GuideSnippets.expectInFile(
            guide: "Docs/Architecture.md", source: #filePath, minimumCount: 4,
            skipping: { !$0.contains("AppServiceProvider") && !$0.contains("Reminder") })
    }
}
