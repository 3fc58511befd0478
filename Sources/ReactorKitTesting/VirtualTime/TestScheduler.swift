import ReactorKit

/// A virtual-time scheduler for tests, with RxTest's API: time-based code runs instantly
/// and deterministically, and observers record the virtual time of every event.
///
/// One tick is one second (`RxTimeInterval` `.seconds(1)`). Work scheduled for "now" through
/// `schedule`/`scheduleRelative` runs one tick later (RxTest's simulated processing delay).
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(300)])
/// XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
/// ```
open class TestScheduler: VirtualTimeScheduler<TestSchedulerVirtualTimeConverter>, @unchecked Sendable {
    // @unchecked Sendable: driven from one thread at a time
    /// The default virtual times used by ``start(_:)``.
    public struct Defaults {
        /// When the tested sequence is created: 100.
        public static let created = 100
        /// When it is subscribed to: 200.
        public static let subscribed = 200
        /// When the subscription is disposed: 1000.
        public static let disposed = 1000
    }

    private let simulateProcessingDelay: Bool

    /// Creates a test scheduler.
    ///
    /// - Parameters:
    ///   - initialClock: The clock's initial value.
    ///   - resolution: Seconds per tick.
    ///   - simulateProcessingDelay: When `true`, work scheduled for now or earlier runs at
    ///     `clock + 1`.
    public init(initialClock: TestTime, resolution: Double = 1.0, simulateProcessingDelay: Bool = true) {
        self.simulateProcessingDelay = simulateProcessingDelay
        super.init(initialClock: initialClock, converter: TestSchedulerVirtualTimeConverter(resolution: resolution))
    }

    /// Creates a hot observable that sends `events` at their absolute times, whether or not
    /// anyone is subscribed, to every current subscriber, exactly as given.
    public func createHotObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        HotObservable(testScheduler: self, recordedEvents: events)
    }

    /// Creates a cold observable that sends `events` to each subscriber at times relative to
    /// its subscription.
    public func createColdObservable<Element>(_ events: [Recorded<Event<Element>>]) -> TestableObservable<Element> {
        ColdObservable(testScheduler: self, recordedEvents: events)
    }

    /// Creates an observer that records every event with the virtual time it arrived.
    public func createObserver<Element>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs `action` at virtual time `time`.
    public func scheduleAt(_ time: TestTime, action: @escaping () -> Void) {
        _ = scheduleAbsoluteVirtual((), time: time) { _ in
            action()
            return Disposables.create()
        }
    }

    /// Moves work scheduled for now or earlier to `clock + 1` when simulating processing delay.
    open override func adjustScheduledTime(_ time: TestTime) -> TestTime {
        time <= clock ? clock + (simulateProcessingDelay ? 1 : 0) : time
    }

    /// Creates the sequence at `created`, subscribes at `subscribed`, disposes at `disposed`,
    /// runs the scheduler, and returns the observer with everything it received.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        created: TestTime,
        subscribed: TestTime,
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        var source: Observable<Element>?
        var subscription: Disposable?
        let observer = createObserver(Element.self)

        _ = scheduleAbsoluteVirtual((), time: created) { _ in
            source = create().asObservable()
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: subscribed) { _ in
            subscription = source?.subscribe(observer)
            return Disposables.create()
        }
        _ = scheduleAbsoluteVirtual((), time: disposed) { _ in
            subscription?.dispose()
            return Disposables.create()
        }
        start()
        return observer
    }

    /// ``start(created:subscribed:disposed:create:)`` with creation at 100 and subscription at 200.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        disposed: TestTime,
        create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(created: Defaults.created, subscribed: Defaults.subscribed, disposed: disposed, create: create)
    }

    /// ``start(created:subscribed:disposed:create:)`` with creation at 100, subscription at
    /// 200 and disposal at 1000.
    public func start<Element, OutputSequence: ObservableConvertibleType>(
        _ create: @escaping () -> OutputSequence
    ) -> TestableObserver<Element> where OutputSequence.Element == Element {
        start(
            created: Defaults.created, subscribed: Defaults.subscribed, disposed: Defaults.disposed,
            create: create)
    }
}
