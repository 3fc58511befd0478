extension ObservableType {
    /// Shifts elements and completion later in time by `dueTime`; errors are sent at once.
    ///
    /// The source is subscribed to at once. Each element and the completion are sent
    /// `dueTime` after they arrived, in order. An error is not delayed: it is sent as soon as
    /// it arrives and drops the elements still waiting.
    ///
    /// ```swift
    /// Observable.just(Reactor.Action.hideToast)
    ///     .delay(.seconds(2), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: How much later each event is sent.
    ///   - scheduler: The scheduler that runs the timers and sends the events.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class Delay<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink, subscription)
    }
}

private final class DelaySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: state guarded by lock; observers are never called while holding it
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let sourceSubscription = SingleAssignmentDisposable()
    private let drainSubscription = SerialDisposable()
    private let lock = Lock()

    // The waiting events are the elements of `elements` in order, then the completion when
    // `isCompletionQueued`; `times` holds when each of them arrived. Kept apart, rather than
    // as `Event`s, so that queueing an element touches no generic type but the element's own
    // (in unspecialized code every generic type costs a runtime metadata lookup).
    /// Guarded by lock.
    private let elements = ElementRing<Element>()
    // Guarded by lock; every access is a plain read or write, or a `Queue` operation that calls
    // out to nothing, and none is held across a call, so the dynamic exclusivity checks (a
    // runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var times = Queue<RxTime>(capacity: 2)
    @exclusivity(unchecked) private var isCompletionQueued = false
    /// Whether a drain is scheduled or running.
    @exclusivity(unchecked) private var active = false
    /// Whether a drain is forwarding events right now, possibly on another thread.
    @exclusivity(unchecked) private var running = false
    /// The source's error, once it failed.
    @exclusivity(unchecked) private var failure: Swift.Error?

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, drainSubscription)
    }

    func onNext(_ element: Element) {
        lock.lock()
        let wasActive = active
        active = true
        times.enqueue(scheduler.now)
        elements.enqueue(element)
        lock.unlock()
        if !wasActive {
            startDrain()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            sourceSubscription.dispose()
            lock.lock()
            elements.removeAll()
            times.removeAll()
            isCompletionQueued = false
            failure = error
            let sendNow = !running
            lock.unlock()
            if sendNow {
                forwardError(error)
            }
        case .completed:
            sourceSubscription.dispose()
            lock.lock()
            let wasActive = active
            active = true
            times.enqueue(scheduler.now)
            isCompletionQueued = true
            lock.unlock()
            if !wasActive {
                startDrain()
            }
        }
    }

    @inline(never)
    private func startDrain() {
        drainSubscription.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) { _, recurse in
            self.drain(recurse)
        }
    }

    /// Sends the oldest waiting event, then schedules the next one for when it is due.
    ///
    /// An error arriving meanwhile (on another thread) is sent by the drain, which is why the
    /// drain marks itself `running`.
    private func drain(_ recurse: ((), RxTimeInterval) -> Void) {
        lock.lock()
        if failure != nil {
            lock.unlock()
            return
        }
        running = true
        lock.unlock()

        var sentOne = false
        while true {
            lock.lock()
            if !sentOne && elements.count > 0 {
                _ = times.dequeue()
                let element = elements.dequeue()
                let failure = self.failure
                lock.unlock()
                if let failure {
                    forwardError(failure)
                    return
                }
                sentOne = true
                forwardNext(element)
                continue
            }
            if !sentOne && isCompletionQueued {
                _ = times.dequeue()
                isCompletionQueued = false
                let failure = self.failure
                lock.unlock()
                if let failure {
                    forwardError(failure)
                } else {
                    forwardCompleted()
                }
                return
            }
            let nextTime = sentOne ? times.peek() : nil
            if failure == nil {
                running = false
                if nextTime == nil {
                    active = false
                }
            }
            let failure = self.failure
            lock.unlock()

            if let failure {
                forwardError(failure)
                return
            }
            if let nextTime {
                recurse((), dueTime.reduceWithSpanBetween(earlierDate: nextTime, laterDate: scheduler.now))
            }
            return
        }
    }
}
