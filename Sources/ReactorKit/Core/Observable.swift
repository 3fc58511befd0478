/// A sequence of elements over time: the base class of every operator and subject.
///
/// `Observable` values are immutable descriptions of work (operators) or lock-guarded
/// sources (subjects), so they may be shared across threads.
///
/// ```swift
/// let disposable = Observable.of(1, 2, 3)
///     .map { $0 * 10 }
///     .subscribe(onNext: { print($0) })  // 10, 20, 30
/// ```
open class Observable<Element>: ObservableType, @unchecked Sendable {
    // @unchecked Sendable: subclasses are immutable or lock-guarded
    /// Creates an observable; meant for subclasses.
    public init() {}

    /// Subscribes `observer`; subclasses must override this method.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        rxAbstractMethod()
    }

    /// Returns `self`.
    public func asObservable() -> Observable<Element> {
        self
    }

    /// Whether this is `Observable.just(element)`; if so, passes the element to `body`.
    ///
    /// Lets operators that subscribe to many short-lived inner sequences (`flatMap`) skip the
    /// subscription of a `just`, whose only events (the element, then completion) would be
    /// delivered synchronously inside `subscribe` anyway.
    func withJustElement(_ body: (Element) -> Void) -> Bool {
        false
    }

    #if DEBUG
        private let resourceScope = Resources.enter()

        deinit {
            Resources.leave(resourceScope)
        }
    #endif
}
