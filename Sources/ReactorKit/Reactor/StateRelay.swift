/// A `BehaviorSubject` wrapper that can never error or complete: a settable current value
/// that is replayed to every new subscriber. A stubbed reactor's state is one.
///
/// ```swift
/// reactor.isStubEnabled = true
/// reactor.stub.state.value = MyReactor.State(isLoading: true)
/// ```
public final class StateRelay<Element>: ObservableType, Sendable {
    private let subject: BehaviorSubject<Element>

    /// Creates a relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value; setting it notifies every subscriber, even when the value is equal.
    public var value: Element {
        get {
            // The subject is never stopped nor disposed, so value() cannot throw.
            try! subject.value()
        }
        set {
            accept(newValue)
        }
    }

    /// Sets the current value and notifies every subscriber.
    public func accept(_ event: Element) {
        subject.onNext(event)
    }

    /// Subscribes `observer`: it receives the current value, then every later one.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// Returns the relay as an observable; always the same object.
    public func asObservable() -> Observable<Element> {
        subject
    }
}
