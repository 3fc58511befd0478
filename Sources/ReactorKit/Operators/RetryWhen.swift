extension ObservableType {
    /// Resubscribes to the sequence after an error each time the sequence returned by
    /// `notificationHandler` sends an element.
    ///
    /// `notificationHandler` is called once per subscription with the sequence of the
    /// source's errors of type `Error`; the sequence it returns decides: an element
    /// resubscribes to the source, an error ends the result with that error, completion
    /// completes it. A source error that is not an `Error` is forwarded at once.
    ///
    /// ```swift
    /// service.fetchTasks()
    ///     .retry(when: { (errors: Observable<NetworkError>) in
    ///         errors.take(3)  // up to three retries, then completion
    ///     })
    /// ```
    ///
    /// - Parameter notificationHandler: Maps the source's errors to retry triggers.
    /// - Returns: The elements of every attempt, until one completes or the triggers end.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// Resubscribes to the sequence after an error each time the sequence returned by
    /// `notificationHandler` sends an element.
    ///
    /// `notificationHandler` is called once per subscription with the sequence of the
    /// source's errors; the sequence it returns decides: an element resubscribes to the
    /// source, an error ends the result with that error, completion completes it.
    ///
    /// ```swift
    /// service.fetchTasks()
    ///     .retry(when: { errors in errors.take(3) })
    /// ```
    ///
    /// - Parameter notificationHandler: Maps the source's errors to retry triggers.
    /// - Returns: The elements of every attempt, until one completes or the triggers end.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhen(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// Resubscribes to the sequence after an error each time the sequence returned by
    /// `notificationHandler` sends an element.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Resubscribes to the sequence after an error each time the sequence returned by
    /// `notificationHandler` sends an element.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}

private final class RetryWhen<Element, TriggerObservable: ObservableType, Failure>: Producer<Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let notificationHandler: (Observable<Failure>) -> TriggerObservable

    init(source: Observable<Element>, notificationHandler: @escaping (Observable<Failure>) -> TriggerObservable) {
        self.source = source
        self.notificationHandler = notificationHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = RetryWhenSink<Observer, TriggerObservable, Failure>(
            source: source, notificationHandler: notificationHandler, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

/// Subscribes to the source once per attempt; errors go to the handler's input, and each
/// trigger element starts the next attempt.
///
/// As in `retry()`, attempts are started through a gate: a trigger that fires while an
/// attempt is being subscribed (a source that fails synchronously) is queued and run by the
/// same loop, so the stack does not grow.
private final class RetryWhenSink<Observer: ObserverType, TriggerObservable: ObservableType, Failure>: Sink<Observer>,
    @unchecked Sendable
{
    // @unchecked Sendable: gate state is guarded by `lock`; subjects and disposables are
    // thread-safe; attempts are started by the gate's single runner
    typealias Element = Observer.Element

    private let source: Observable<Element>
    let errors: PublishSubject<Failure>
    let triggers = PublishSubject<TriggerObservable.Element>()
    private let handler: Observable<TriggerObservable.Element>
    private let subscription = SerialDisposable()

    private let lock = Lock()
    private var isGateRunning = false  // guarded by lock
    private var pendingMoves = 0  // guarded by lock

    init(
        source: Observable<Element>,
        notificationHandler: (Observable<Failure>) -> TriggerObservable,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.source = source
        let errors = PublishSubject<Failure>()
        self.errors = errors
        handler = notificationHandler(errors).asObservable()
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let triggerSubscription = handler.subscribe(triggers)
        scheduleMove()
        return Disposables.create(subscription, triggerSubscription)
    }

    override func dispose() {
        super.dispose()
        subscription.dispose()
    }

    /// Starts the next attempt now, or after the running one when called from inside it.
    func scheduleMove() {
        lock.lock()
        pendingMoves += 1
        if isGateRunning {
            lock.unlock()
            return
        }
        isGateRunning = true
        while pendingMoves > 0 {
            pendingMoves -= 1
            lock.unlock()
            subscribeAttempt()
            lock.lock()
        }
        isGateRunning = false
        lock.unlock()
    }

    private func subscribeAttempt() {
        if isDisposed { return }
        let attempt = RetryWhenAttempt(sink: self)
        subscription.disposable = attempt
        attempt.sourceSubscription.setDisposable(source.subscribe(attempt))
    }
}

/// One subscription to the source.
private final class RetryWhenAttempt<Observer: ObserverType, TriggerObservable: ObservableType, Failure>:
    ObserverType, Disposable, @unchecked Sendable
{
    // @unchecked Sendable: events arrive serially; the disposables are thread-safe
    typealias Sink = RetryWhenSink<Observer, TriggerObservable, Failure>

    private let sink: Sink
    private let stopped = AtomicFlag()
    let sourceSubscription = SingleAssignmentDisposable()
    private let triggerSubscription = SingleAssignmentDisposable()

    init(sink: Sink) {
        self.sink = sink
    }

    func onNext(_ element: Observer.Element) {
        if stopped.isSet { return }
        sink.forwardNext(element)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            guard stopped.set() else { return }
            guard let failure = error as? Failure else {
                sink.forwardError(error)
                return
            }
            sourceSubscription.dispose()
            triggerSubscription.setDisposable(sink.triggers.subscribe(RetryWhenTriggerObserver(sink: sink)))
            sink.errors.onNext(failure)
        case .completed:
            guard stopped.set() else { return }
            sink.forwardCompleted()
        }
    }

    func dispose() {
        sourceSubscription.dispose()
        triggerSubscription.dispose()
    }
}

/// Receives the handler's triggers for the attempt that failed last.
private struct RetryWhenTriggerObserver<Observer: ObserverType, TriggerObservable: ObservableType, Failure>:
    ObserverType
{
    let sink: RetryWhenSink<Observer, TriggerObservable, Failure>

    func onNext(_ element: TriggerObservable.Element) {
        sink.scheduleMove()
    }

    func on(_ event: Event<TriggerObservable.Element>) {
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
