extension ObservableType {
    /// Continues a sequence that fails with the sequence `handler` returns for the error.
    ///
    /// The source is unsubscribed when it fails, right after the handler's sequence has been
    /// subscribed. An error thrown by `handler` is sent as the sequence's error.
    ///
    /// ```swift
    /// service.fetchTasks()
    ///     .catch { error in .just([]) }
    /// ```
    ///
    /// - Parameter handler: Returns the sequence that replaces the failed one.
    /// - Returns: The source's elements, followed by those of the handler's sequence if the
    ///   source fails.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        Catch(source: asObservable(), handler: handler)
    }

    /// Continues a sequence that fails with the sequence `handler` returns for the error.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }

    /// Ends a sequence that fails with `element`, then completion, instead of the error.
    ///
    /// ```swift
    /// service.fetchCount().catchAndReturn(0)
    /// ```
    ///
    /// - Parameter element: The last element, sent if the source fails.
    /// - Returns: The source's elements, followed by `element` if the source fails.
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        Catch(source: asObservable(), handler: { _ in Observable.just(element) })
    }

    /// Ends a sequence that fails with `element`, then completion, instead of the error.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// Subscribes to each sequence of `sequence` in turn while the previous one fails.
    ///
    /// The result ends with the first sequence that completes, or with the last error when
    /// every sequence fails; it completes at once when `sequence` is empty.
    ///
    /// ```swift
    /// Observable.catch(sequence: [primary, fallback])
    /// ```
    ///
    /// - Parameter sequence: The sequences to try, in order.
    /// - Returns: The elements of the sequences tried, until one completes.
    public static func `catch`<Sources: Swift.Sequence>(sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        CatchSequence(sources: sequence)
    }

    /// Subscribes to each sequence of `sequence` in turn while the previous one fails.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sources: Swift.Sequence>(_ sequence: Sources) -> Observable<Element>
    where Sources.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }

    /// Resubscribes to the sequence each time it fails, until it completes.
    ///
    /// **This can create an infinite sequence.** A source that fails synchronously is
    /// resubscribed in a loop, not recursively, so the stack does not grow.
    ///
    /// ```swift
    /// service.fetchTasks().retry()
    /// ```
    ///
    /// - Returns: The elements of every attempt, until one completes.
    public func retry() -> Observable<Element> {
        CatchSequence(sources: RepeatForever(element: asObservable()))
    }

    /// Subscribes to the sequence up to `maxAttemptCount` times while it fails.
    ///
    /// `maxAttemptCount` counts every subscription, the first included: to retry once after an
    /// error, use `retry(2)`. When the last attempt fails, its error is sent. `retry(0)`
    /// completes at once without subscribing.
    ///
    /// ```swift
    /// service.fetchTasks().retry(3)  // at most 3 attempts
    /// ```
    ///
    /// - Parameter maxAttemptCount: The maximum number of subscriptions; must not be negative.
    /// - Returns: The elements of every attempt, until one completes or the attempts run out.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        CatchSequence(sources: Swift.repeatElement(asObservable(), count: maxAttemptCount))
    }
}

// MARK: - catch with a handler

private final class Catch<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let handler: (Swift.Error) throws -> Observable<Element>

    init(source: Observable<Element>, handler: @escaping (Swift.Error) throws -> Observable<Element>) {
        self.source = source
        self.handler = handler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = CatchSink(handler: handler, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

private final class CatchSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: events arrive serially; `subscription` is thread-safe
    typealias Element = Observer.Element
    private let handler: (Swift.Error) throws -> Observable<Element>
    private let subscription = SerialDisposable()

    init(handler: @escaping (Swift.Error) throws -> Observable<Element>, observer: Observer, cancel: Cancelable) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(source.subscribe(self))
        return subscription
    }

    func onNext(_ element: Element) {
        forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .completed:
            forwardCompleted()
        case .error(let error):
            do {
                let fallback = try handler(error)
                subscription.disposable = fallback.subscribe(CatchFallbackObserver(sink: self))
            } catch {
                forwardError(error)
            }
        }
    }
}

/// Forwards the fallback sequence's events to the catch sink.
private struct CatchFallbackObserver<Observer: ObserverType>: ObserverType {
    let sink: CatchSink<Observer>

    func onNext(_ element: Observer.Element) {
        sink.forwardNext(element)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            sink.forwardError(error)
        case .completed:
            sink.forwardCompleted()
        }
    }
}

// MARK: - catch over a sequence of sources (also retry)

/// The sources of `retry()`: the same observable, forever.
private struct RepeatForever<Element>: Sequence, IteratorProtocol {
    let element: Element

    func next() -> Element? {
        element
    }
}

private final class CatchSequence<Sources: Sequence, Element>: Producer<Element>, @unchecked Sendable
where Sources.Element == Observable<Element> {
    // @unchecked Sendable: immutable
    let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = CatchSequenceSink<Sources, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(sources.makeIterator()))
    }
}

/// Subscribes to one source after another while they fail.
///
/// Moving to the next source runs through a gate: a move requested while another runs (a
/// source that fails during its own subscription) is queued and run by the same loop once
/// the current one returns, so synchronous failures never deepen the stack. A nested
/// `CatchSequence` of the same kind is flattened into the iterator stack.
private final class CatchSequenceSink<Sources: Sequence, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Sources.Element == Observable<Observer.Element> {
    // @unchecked Sendable: gate state is guarded by `lock`; `iterators` is only touched by the
    // gate's single runner; `lastError` is written before a move is requested and read by it
    typealias Element = Observer.Element

    private let lock = Lock()
    private var isGateRunning = false  // guarded by lock
    private var pendingMoves = 0  // guarded by lock
    private var pendingDispose = false  // guarded by lock

    private var iterators: [Sources.Iterator] = []
    private var lastError: Swift.Error?
    private let subscription = SerialDisposable()

    func run(_ iterator: Sources.Iterator) -> Disposable {
        iterators.append(iterator)
        scheduleMove()
        return subscription
    }

    func onNext(_ element: Element) {
        forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lastError = error
            scheduleMove()
        case .completed:
            forwardCompleted()
        }
    }

    override func dispose() {
        super.dispose()
        subscription.dispose()
        lock.lock()
        pendingDispose = true
        runGate()
    }

    private func scheduleMove() {
        lock.lock()
        pendingMoves += 1
        runGate()
    }

    /// Runs queued commands unless another call is already running them; called with `lock`
    /// held, returns with it released.
    private func runGate() {
        if isGateRunning {
            lock.unlock()
            return
        }
        isGateRunning = true
        while true {
            if pendingDispose {
                pendingDispose = false
                lock.unlock()
                iterators.removeAll()
            } else if pendingMoves > 0 {
                pendingMoves -= 1
                lock.unlock()
                moveNext()
            } else {
                isGateRunning = false
                lock.unlock()
                return
            }
            lock.lock()
        }
    }

    private func moveNext() {
        if isDisposed { return }
        var next: Observable<Element>?
        while next == nil {
            guard var iterator = iterators.popLast() else { break }
            guard let candidate = iterator.next() else { continue }
            iterators.append(iterator)
            if let nested = candidate as? CatchSequence<Sources, Element> {
                iterators.append(nested.sources.makeIterator())
            } else {
                next = candidate
            }
        }
        guard let next else {
            done()
            return
        }
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(next.subscribe(self))
    }

    private func done() {
        if let lastError {
            forwardError(lastError)
        } else {
            forwardCompleted()
        }
    }
}
