extension ObservableType {
    /// Fails with ``RxError/timeout`` when no event arrives within `dueTime` of the
    /// subscription or of the previous element.
    ///
    /// ```swift
    /// provider.taskService.fetch()
    ///     .timeout(.seconds(5), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed for each element.
    ///   - scheduler: The scheduler that runs the timers.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Timeout(
            source: asObservable(), dueTime: dueTime, other: Observable.error(RxError.timeout), scheduler: scheduler)
    }

    /// Switches to `other` when no event arrives within `dueTime` of the subscription or of
    /// the previous element.
    ///
    /// On a timeout the source is unsubscribed and `other` is subscribed to; its events are
    /// forwarded from then on.
    ///
    /// ```swift
    /// liveUpdates.timeout(.seconds(10), other: Observable.just(.offline), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The longest wait allowed for each element.
    ///   - other: The sequence to continue with after a timeout.
    ///   - scheduler: The scheduler that runs the timers.
    public func timeout<Other: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval,
        other: Other,
        scheduler: SchedulerType
    ) -> Observable<Element> where Other.Element == Element {
        Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

private final class Timeout<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let other: Observable<Element>
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = TimeoutSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

private final class TimeoutSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: state guarded by lock; observers are never called while holding it
    typealias Element = Observer.Element

    private let parent: Timeout<Element>
    private let lock = Lock()
    private let timer = SerialDisposable()
    private let subscription = SerialDisposable()

    // Guarded by lock; every access is a plain read or write, never held across a call, so the
    // dynamic exclusivity checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var id = 0
    @exclusivity(unchecked) private var switched = false

    init(parent: Timeout<Element>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        startTimer()
        original.setDisposable(parent.source.subscribe(self))
        return Disposables.create(subscription, timer)
    }

    func onNext(_ element: Element) {
        guard beatsTimer() else { return }
        forwardNext(element)
        startTimer()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            guard beatsTimer() else { return }
            forwardError(error)
        case .completed:
            guard beatsTimer() else { return }
            forwardCompleted()
        }
    }

    /// Whether a source event arrived before the timer switched to `other`; if so, cancels
    /// the current timer's claim.
    private func beatsTimer() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if switched { return false }
        id &+= 1
        return true
    }

    private func startTimer() {
        if timer.isDisposed { return }
        let pending = SingleAssignmentDisposable()
        timer.disposable = pending
        let currentId = lock.performLocked { id }
        pending.setDisposable(
            parent.scheduler.scheduleRelative((), dueTime: parent.dueTime) { [self] _ in
                fire(currentId)
                return Disposables.create()
            })
    }

    private func fire(_ timerId: Int) {
        let timerWins = lock.performLocked { () -> Bool in
            switched = timerId == id
            return switched
        }
        if timerWins {
            subscription.disposable = parent.other.subscribe(TimeoutOtherObserver(sink: self))
        }
    }

    /// Forwards the events of `other` after a timeout, like RxSwift's sink forwarder.
    fileprivate func forwardOther(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}

private struct TimeoutOtherObserver<Observer: ObserverType>: ObserverType {
    let sink: TimeoutSink<Observer>

    func onNext(_ element: Observer.Element) {
        sink.forwardNext(element)
    }

    func on(_ event: Event<Observer.Element>) {
        sink.forwardOther(event)
    }
}
