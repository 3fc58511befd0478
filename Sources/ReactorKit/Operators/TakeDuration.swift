extension ObservableType {
    /// Forwards the source's elements for `duration`, then completes.
    ///
    /// The timer starts when the sequence is subscribed (before the source is subscribed).
    /// Time comes from `scheduler`, so a `TestScheduler` drives it.
    ///
    /// ```swift
    /// Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance)
    ///     .take(for: .seconds(5), scheduler: MainScheduler.instance)  // 0, 1, 2, 3, completed
    /// ```
    ///
    /// - Parameters:
    ///   - duration: How long to forward elements.
    ///   - scheduler: The scheduler that runs the timer.
    /// - Returns: The source's elements during `duration`, then completion.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeDuration(source: asObservable(), duration: duration, scheduler: scheduler)
    }

    /// Forwards the source's elements for `duration`, then completes.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

private final class TakeDuration<Element>: Producer<Element>, @unchecked Sendable {
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
        let sink = TakeDurationSink(observer: observer, cancel: cancel)
        let timer = scheduler.scheduleRelative((), dueTime: duration) { _ in
            sink.tick()
            return Disposables.create()
        }
        return (sink, Disposables.create(timer, source.subscribe(sink)))
    }
}

/// Forwards under a recursive lock, so that the timer's completion (from the scheduler) and
/// the source's events never reach the observer concurrently.
private final class TakeDurationSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: every forward happens under `lock`
    private let lock = RecursiveLock()

    func onNext(_ element: Observer.Element) {
        lock.lock()
        forwardNext(element)
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
            tick()
        }
    }

    func tick() {
        lock.lock()
        forwardCompleted()
        lock.unlock()
    }
}
