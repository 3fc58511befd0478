/// The base class of an app's services: it reaches the other services through its
/// `provider`, which owns it.
///
/// The ServiceProvider convention: an app declares what its services are,
///
/// ```swift
/// protocol AppServiceProviderType: AnyObject {
///     var taskService: TaskServiceType { get }
///     var alertService: AlertServiceType { get }
/// }
///
/// final class TaskService: BaseService<AppServiceProviderType>, TaskServiceType {
///     func add(_ title: String) -> Observable<Task> {
///         provider.storageService.save(…)   // other services, through the provider
///     }
/// }
/// ```
///
/// one provider is created when the app starts, and every reactor takes it as the first
/// argument of its `init`. The back-reference is `unowned`: the provider owns its services,
/// so the two never keep each other alive.
///
/// `Provider` is usually the app's class-bound provider protocol (`any AppServiceProviderType`),
/// which Swift cannot hold `unowned` directly: the provider is held as an unowned object and
/// cast back to `Provider` on each use.
open class BaseService<Provider> {
    private unowned let providerObject: AnyObject

    /// Creates a service owned by `provider`, which must be a class instance.
    public init(provider: Provider) {
        precondition(
            Mirror(reflecting: provider).displayStyle == .class,
            "BaseService's provider must be a class instance (its protocol should be AnyObject-bound)")
        providerObject = provider as AnyObject
    }

    /// The provider that owns this service; use it to reach the other services.
    public var provider: Provider {
        // It was a `Provider` when stored, so the cast cannot fail.
        providerObject as! Provider
    }
}
