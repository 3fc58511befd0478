/// A ``PublishSubject`` that only carries elements: it never errors or completes.
///
/// ```swift
/// let taps = PublishRelay<Void>()
/// taps.accept(())
/// ```
public final class PublishRelay<Element>: ObservableType, Sendable {
    private let subject = PublishSubject<Element>()

    /// Creates a relay.
    public init() {}

    /// Broadcasts `event` to the current subscribers.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer` to future elements.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// Returns the relay as an observable.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
