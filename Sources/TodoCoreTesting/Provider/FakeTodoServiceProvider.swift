import TodoCore

/// A provider whose services are fakes, for testing reactors without a store: a
/// `TodoServiceProvider` with a ``FakeTodoService``, a ``FakeAlertService``, a ``FakeClock``
/// and sequential UUIDs.
///
/// ```swift
/// let provider = FakeTodoServiceProvider()
/// provider.fakeTodoService.fetchSpy.returns([Todo.fixture(1, "Buy milk")])
/// let store = ReactorTestStore(TodoListReactor(provider: provider))
/// store.send(.refresh) { … }
/// ```
///
/// It is a `TodoServiceProvider`, so it goes wherever TodoCore's provider goes, and a test
/// can still replace a service through its slot.
public final class FakeTodoServiceProvider: TodoServiceProvider, @unchecked Sendable {
    // @unchecked Sendable: immutable but for the slots, which are thread-safe

    /// The todo service (the provider's `todoService`).
    public let fakeTodoService: FakeTodoService
    /// The alert service (the provider's `alertService`).
    public let fakeAlertService: FakeAlertService
    /// The clock (the provider's `clock`).
    public let fakeClock: FakeClock

    /// Creates a provider of fakes with nothing stubbed.
    ///
    /// - Parameters:
    ///   - clock: The clock; ``TodoFixtures/now`` in UTC by default.
    ///   - storage: The store, which the fake todo service does not use; an empty one in memory
    ///     by default.
    public init(clock: FakeClock = FakeClock(), storage: TodoStorageType = InMemoryTodoStorage()) {
        fakeTodoService = FakeTodoService()
        fakeAlertService = FakeAlertService()
        fakeClock = clock
        super.init(storage: storage, alertService: fakeAlertService, clock: clock.clock, uuids: .sequential())
        todoSlot.replace(with: fakeTodoService)
    }
}
