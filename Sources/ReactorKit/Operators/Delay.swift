import Foundation

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

    // guarded by lock
    /// Whether a drain is scheduled or running.
    private var active = false
    /// Whether a drain is forwarding events right now, possibly on another thread.
    private var running = false
    private var errorEvent: Event<Element>?
    private var queue = Queue<(time: RxTime, event: Event<Element>)>(capacity: 2)

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, drainSubscription)
    }

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            sourceSubscription.dispose()
        }
        switch event {
        case .error:
            let sendNow = lock.performLocked { () -> Bool in
                queue.removeAll()
                errorEvent = event
                return !running
            }
            if sendNow {
                forwardOn(event)
                dispose()
            }
        case .next, .completed:
            let startDrain = lock.performLocked { () -> Bool in
                let wasActive = active
                active = true
                queue.enqueue((scheduler.now, event))
                return !wasActive
            }
            if startDrain {
                drainSubscription.disposable = scheduler.scheduleRecursive((), dueTime: dueTime) {
                    _, recurse in
                    self.drain(recurse)
                }
            }
        }
    }

    /// Sends the oldest waiting event, then every one already due, and schedules the rest.
    ///
    /// An error arriving meanwhile (on another thread) is sent by the drain, which is why the
    /// drain marks itself `running`.
    private func drain(_ recurse: ((), RxTimeInterval) -> Void) {
        let hasFailed = lock.performLocked { () -> Bool in
            if errorEvent != nil { return true }
            running = true
            return false
        }
        if hasFailed { return }

        var sentOne = false
        while true {
            let (error, event, nextTime) = lock.performLocked {
                () -> (Event<Element>?, Event<Element>?, RxTime?) in
                let event = sentOne ? nil : queue.dequeue()?.event
                let nextTime = sentOne ? queue.peek()?.time : nil
                if errorEvent == nil && event == nil {
                    running = false
                    if nextTime == nil {
                        active = false
                    }
                }
                return (errorEvent, event, nextTime)
            }

            if let error {
                forwardOn(error)
                dispose()
                return
            }
            if let event {
                sentOne = true
                forwardOn(event)
                if event.isCompleted {
                    dispose()
                    return
                }
            } else if let nextTime {
                recurse((), dueTime.reduceWithSpanBetween(earlierDate: nextTime, laterDate: scheduler.now))
                return
            } else {
                return
            }
        }
    }
}
