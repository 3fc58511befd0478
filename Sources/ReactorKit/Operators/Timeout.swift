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

    // guarded by lock
    private var id = 0
    private var switched = false

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

    func on(_ event: Event<Element>) {
        let wins = lock.performLocked { () -> Bool in
            if switched { return false }
            id &+= 1
            return true
        }
        guard wins else { return }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        } else {
            startTimer()
        }
    }

    private func startTimer() {
        if timer.isDisposed { return }
        let pending = SingleAssignmentDisposable()
        timer.disposable = pending
        let currentId = lock.performLocked { id }
        pending.setDisposable(
            parent.scheduler.scheduleRelative((self, currentId), dueTime: parent.dueTime) { sink, timerId in
                sink.fire(timerId)
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
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

private struct TimeoutOtherObserver<Observer: ObserverType>: ObserverType {
    let sink: TimeoutSink<Observer>

    func on(_ event: Event<Observer.Element>) {
        sink.forwardOther(event)
    }
}
