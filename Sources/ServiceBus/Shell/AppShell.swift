/// Owns an app's service provider and its live reactors, reports everything they do in one
/// trace stream, and tears it all down in one call.
///
/// ```swift
/// let shell = AppShell(provider: AppServiceProvider())
/// shell.observe(shell.provider.taskService.events, name: "tasks")
/// let list = shell.make { TaskListReactor(provider: $0) }
///
/// shell.events
///     .subscribe(onNext: { print($0) })   // actions, mutations, states, bus messages
///     .disposed(by: disposeBag)
///
/// list.send(.refresh)
/// shell.release(list)                     // or, when the app ends:
/// shell.tearDown()                        // every reactor released, every subscription disposed
/// ```
///
/// A reactor the shell keeps is live at once: ``make(_:)`` and ``keep(_:)`` build its state
/// stream (as a first read of `state` would), so it follows the buses it merges in
/// `transform(mutation:)` from that moment, and a message published right after `make` reaches
/// its `currentState` before anything reads `state`. A reactor used without a shell keeps
/// ReactorKit's lazy stream, built on the first read of `action` or `state`.
///
/// Tracing runs only while `events` has subscribers, so an idle shell costs nothing per
/// action.
public final class AppShell<Provider: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: mutable state is guarded by lock
    /// The services every reactor the shell makes receives.
    public let provider: Provider

    // Recursive: starting a trace may deliver at once (a bus replays its latest message) to an
    // observer of `events` that calls back into the shell.
    private let lock = RecursiveLock()
    private var live: [ObjectIdentifier: LiveReactor] = [:]
    private var order: [ObjectIdentifier] = []  // insertion order of `live`
    private var buses: [ObservedBus] = []
    private var eventObservers = 0
    private var tornDown = false
    private let subject = PublishSubject<AppEvent>(queuingReentrantEvents: true)

    /// Creates a shell around `provider`.
    public init(provider: Provider) {
        self.provider = provider
    }

    /// Creates a reactor with `make`, given the provider, and keeps it alive until it is
    /// released or the shell is torn down.
    ///
    /// The reactor's state stream is built before `make(_:)` returns (see ``keep(_:)``): it
    /// hears every bus message published from then on.
    ///
    /// - Precondition: the shell is not torn down.
    @discardableResult
    public func make<R: Reactor>(_ make: (Provider) -> R) -> R {
        let reactor = make(provider)
        keep(reactor)
        return reactor
    }

    /// Keeps `reactor` alive (and traced while `events` is observed) until it is released or
    /// the shell is torn down. Keeping it twice keeps it once.
    ///
    /// Its state stream is built now, if it was not yet (unless the reactor is stubbed): from
    /// here on every message of the buses it merges in `transform(mutation:)` reaches its
    /// `currentState`, whether or not anything subscribes to `state`. (A `MessageBus` delivers
    /// its latest message at once; an `EventBus` message sent before this call is not seen.)
    public func keep<R: Reactor>(_ reactor: R) {
        let id = ObjectIdentifier(reactor)
        let entry = LiveReactor(reactor)
        lock.performLocked {
            precondition(!tornDown, "AppShell.keep(_:) called after tearDown()")
            guard live[id] == nil else { return }
            live[id] = entry
            order.append(id)
            if eventObservers > 0 {
                entry.startTracing(into: subject)
                subject.onNext(.added(reactorType: entry.typeName, reactorID: id))
            }
        }
        // Outside the lock: building the stream runs the reactor's transforms and may deliver
        // a bus's latest message at once.
        if !reactor.isStubEnabled {
            _ = reactor.state
        }
    }

    /// Stops keeping `reactor` alive; it is freed once nothing else references it.
    public func release(_ reactor: some Reactor) {
        let id = ObjectIdentifier(reactor)
        let removed: LiveReactor? = lock.performLocked {
            guard let entry = live.removeValue(forKey: id) else { return nil }
            order.removeAll { $0 == id }
            entry.stopTracing()
            if eventObservers > 0 {
                subject.onNext(.removed(reactorType: entry.typeName, reactorID: id))
            }
            return entry
        }
        _ = removed  // the reactor is released here, outside the lock
    }

    /// The reactors the shell keeps alive, oldest first.
    public var reactors: [AnyObject] {
        lock.performLocked { order.compactMap { live[$0]?.reactor } }
    }

    /// Reports the messages of `bus` in ``events`` under `name`.
    public func observe<Bus: ObservableConvertibleType>(_ bus: Bus, name: String) {
        let observed = ObservedBus(bus: bus.asObservable(), name: name)
        lock.performLocked {
            guard !tornDown else { return }
            buses.append(observed)
            if eventObservers > 0 {
                observed.start(into: subject)
            }
        }
    }

    /// Every live reactor's actions, mutations and states, reactors joining and leaving, and
    /// the observed buses' messages, as they happen. Completes when the shell is torn down.
    public var events: Observable<AppEvent> {
        Observable.create { [weak self] observer in
            guard let self else {
                observer.onCompleted()
                return Disposables.create()
            }
            let subscription = self.subject.subscribe(observer)
            self.eventObserverAdded()
            return Disposables.create { [weak self] in
                subscription.dispose()
                self?.eventObserverRemoved()
            }
        }
    }

    /// Whether ``tearDown()`` has been called.
    public var isTornDown: Bool {
        lock.performLocked { tornDown }
    }

    /// Releases every reactor, disposes every subscription the shell made, and completes
    /// ``events``. The shell cannot be used afterwards.
    public func tearDown() {
        let (reactors, buses): ([LiveReactor], [ObservedBus]) = lock.performLocked {
            guard !tornDown else { return ([], []) }
            tornDown = true
            let reactors = order.compactMap { live[$0] }
            live = [:]
            order = []
            let buses = self.buses
            self.buses = []
            return (reactors, buses)
        }
        for reactor in reactors { reactor.stopTracing() }
        for bus in buses { bus.stop() }
        subject.onCompleted()
    }

    private func eventObserverAdded() {
        lock.performLocked {
            eventObservers += 1
            guard eventObservers == 1 && !tornDown else { return }
            for id in order { live[id]?.startTracing(into: subject) }
            for bus in buses { bus.start(into: subject) }
        }
    }

    private func eventObserverRemoved() {
        lock.performLocked {
            eventObservers -= 1
            guard eventObservers == 0 else { return }
            for id in order { live[id]?.stopTracing() }
            for bus in buses { bus.stop() }
        }
    }
}

