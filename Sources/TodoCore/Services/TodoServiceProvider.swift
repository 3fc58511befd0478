/// The services every TodoCore reactor receives (the ServiceProvider convention).
///
/// An app with services of its own refines it with its own protocol, and its provider
/// subclasses ``TodoServiceProvider`` (see there).
///
/// ```swift
/// final class TodoListReactor: Reactor {
///     init(provider: TodoServiceProviderType) { … provider.todoService.fetch(query) … }
/// }
/// ```
public protocol TodoServiceProviderType: AnyObject {
    /// Todos: queries and changes, and the bus of changes.
    var todoService: TodoServiceType { get }
    /// Where the todos are kept.
    var storageService: TodoStorageType { get }
    /// Asks the user to confirm.
    var alertService: AlertServiceType { get }
    /// The time and today's date.
    var clock: TodoClock { get }
    /// The UUIDs of new todos.
    var uuids: UUIDSource { get }
    /// The hooks every change runs (``HookRunner``), or `nil` for none.
    var hooks: HookRunnerType? { get }
    /// The urgency coefficients of the todos' derived facts (``TodoContext/coefficients``):
    /// Taskwarrior's unless the configuration (``TodoConfig/urgencyCoefficients``) changes them.
    var urgencyCoefficients: UrgencyCoefficients { get }
    /// The first day of a week, for `sow` and `eow` in filters (``TodoConfig/weekStart``).
    var weekStart: Weekday { get }
}

extension TodoServiceProviderType {
    /// No hooks: a provider that does not say otherwise runs none.
    public var hooks: HookRunnerType? { nil }
    /// Taskwarrior's coefficients: a provider that does not say otherwise uses them.
    public var urgencyCoefficients: UrgencyCoefficients { .taskwarrior }
    /// Monday: a provider that does not say otherwise starts weeks then.
    public var weekStart: Weekday { .monday }
}

/// The app's provider: creates each of TodoCore's services once, on first use; tests replace
/// any service through its slot.
///
/// ```swift
/// let provider = TodoServiceProvider(
///     storage: JSONFileTodoStorage(path: path),
///     alertService: alerts)   // the front end's own AlertServiceType: a prompt, a dialog
/// provider.todoSlot.replace(with: FakeTodoService())   // in a test: TodoCoreTesting's fake
/// ```
///
/// An app with services of its own subclasses it: its provider then has TodoCore's five
/// services and the initializer as they are, adds its own slots next to them, and goes
/// wherever TodoCore's provider goes (TodoCore's reactors, ``TodoStoreWatcher``, an
/// `AppShell`). Its own protocol refines ``TodoServiceProviderType``, so its services and
/// reactors reach TodoCore's services through it too:
///
/// ```swift
/// protocol AppServiceProviderType: TodoServiceProviderType {
///     var reminderService: ReminderServiceType { get }
/// }
///
/// final class AppServiceProvider: TodoServiceProvider, AppServiceProviderType, @unchecked Sendable {
///     // @unchecked Sendable: as TodoServiceProvider, immutable but for the thread-safe slots
///     let reminderSlot = ServiceSlot<ReminderServiceType>()
///     var reminderService: ReminderServiceType { reminderSlot { ReminderService(provider: self) } }
/// }
/// ```
///
/// A subclass adds services; it cannot replace TodoCore's (their members are not `open`): a
/// test does that through the slots, as with this class.
open class TodoServiceProvider: TodoServiceProviderType, @unchecked Sendable {
    // @unchecked Sendable: immutable but for the slots, which are thread-safe
    /// The todo service's slot.
    public let todoSlot = ServiceSlot<TodoServiceType>()
    /// The alert service's slot.
    public let alertSlot = ServiceSlot<AlertServiceType>()
    /// The hooks' slot (empty: no hooks, the default).
    public let hookSlot = ServiceSlot<HookRunnerType?>()
    /// Where the todos are kept.
    public let storageService: TodoStorageType
    /// The time and today's date.
    public let clock: TodoClock
    /// The UUIDs of new todos.
    public let uuids: UUIDSource
    /// The urgency coefficients (``TodoServiceProviderType/urgencyCoefficients``).
    public let urgencyCoefficients: UrgencyCoefficients
    /// The first day of a week (``TodoServiceProviderType/weekStart``).
    public let weekStart: Weekday

    /// Creates a provider over `storage`.
    ///
    /// - Parameters:
    ///   - storage: The store (``JSONFileTodoStorage`` or ``InMemoryTodoStorage``).
    ///   - alertService: Asks the user to confirm; by default nobody can be asked.
    ///   - clock: The time; the machine's by default.
    ///   - uuids: New todos' UUIDs; random by default.
    ///   - hooks: The hooks every change runs (``HookRunner``); none by default.
    ///   - urgencyCoefficients: The urgency coefficients; Taskwarrior's by default.
    ///   - weekStart: The first day of a week, for `sow` and `eow` in filters; Monday by default.
    public init(
        storage: TodoStorageType, alertService: AlertServiceType = UnavailableAlertService(),
        clock: TodoClock = .system, uuids: UUIDSource = .random, hooks: HookRunnerType? = nil,
        urgencyCoefficients: UrgencyCoefficients = .taskwarrior, weekStart: Weekday = .monday
    ) {
        storageService = storage
        self.clock = clock
        self.uuids = uuids
        self.urgencyCoefficients = urgencyCoefficients
        self.weekStart = weekStart
        alertSlot.replace(with: alertService)
        if let hooks { hookSlot.replace(with: hooks) }
    }

    /// The todo service, created on first use.
    public var todoService: TodoServiceType { todoSlot { TodoService(provider: self) } }
    /// Asks the user to confirm (the one given at creation, or one that cannot ask).
    public var alertService: AlertServiceType { alertSlot { UnavailableAlertService() } }
    /// The hooks every change runs: those given at creation or put in ``hookSlot``, else none.
    public var hooks: HookRunnerType? { hookSlot { nil } }
}
