import ReactorKit

/// An observable of recorded events that records when it is subscribed to and unsubscribed from.
open class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    // @unchecked Sendable: driven from the scheduler's thread
    /// The subscriptions made so far, with their times.
    public internal(set) var subscriptions: [Subscription] = []
    /// The events this observable sends.
    public let recordedEvents: [Recorded<Event<Element>>]
    /// The scheduler that drives it.
    public let testScheduler: TestScheduler

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    /// Subscribes `observer`; implemented by the hot and cold variants.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        fatalError("Abstract method must be overridden")
    }

    /// Records the unsubscription of subscription number `index` at the current time.
    func recordUnsubscription(at index: Int) {
        let existing = subscriptions[index]
        subscriptions[index] = Subscription(existing.subscribe, testScheduler.clock)
    }
}

/// Sends its events at their absolute times to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private var observers: [(id: Int, observer: (Event<Element>) -> Void)] = []
    private var nextId = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) {
                for entry in self.observers {
                    entry.observer(recorded.value)
                }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let id = nextId
        nextId += 1
        observers.append((id, observer.on))
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        return Disposables.create { [weak self] in
            guard let self else { return }
            self.observers.removeAll { $0.id == id }
            self.recordUnsubscription(at: index)
        }
    }
}

/// Sends its events to each subscriber at times relative to that subscription.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        let disposed = BooleanDisposable()
        for recorded in recordedEvents {
            _ = testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                if !disposed.isDisposed {
                    observer.on(recorded.value)
                }
                return Disposables.create()
            }
        }
        return Disposables.create { [weak self] in
            disposed.dispose()
            self?.recordUnsubscription(at: index)
        }
    }
}