/// A reactor kept alive by a shell, and its trace while the shell's events are observed.
private final class LiveReactor: @unchecked Sendable {
    // @unchecked Sendable: `trace` is guarded by lock; the rest is immutable
    let reactor: AnyObject
    let typeName: String
    private let startTrace: (@escaping @Sendable (ReactorTraceEvent) -> Void) -> Disposable
    private let lock = Lock()
    private var trace: Disposable?

    init<R: Reactor>(_ reactor: R) {
        self.reactor = reactor
        typeName = String(describing: R.self)
        startTrace = { [unowned reactor] handler in reactor.trace(handler) }
    }

    func startTracing(into subject: PublishSubject<AppEvent>) {
        let trace = startTrace { event in subject.onNext(.reactor(event)) }
        let previous = lock.performLocked { () -> Disposable? in
            let previous = self.trace
            self.trace = trace
            return previous
        }
        previous?.dispose()
    }

    func stopTracing() {
        let trace = lock.performLocked { () -> Disposable? in
            let trace = self.trace
            self.trace = nil
            return trace
        }
        trace?.dispose()
    }
}

/// A bus whose messages a shell reports while its events are observed.
private final class ObservedBus: @unchecked Sendable {
    // @unchecked Sendable: `subscription` is guarded by lock; the rest is immutable
    private let subscribeToBus: (PublishSubject<AppEvent>) -> Disposable
    private let lock = Lock()
    private var subscription: Disposable?

    init<Message>(bus: Observable<Message>, name: String) {
        subscribeToBus = { subject in
            bus.subscribe(onNext: { message in
                subject.onNext(.message(bus: name, value: String(describing: message)))
            })
        }
    }

    func start(into subject: PublishSubject<AppEvent>) {
        let subscription = subscribeToBus(subject)
        let previous = lock.performLocked { () -> Disposable? in
            let previous = self.subscription
            self.subscription = subscription
            return previous
        }
        previous?.dispose()
    }

    func stop() {
        let subscription = lock.performLocked { () -> Disposable? in
            let subscription = self.subscription
            self.subscription = nil
            return subscription
        }
        subscription?.dispose()
    }
}
