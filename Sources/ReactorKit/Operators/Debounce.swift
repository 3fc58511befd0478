extension ObservableType {
    /// Sends an element only once `dueTime` has passed without another element.
    ///
    /// Each element restarts the wait; an element followed by another one within `dueTime`
    /// is dropped. When the sequence completes, the pending element, if any, is sent at
    /// once before the completion. Errors are sent at once and drop the pending element.
    ///
    /// ```swift
    /// searchText
    ///     .debounce(.milliseconds(300), scheduler: MainScheduler.instance)
    ///     .map { Reactor.Action.search($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The quiet time an element must be followed by to be sent.
    ///   - scheduler: The scheduler that runs the timers and sends the elements.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

private final class Debounce<Element>: Producer<Element>, @unchecked Sendable {
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
        let sink = DebounceSink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, Disposables.create(subscription, sink.timer))
    }
}

private final class DebounceSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: state guarded by lock, held while forwarding (RxSwift serializes source and timer so)
    typealias Element = Observer.Element

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let lock = RecursiveLock()
    let timer = SerialDisposable()

    // Guarded by lock; every access is a plain read or write, never held across a call, so the
    // dynamic exclusivity checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var id: UInt64 = 0
    /// The element waiting for its quiet time to pass; guarded by lock.
    private let value = ElementSlot<Element>()

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        lock.lock()
        id &+= 1
        let currentId = id
        value.store(element)
        let pending = SingleAssignmentDisposable()
        timer.disposable = pending
        pending.setDisposable(
            scheduler.scheduleRelative((), dueTime: dueTime) { [self] _ in
                propagate(currentId)
                return Disposables.create()
            })
        lock.unlock()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            value.removeAll()
            forwardError(error)
            lock.unlock()
        case .completed:
            lock.lock()
            if value.hasValue {
                forwardNext(value.take())
            }
            forwardCompleted()
            lock.unlock()
        }
    }

    private func propagate(_ timerId: UInt64) {
        lock.lock()
        if value.hasValue && id == timerId {
            forwardNext(value.take())
        }
        lock.unlock()
    }
}
