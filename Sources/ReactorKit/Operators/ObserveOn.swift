extension ObservableType {
    /// Delivers the source's events to the observer through `scheduler`.
    ///
    /// Events keep their order and are never delivered concurrently; nothing is delivered
    /// after the subscription is disposed. Only delivery moves: to subscribe on a
    /// scheduler, use ``subscribe(on:)``.
    ///
    /// - On a ``SerialDispatchQueueScheduler`` (including ``MainScheduler``) each event is
    ///   scheduled on its queue by itself.
    /// - On any other scheduler, events are queued and delivered one scheduled step at a
    ///   time. With ``CurrentThreadScheduler`` this means an event sent while trampolined
    ///   work runs on the thread (for example from inside another delivery) is delivered
    ///   after that work, in order — which is how a reactor queues re-entrant actions.
    ///
    /// ```swift
    /// reactor.state.map(\.title)
    ///     .observe(on: MainScheduler.instance)
    ///     .subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to deliver events on.
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            return ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: serial)
        }
        if scheduler is CurrentThreadScheduler {
            return ObserveOnCurrentThread(source: asObservable())
        }
        return ObserveOn(source: asObservable(), scheduler: scheduler)
    }

    /// Delivers the source's events to the observer through `scheduler`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

// MARK: - Any scheduler

/// The general implementation: a queue of events pumped by recursive scheduling.
private final class ObserveOn<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let scheduler: ImmediateSchedulerType

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: queue and flags guarded by lock; one pump step runs at a time
    typealias Element = Observer.Element

    private let scheduler: ImmediateSchedulerType
    private let pump = SerialDisposable()
    private let lock = Lock()

    // guarded by lock
    private var queue = Queue<Event<Element>>(capacity: 10)
    private var isPumping = false
    private var isStopped = false

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent {
            isStopped = true
        }
        queue.enqueue(event)
        let startPump = !isPumping
        isPumping = true
        lock.unlock()

        if startPump {
            pump.disposable = scheduler.scheduleRecursive(()) { [self] _, recurse in
                if step() {
                    recurse(())
                }
            }
        }
    }

    /// Delivers the next queued event; returns whether more events are waiting.
    private func step() -> Bool {
        lock.lock()
        guard let event = queue.dequeue() else {
            isPumping = false
            lock.unlock()
            return false
        }
        lock.unlock()

        if cancel.isDisposed { return false }
        observer.on(event)
        if event.isStopEvent {
            dispose()
        }

        return lock.performLocked {
            if queue.isEmpty {
                isPumping = false
                return false
            }
            return true
        }
    }

    override func dispose() {
        lock.performLocked { isStopped = true }
        super.dispose()
        pump.dispose()
    }
}

// MARK: - CurrentThreadScheduler

/// The general implementation specialised for ``CurrentThreadScheduler``, with the same
/// behaviour and no allocation per event in the common case.
///
/// The general pump's first step runs at once when no trampolined work runs on the thread
/// (the trampoline is then started around it), and is queued on the trampoline otherwise;
/// every later step is queued on the trampoline behind whatever the delivered event
/// scheduled. This sink does exactly that, but delivers a first event that may run at once
/// without going through the queue or a scheduled item.
private final class ObserveOnCurrentThread<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ObserveOnCurrentThreadSink(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class ObserveOnCurrentThreadSink<Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: queue and flags guarded by lock; one pump step runs at a time
    typealias Element = Observer.Element

    private let lock = Lock()

    // guarded by lock
    private var queue = Queue<Event<Element>>(capacity: 10)
    private var isPumping = false
    private var isStopped = false

    func on(_ event: Event<Element>) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent {
            isStopped = true
        }
        if isPumping {
            queue.enqueue(event)
            lock.unlock()
            return
        }
        isPumping = true
        if CurrentThreadScheduler.isScheduleRequired {
            // The queue is empty whenever the pump is idle, so this event would be the one
            // the first step dequeues.
            lock.unlock()
            CurrentThreadScheduler.runTrampolined {
                if deliver(event) {
                    scheduleStep()
                }
            }
        } else {
            queue.enqueue(event)
            lock.unlock()
            scheduleStep()
        }
    }

    /// Queues the next pump step on this thread's trampoline, which is running.
    private func scheduleStep() {
        _ = CurrentThreadScheduler.instance.schedule(self) { sink in
            if sink.step() {
                sink.scheduleStep()
            }
            return Disposables.create()
        }
    }

    /// Delivers the next queued event; returns whether more events are waiting.
    private func step() -> Bool {
        lock.lock()
        guard let event = queue.dequeue() else {
            isPumping = false
            lock.unlock()
            return false
        }
        lock.unlock()
        return deliver(event)
    }

    /// Delivers `event` unless disposed; returns whether more events are waiting.
    private func deliver(_ event: Event<Element>) -> Bool {
        if cancel.isDisposed { return false }
        observer.on(event)
        if event.isStopEvent {
            dispose()
        }
        lock.lock()
        defer { lock.unlock() }
        if queue.isEmpty {
            isPumping = false
            return false
        }
        return true
    }

    override func dispose() {
        lock.performLocked { isStopped = true }
        super.dispose()
    }
}

// MARK: - SerialDispatchQueueScheduler

/// The implementation for serial dispatch queues: each event is scheduled by itself, and
/// the queue keeps them in order and one at a time.
private final class ObserveOnSerialDispatchQueue<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let scheduler: SerialDispatchQueueScheduler

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: the observer is only called from the serial queue; `isStopped` is atomic
    typealias Element = Observer.Element

    private let scheduler: SerialDispatchQueueScheduler
    private let isStopped = AtomicFlag()

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if isStopped.isSet { return }
        case .error, .completed:
            if !isStopped.set() { return }
        }
        _ = scheduler.schedule((self, event)) { sink, event in
            sink.deliver(event)
            return Disposables.create()
        }
    }

    private func deliver(_ event: Event<Element>) {
        if cancel.isDisposed { return }
        observer.on(event)
        if event.isStopEvent {
            dispose()
        }
    }

    override func dispose() {
        isStopped.set()
        super.dispose()
    }
}
