/// A global, thread-safe bus of fire-and-forget events: subscribers receive the events sent
/// after they subscribed, in the order sent. Nothing is replayed.
///
/// Use it for things that happen (a task was added, a sync finished) rather than for state.
/// An event sent from inside a subscriber is queued until the current event has reached
/// every subscriber; events from many threads reach every subscriber exactly once, one at a
/// time.
///
/// ```swift
/// let taskEvents = EventBus<TaskEvent>()
/// taskEvents.send(.added(task))
/// ```
///
/// A reactor that merges the bus in `transform(mutation:)` receives the events sent once its
/// state stream is built: from ``AppShell/make(_:)`` or ``AppShell/keep(_:)`` when an
/// ``AppShell`` keeps it, otherwise from the first read of its `state` or `action` (ReactorKit
/// builds the stream lazily). Events sent before that are not seen by it.
public final class EventBus<Event>: Observable<Event>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the subject is thread-safe
    private let subject = PublishSubject<Event>(queuingReentrantEvents: true)

    /// Creates a bus with no subscribers.
    public override init() {}

    /// Delivers `event` to every current subscriber.
    public func send(_ event: Event) {
        subject.onNext(event)
    }

    /// Whether anyone is subscribed.
    public var hasSubscribers: Bool {
        subject.hasObservers
    }

    /// Subscribes `observer` to the events sent from now on.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Event {
        subject.subscribe(observer)
    }
}
