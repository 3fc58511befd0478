/// A service created on first use, once, even when first used from several threads at
/// once — and replaceable by a fake in tests.
///
/// ```swift
/// final class AppServiceProvider: AppServiceProviderType {
///     let taskSlot = ServiceSlot<TaskServiceType>()
///     var taskService: TaskServiceType { taskSlot { TaskService(provider: self) } }
/// }
///
/// // in a test:
/// provider.taskSlot.replace(with: FakeTaskService())
/// ```
public final class ServiceSlot<Service>: @unchecked Sendable {
    // @unchecked Sendable: `service` is guarded by lock
    private let lock = RecursiveLock()
    private var service: Service?

    /// Creates an empty slot.
    public init() {}

    /// Returns the service, creating it with `make` on first use.
    ///
    /// `make` runs at most once; it may use the provider's other services (their slots are
    /// separate, and a slot tolerates re-entry from its own thread).
    public func callAsFunction(_ make: () -> Service) -> Service {
        lock.performLocked {
            if let service { return service }
            let made = make()
            service = made
            return made
        }
    }

    /// Replaces the service, created or not, with `service` (typically a fake).
    public func replace(with service: Service) {
        lock.performLocked { self.service = service }
    }

    /// Whether the service has been created (or replaced).
    public var isCreated: Bool {
        lock.performLocked { service != nil }
    }
}
