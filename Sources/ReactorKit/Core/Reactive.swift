/// The namespace of reactive extensions of a type: `object.rx`.
///
/// Extend `Reactive` where `Base` is your type to add members under `.rx`; for a class, each
/// writable property is already available as a ``Binder`` through dynamic member lookup.
///
/// ```swift
/// extension Reactive where Base: TodoListView {
///     var todos: Binder<[Todo]> {
///         Binder(base, scheduler: CurrentThreadScheduler.instance) { view, todos in view.render(todos) }
///     }
/// }
/// reactor.state.map(\.todos).bind(to: view.rx.todos)
/// reactor.state.map(\.title).bind(to: view.rx.title)  // a `var title: String` of the view
/// ```
@dynamicMemberLookup
public struct Reactive<Base> {
    /// The object the extensions apply to.
    public let base: Base

    /// Creates the extensions of `base`.
    public init(_ base: Base) {
        self.base = base
    }

    /// A binder that sets the property at `keyPath` of the base object, on the main scheduler.
    public subscript<Property>(dynamicMember keyPath: ReferenceWritableKeyPath<Base, Property>) -> Binder<Property>
    where Base: AnyObject {
        Binder(base) { base, value in
            base[keyPath: keyPath] = value
        }
    }
}

/// A type that offers reactive extensions as `rx` (on instances) and `rx` (on the type).
public protocol ReactiveCompatible {
    /// The type the extensions apply to.
    associatedtype ReactiveBase

    /// The reactive extensions of the type.
    static var rx: Reactive<ReactiveBase>.Type { get set }

    /// The reactive extensions of the value.
    var rx: Reactive<ReactiveBase> { get set }
}

extension ReactiveCompatible {
    /// The reactive extensions of the type.
    public static var rx: Reactive<Self>.Type {
        get { Reactive<Self>.self }
        set {}  // lets `rx` be used on mutable values
    }

    /// The reactive extensions of the value.
    public var rx: Reactive<Self> {
        get { Reactive(self) }
        set {}  // lets `rx` be used on mutable values
    }
}

#if canImport(ObjectiveC)
    import ObjectiveC

    /// Every Objective-C object offers reactive extensions, as in RxSwift.
    extension NSObject: ReactiveCompatible {}
#endif
