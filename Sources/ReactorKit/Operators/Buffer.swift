extension ObservableType {
    /// Collects the source's elements into arrays, each sent when it holds `count` elements
    /// or when `timeSpan` has passed since the previous one was sent, whichever comes first.
    ///
    /// The first window starts at subscription. A window that ends by time is sent even when
    /// empty; on completion the current array is sent (possibly empty), then completion. An
    /// error drops the current array.
    ///
    /// ```swift
    /// clicks.buffer(timeSpan: .seconds(1), count: 10, scheduler: MainScheduler.instance)
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time a window lasts.
    ///   - count: The most elements a window holds.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: A sequence of arrays of the source's elements.
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        BufferTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

private final class BufferTimeCount<Element>: Producer<[Element]>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let timeSpan: RxTimeInterval
    let count: Int
    let scheduler: SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == [Element] {
        let sink = BufferTimeCountSink<Element, Observer>(
            timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

private final class BufferTimeCountSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == [Element] {
    // @unchecked Sendable: mutable state is guarded by `lock`, held while forwarding
    private let lock = RecursiveLock()
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    @exclusivity(unchecked) private var buffer: [Element] = []
    @exclusivity(unchecked) private var windowID = 0

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        createTimer(windowID)
        return Disposables.create(timer, source.subscribe(self))
    }

    /// Sends the current buffer and starts the next window; call with `lock` held.
    private func startNewWindowAndSendCurrentOne() {
        windowID &+= 1
        let id = windowID
        let buffer = self.buffer
        self.buffer = []
        forwardNext(buffer)
        createTimer(id)
    }

    func on(_ event: Event<Element>) {
        lock.lock()
        switch event {
        case .next(let element):
            buffer.append(element)
            if buffer.count == count {
                startNewWindowAndSendCurrentOne()
            }
        case .error(let error):
            buffer = []
            forwardError(error)
        case .completed:
            forwardNext(buffer)
            forwardCompleted()
        }
        lock.unlock()
    }

    private func createTimer(_ id: Int) {
        if timer.isDisposed || windowID != id {
            return
        }
        let next = SingleAssignmentDisposable()
        timer.disposable = next
        next.setDisposable(
            scheduler.scheduleRelative(id, dueTime: timeSpan) { [weak self] previousID in
                guard let self else { return Disposables.create() }
                self.lock.lock()
                if previousID == self.windowID {
                    self.startNewWindowAndSendCurrentOne()
                }
                self.lock.unlock()
                return Disposables.create()
            })
    }
}
