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
    // Guarded by lock; every access is a plain read or write, or an `ObserveOnQueue` operation
    // that calls out to nothing, and none is held across a call, so the dynamic exclusivity
    // checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var queue = ObserveOnQueue<Element>()
    @exclusivity(unchecked) private var isPumping = false
    @exclusivity(unchecked) private var isStopped = false

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        queue.enqueue(element)
        let startPump = !isPumping
        isPumping = true
        lock.unlock()
        if startPump {
            startPumping()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            stop(error)
        case .completed:
            stop(nil)
        }
    }

    /// Queues the terminal event: `.error(error)`, or `.completed` when `error` is `nil`.
    private func stop(_ error: Swift.Error?) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        isStopped = true
        queue.stop(error)
        let startPump = !isPumping
        isPumping = true
        lock.unlock()
        if startPump {
            startPumping()
        }
    }

    @inline(never)
    private func startPumping() {
        pump.disposable = scheduler.scheduleRecursive(()) { [self] _, recurse in
            if step() {
                recurse(())
            }
        }
    }

    /// Delivers the next queued event; returns whether more events are waiting.
    private func step() -> Bool {
        lock.lock()
        if queue.hasElements {
            let element = queue.dequeue()
            lock.unlock()
            if cancel.isDisposed { return false }
            observer.onNext(element)
        } else if queue.hasStop {
            let error = queue.takeStop()
            lock.unlock()
            if cancel.isDisposed { return false }
            sendStop(error)
        } else {
            isPumping = false
            lock.unlock()
            return false
        }
        lock.lock()
        let hasMore = !queue.isEmpty
        if !hasMore {
            isPumping = false
        }
        lock.unlock()
        return hasMore
    }

    override func dispose() {
        lock.performLocked { isStopped = true }
        super.dispose()
        pump.dispose()
    }
}

/// The events an observe-on sink has yet to deliver: elements in order, then possibly the
/// terminal event (nothing is queued after it).
///
/// The terminal event is kept as an error or `nil` (completion) rather than as an `Event`,
/// and the elements in an ``ElementRing`` made on first need, so that queueing and delivering
/// elements touches no generic type but the element's own (in unspecialized code every
/// generic type costs a runtime metadata lookup). Not thread-safe.
private struct ObserveOnQueue<Element> {
    private var elements: ElementRing<Element>?
    /// Whether the terminal event is queued after the elements.
    private(set) var hasStop = false
    private var stopError: Swift.Error?

    /// Whether an element is queued.
    var hasElements: Bool {
        if let elements {
            return elements.count > 0
        }
        return false
    }

    var isEmpty: Bool {
        !hasElements && !hasStop
    }

    mutating func enqueue(_ element: Element) {
        if let elements {
            elements.enqueue(element)
        } else {
            enqueueFirst(element)
        }
    }

    @inline(never)
    private mutating func enqueueFirst(_ element: Element) {
        let elements = ElementRing<Element>(capacity: 8)
        elements.enqueue(element)
        self.elements = elements
    }

    /// Removes the front element; `hasElements` must be `true`.
    func dequeue() -> Element {
        elements!.dequeue()
    }

    /// Queues the terminal event: `.error(error)`, or `.completed` when `error` is `nil`.
    mutating func stop(_ error: Swift.Error?) {
        hasStop = true
        stopError = error
    }

    /// Removes the queued terminal event: its error, or `nil` for completion.
    mutating func takeStop() -> Swift.Error? {
        hasStop = false
        let error = stopError
        stopError = nil
        return error
    }
}

extension Sink {
    /// Sends the observer `.error(error)`, or `.completed` when `error` is `nil`, and disposes
    /// the sink. Out of line, so that element paths build no `Event`.
    @inline(never)
    fileprivate func sendStop(_ error: Swift.Error?) {
        if let error {
            observer.on(.error(error))
        } else {
            observer.on(.completed)
        }
        dispose()
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
    // Guarded by lock; every access is a plain read or write, or an `ObserveOnQueue` operation
    // that calls out to nothing, and none is held across a call, so the dynamic exclusivity
    // checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var queue = ObserveOnQueue<Element>()
    @exclusivity(unchecked) private var isPumping = false
    @exclusivity(unchecked) private var isStopped = false

    func onNext(_ element: Element) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        if isPumping {
            queue.enqueue(element)
            lock.unlock()
            return
        }
        isPumping = true
        if CurrentThreadScheduler.isScheduleRequired {
            // The queue is empty whenever the pump is idle, so this element would be the one
            // the first step dequeues.
            lock.unlock()
            CurrentThreadScheduler.runTrampolined {
                if deliverNext(element) {
                    scheduleStep()
                }
            }
        } else {
            queue.enqueue(element)
            lock.unlock()
            scheduleStep()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            stop(error)
        case .completed:
            stop(nil)
        }
    }

    /// Handles the terminal event: `.error(error)`, or `.completed` when `error` is `nil`.
    private func stop(_ error: Swift.Error?) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        isStopped = true
        if isPumping {
            queue.stop(error)
            lock.unlock()
            return
        }
        isPumping = true
        if CurrentThreadScheduler.isScheduleRequired {
            lock.unlock()
            CurrentThreadScheduler.runTrampolined {
                if deliverStop(error) {
                    scheduleStep()
                }
            }
        } else {
            queue.stop(error)
            lock.unlock()
            scheduleStep()
        }
    }

    /// Queues the next pump step on this thread's trampoline, which is running.
    @inline(never)
    private func scheduleStep() {
        _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            if step() {
                scheduleStep()
            }
            return Disposables.create()
        }
    }

    /// Delivers the next queued event; returns whether more events are waiting.
    private func step() -> Bool {
        lock.lock()
        if queue.hasElements {
            let element = queue.dequeue()
            lock.unlock()
            return deliverNext(element)
        }
        if queue.hasStop {
            let error = queue.takeStop()
            lock.unlock()
            return deliverStop(error)
        }
        isPumping = false
        lock.unlock()
        return false
    }

    /// Delivers `element` unless disposed; returns whether more events are waiting.
    private func deliverNext(_ element: Element) -> Bool {
        if cancel.isDisposed { return false }
        observer.onNext(element)
        return continuesPumping()
    }

    /// Delivers the terminal event unless disposed; returns whether more events are waiting.
    private func deliverStop(_ error: Swift.Error?) -> Bool {
        if cancel.isDisposed { return false }
        sendStop(error)
        return continuesPumping()
    }

    /// Whether more events are waiting, after a delivery; stops the pump when none is.
    private func continuesPumping() -> Bool {
        lock.lock()
        let hasMore = !queue.isEmpty
        if !hasMore {
            isPumping = false
        }
        lock.unlock()
        return hasMore
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

    func onNext(_ element: Element) {
        if isStopped.isSet { return }
        _ = scheduler.schedule(()) { [self] _ in
            deliverNext(element)
            return Disposables.create()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            stop(error)
        case .completed:
            stop(nil)
        }
    }

    /// Schedules the terminal event: `.error(error)`, or `.completed` when `error` is `nil`.
    private func stop(_ error: Swift.Error?) {
        if !isStopped.set() { return }
        _ = scheduler.schedule(()) { [self] _ in
            if !cancel.isDisposed {
                sendStop(error)
            }
            return Disposables.create()
        }
    }

    private func deliverNext(_ element: Element) {
        if cancel.isDisposed { return }
        observer.onNext(element)
    }

    override func dispose() {
        isStopped.set()
        super.dispose()
    }
}
