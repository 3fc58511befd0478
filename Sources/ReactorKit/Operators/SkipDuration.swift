extension ObservableType {
    /// Drops the source's elements for `duration`, then forwards the rest.
    ///
    /// The timer starts when the sequence is subscribed (before the source is subscribed).
    /// Errors and completion are forwarded at any time. Time comes from `scheduler`.
    ///
    /// ```swift
    /// searchResults.skip(.milliseconds(500), scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to drop elements.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: The source's elements after `duration`, and its terminal event.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    /// Drops the source's elements for `duration`, then forwards the rest: the same as
    /// ``skip(_:scheduler:)``, RxSwift 6's spelling, labelled like ``take(for:scheduler:)``.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        skip(duration, scheduler: scheduler)
    }
}

private final class SkipDuration<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let duration: RxTimeInterval
    let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SkipDurationSink(observer: observer, cancel: cancel)
        let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
            sink.open()
            return Disposables.create()
        }
        return (sink, Disposables.create(timer, source.subscribe(sink)))
    }
}

private final class SkipDurationSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `isOpen` and every forward are guarded by `lock`
    private let lock = RecursiveLock()
    @exclusivity(unchecked) private var isOpen = false  // guarded by lock; plain reads and writes

    func open() {
        lock.lock()
        isOpen = true
        lock.unlock()
    }

    func onNext(_ element: Observer.Element) {
        lock.lock()
        if isOpen {
            forwardNext(element)
        }
        lock.unlock()
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            forwardError(error)
            lock.unlock()
        case .completed:
            lock.lock()
            forwardCompleted()
            lock.unlock()
        }
    }
}
