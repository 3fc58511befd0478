extension ObservableType {
    /// Splits the source's elements into windows, each an observable that completes when it
    /// holds `count` elements or when `timeSpan` has passed since it opened, whichever comes
    /// first; the next window opens at once.
    ///
    /// The first window is sent at subscription. The source stays subscribed while the result
    /// or any window is subscribed. Errors and completion reach the current window and the
    /// result.
    ///
    /// ```swift
    /// events.window(timeSpan: .seconds(1), count: 100, scheduler: scheduler)
    ///     .flatMap { $0.toArray() }
    /// ```
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time a window lasts.
    ///   - count: The most elements a window holds.
    ///   - scheduler: The scheduler that runs the timers.
    /// - Returns: A sequence of windows.
    public func window(
        timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType
    ) -> Observable<Observable<Element>> {
        WindowTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

private final class WindowTimeCount<Element>: Producer<Observable<Element>>, @unchecked Sendable {
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
    where Observer.Element == Observable<Element> {
        let sink = WindowTimeCountSink<Element, Observer>(
            timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

private final class WindowTimeCountSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == Observable<Element> {
    // @unchecked Sendable: mutable state is guarded by `lock`, held while forwarding
    private let lock = RecursiveLock()
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let timer = SerialDisposable()
    private let groupDisposable = CompositeDisposable()
    private let refCountDisposable: RefCountDisposable
    @exclusivity(unchecked) private var subject = PublishSubject<Element>()
    @exclusivity(unchecked) private var elementCount = 0
    @exclusivity(unchecked) private var windowID = 0

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: Observer, cancel: Cancelable) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        _ = groupDisposable.insert(timer)
        refCountDisposable = RefCountDisposable(disposable: groupDisposable)
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        forwardNext(AddRef(source: subject.asObservable(), refCount: refCountDisposable))
        createTimer(windowID)
        _ = groupDisposable.insert(source.subscribe(self))
        return refCountDisposable
    }

    /// Completes the current window and sends a new one; call with `lock` held.
    private func startNewWindowAndCompleteCurrentOne() {
        subject.on(.completed)
        subject = PublishSubject<Element>()
        forwardNext(AddRef(source: subject.asObservable(), refCount: refCountDisposable))
    }

    func on(_ event: Event<Element>) {
        lock.lock()
        var newID: Int?
        switch event {
        case .next(let element):
            subject.onNext(element)
            elementCount += 1
            if elementCount == count {
                elementCount = 0
                windowID &+= 1
                newID = windowID
                startNewWindowAndCompleteCurrentOne()
            }
        case .error(let error):
            subject.on(.error(error))
            forwardError(error)
        case .completed:
            subject.on(.completed)
            forwardCompleted()
        }
        lock.unlock()
        if let newID {
            createTimer(newID)
        }
    }

    private func createTimer(_ id: Int) {
        if timer.isDisposed || lock.performLocked({ windowID != id }) {
            return
        }
        let next = SingleAssignmentDisposable()
        timer.disposable = next
        next.setDisposable(
            scheduler.scheduleRelative(id, dueTime: timeSpan) { [weak self] previousID in
                guard let self else { return Disposables.create() }
                var newID: Int?
                self.lock.lock()
                if previousID == self.windowID {
                    self.elementCount = 0
                    self.windowID &+= 1
                    newID = self.windowID
                    self.startNewWindowAndCompleteCurrentOne()
                }
                self.lock.unlock()
                if let newID {
                    self.createTimer(newID)
                }
                return Disposables.create()
            })
    }
}
