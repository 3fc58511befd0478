/// Anything that displays a reactor's state and sends it actions: a terminal screen, a GUI
/// window, a server session.
///
/// Assigning ``reactor`` replaces ``disposeBag`` (disposing the previous bindings) and calls
/// ``bind(reactor:)``. The view keeps its reactor alive; the reactor does not reference the view.
///
/// ```swift
/// final class CounterScreen: ReactorView {
///     var disposeBag = DisposeBag()
///
///     func bind(reactor: CounterReactor) {
///         reactor.state.map(\.value)
///             .distinctUntilChanged()
///             .subscribe(onNext: { print("count: \($0)") })
///             .disposed(by: disposeBag)
///     }
/// }
///
/// let screen = CounterScreen()
/// screen.reactor = CounterReactor()  // prints "count: 0"
/// ```
public protocol ReactorView: AnyObject {
    /// The reactor type this view binds to.
    associatedtype Reactor: ReactorKit.Reactor

    /// The bindings' dispose bag; replaced each time ``reactor`` is assigned.
    var disposeBag: DisposeBag { get set }

    /// The view's reactor; assigning it calls ``bind(reactor:)``.
    var reactor: Reactor? { get set }

    /// Creates the bindings between the view and `reactor`; called on each assignment of
    /// ``reactor``. Not meant to be called directly.
    func bind(reactor: Reactor)
}

extension ReactorView {
    /// The view's reactor; assigning it replaces ``disposeBag`` and calls ``bind(reactor:)``.
    public var reactor: Reactor? {
        get { viewStorage.reactor as? Reactor }
        set {
            viewStorage.reactor = newValue
            disposeBag = DisposeBag()
            if let newValue {
                bind(reactor: newValue)
            }
        }
    }

    /// What a view keeps besides its own properties, freed with the view.
    var viewStorage: ViewStorage {
        ObjectStorage.value(for: self, in: .view) { ViewStorage() }
    }
}

/// A view's reactor and binding state.
final class ViewStorage: @unchecked Sendable {
    // @unchecked Sendable: fields are guarded by lock
    private let lock = Lock()
    private var storedReactor: AnyObject?
    private var storedIsBound = false
    private var storedIsReady = false

    var reactor: AnyObject? {
        get { lock.performLocked { storedReactor } }
        set {
            var previous = newValue
            lock.performLocked { swap(&storedReactor, &previous) }
            _ = previous  // released outside the lock
        }
    }

    var isBound: Bool {
        get { lock.performLocked { storedIsBound } }
        set { lock.performLocked { storedIsBound = newValue } }
    }

    var isReady: Bool {
        get { lock.performLocked { storedIsReady } }
        set { lock.performLocked { storedIsReady = newValue } }
    }
}
