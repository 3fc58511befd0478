/// A ``BehaviorSubject`` that only carries elements: it never errors or completes, so its
/// current ``value`` can always be read.
///
/// ```swift
/// let count = BehaviorRelay(value: 0)
/// count.accept(count.value + 1)
/// ```
public final class BehaviorRelay<Element>: ObservableType, Sendable {
    private let subject: BehaviorSubject<Element>

    /// Creates a relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay's subject is never stopped nor disposed, so value() cannot throw.
        try! subject.value()
    }

    /// Sets the current value and broadcasts it.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the current value, then every later one.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// Returns the relay as an observable.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
