extension ObservableType {
    /// Sends the first element at once, then at most one element per `dueTime` window.
    ///
    /// An element arriving at least `dueTime` after the last sent one is sent at once. One
    /// arriving sooner is dropped when `latest` is `false`; when `latest` is `true` the most
    /// recent such element is kept and sent when the window ends. A completion waits for the
    /// kept element, an error is sent at once and drops it.
    ///
    /// ```swift
    /// refreshButtonTaps
    ///     .throttle(.seconds(1), latest: false, scheduler: MainScheduler.instance)
    ///     .map { Reactor.Action.refresh }
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The minimum time between two sent elements.
    ///   - latest: Whether the latest element received during a window is sent when it ends.
    ///   - scheduler: The scheduler that runs the timers and measures time.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
    )
        -> Observable<Element>
    {
        Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

private final class Throttle<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let latest: Bool
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ThrottleSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, Disposables.create(subscription, sink.timer))
    }
}

private final class ThrottleSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: state guarded by lock, held while forwarding (RxSwift serializes source and timer so)
    typealias Element = Observer.Element

    private let parent: Throttle<Element>
    private let lock = RecursiveLock()
    let timer = SerialDisposable()

    /// The latest element received too soon, sent when the window ends; guarded by lock.
    private let lastUnsentElement = ElementSlot<Element>()
    // Guarded by lock; every access is a plain read or write, never held across a call, so the
    // dynamic exclusivity checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var lastSentTime: RxTime?
    @exclusivity(unchecked) private var completed = false

    init(parent: Throttle<Element>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        lock.lock()
        defer { lock.unlock() }
        let remaining: RxTimeInterval
        if let lastSentTime {
            remaining = parent.dueTime.reduceWithSpanBetween(
                earlierDate: lastSentTime, laterDate: parent.scheduler.now)
        } else {
            remaining = .nanoseconds(0)
        }
        if remaining.isNow {
            sendNow(element)
            return
        }
        guard parent.latest else { return }
        let isAlreadyScheduled = lastUnsentElement.hasValue
        lastUnsentElement.store(element)
        if isAlreadyScheduled { return }
        let pending = SingleAssignmentDisposable()
        timer.disposable = pending
        pending.setDisposable(
            parent.scheduler.scheduleRelative((), dueTime: remaining) { [self] _ in
                propagate()
                return Disposables.create()
            })
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            lastUnsentElement.removeAll()
            forwardError(error)
            lock.unlock()
        case .completed:
            lock.lock()
            if lastUnsentElement.hasValue {
                completed = true
            } else {
                forwardCompleted()
            }
            lock.unlock()
        }
    }

    private func sendNow(_ element: Element) {
        lastUnsentElement.removeAll()
        forwardNext(element)
        // measured after forwarding, as RxSwift does, to leave room for slow observers
        lastSentTime = parent.scheduler.now
    }

    private func propagate() {
        lock.lock()
        defer { lock.unlock() }
        if lastUnsentElement.hasValue {
            sendNow(lastUnsentElement.take())
        }
        if completed {
            forwardCompleted()
        }
    }
}
