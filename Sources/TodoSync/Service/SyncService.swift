import Dispatch
import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sync service: runs ``SyncEngine`` on a scheduler of its own (off the front end's thread:
/// a sync waits on the network), one sync at a time, and publishes what each brings in on the
/// todo service's bus (`TodoServiceType/announce(_:)`) and where it stands on ``status``.
///
/// ```swift
/// let sync = SyncService(
///     provider: provider, url: connector.url,
///     state: SyncStateFile(path: SyncStateFile.path(besideStore: provider.storageService.location)),
///     transport: { try connector.open() }, delivery: .polled)
/// sync.start(every: .seconds(300), firstAfter: .seconds(2))
/// // in the front end's loop, on its thread:
/// if sync.deliver() { render() }
/// ```
///
/// ## Threads
///
/// A sync runs on the service's scheduler — a serial queue of its own unless one is given (a
/// `TestScheduler` in tests, for virtual time) — and writes the store there, each write whole
/// under the store's lock (`TodoStorageType/write(_:then:)`), the lock never held during
/// network I/O. ``SyncStatus/syncing`` is published there too. What a sync brought in, then its
/// status, is published as `TodoStoreWatcher` publishes other processes' changes, where the
/// front end chooses (``Delivery``): on the scheduler right after the sync (the default), on a
/// queue (`.main`), or on the front end's own thread when its loop calls ``deliver()``
/// (`todo ui` does, between keys). The reactors following the bus handle it there.
public final class SyncService: BaseService<TodoServiceProviderType>, SyncServiceType, @unchecked Sendable {
    // @unchecked Sendable: the mutable state is guarded by mutex; the rest is immutable or
    // thread-safe (the bus, the scheduler, the dispatch group)

    /// Where what a sync brought in, and its status, are published.
    public enum Delivery: Sendable {
        /// On the service's scheduler, as soon as the sync ends.
        case scheduler
        /// On `queue` (`.main` for a GUI), as soon as the sync ends.
        case queue(DispatchQueue)
        /// On the front end's thread, when its loop calls ``SyncService/deliver()``.
        case polled
    }

    /// Where the sync stands; see ``SyncServiceType/status``.
    public let status = MessageBus<SyncStatus>(initial: .idle)
    /// The other side's URL, which the sync state is for.
    public let url: String
    /// Where what a sync brought in is published.
    public let delivery: Delivery
    private let state: any SyncStateStore
    private let connect: @Sendable () throws(SyncError) -> any SyncTransport
    private let options: SyncEngine.Options
    private let scheduler: SchedulerType
    private let running = DispatchGroup()
    private let mutex = PosixMutex()
    private var queuedJob: Job?  // guarded by mutex
    private var runningJob: Job?  // guarded by mutex
    private var transport: (any SyncTransport)?  // guarded by mutex
    private var timer: Disposable?  // guarded by mutex
    private var pending: [() -> Void] = []  // guarded by mutex
    private var isShutDown = false  // guarded by mutex

    /// The callers waiting for one sync's result.
    private struct Job {
        var observers: [(Result<SyncReport, SyncFailure>) -> Void] = []
    }

    /// A service syncing the provider's store with the other side at `url`.
    ///
    /// - Parameters:
    ///   - provider: The provider whose storage is synced and whose todo service's bus carries
    ///     what a sync brings in; held unowned (it must outlive the service).
    ///   - url: The other side's URL, which `state` is kept for.
    ///   - state: Where the sync state is kept (``SyncStateFile`` beside the store).
    ///   - transport: Opens the other side, once per sync, on the scheduler
    ///     (``SyncConnector/open()``).
    ///   - options: How the engine syncs (this device's name, the clock).
    ///   - scheduler: Where syncs run: a serial queue of the service's own by default.
    ///   - delivery: Where what a sync brings in is published: on the scheduler by default.
    public init(
        provider: TodoServiceProviderType, url: String, state: any SyncStateStore,
        transport: @escaping @Sendable () throws(SyncError) -> any SyncTransport,
        options: SyncEngine.Options = SyncEngine.Options(),
        scheduler: SchedulerType = SerialDispatchQueueScheduler(internalSerialQueueName: "todo.sync"),
        delivery: Delivery = .scheduler
    ) {
        self.url = url
        self.state = state
        self.connect = transport
        self.options = options
        self.scheduler = scheduler
        self.delivery = delivery
        super.init(provider: provider)
    }

    deinit {
        timer?.dispose()
    }

    // MARK: Asking for syncs

    /// Syncs soon unless a sync is running or about to; see ``SyncServiceType/syncNow()``.
    public func syncNow() {
        request(joiningRunning: true, nil)
    }

    /// A sync after the one running; see ``SyncServiceType/sync()``.
    public func sync() -> Observable<SyncReport> {
        Observable.create { [self] observer in
            request(joiningRunning: false) { result in
                switch result {
                case .success(let report):
                    observer.onNext(report)
                    observer.onCompleted()
                case .failure(let failure):
                    observer.onError(failure)
                }
            }
            return Disposables.create()
        }
    }

    /// Syncs every `interval`; see ``SyncServiceType/start(every:firstAfter:)``.
    public func start(every interval: RxTimeInterval, firstAfter delay: RxTimeInterval) {
        let ticks = scheduler.schedulePeriodic((), startAfter: delay, period: interval) { [weak self] _ in
            self?.syncNow()
        }
        let (replaced, refused): (Disposable?, Bool) = mutex.withLock {
            guard !isShutDown else { return (nil, true) }
            defer { timer = ticks }
            return (timer, false)
        }
        replaced?.dispose()
        if refused { ticks.dispose() }
    }

    /// Stops the scheduled syncs; see ``SyncServiceType/stop()``.
    public func stop() {
        let stopped = mutex.withLock { () -> Disposable? in
            defer { timer = nil }
            return timer
        }
        stopped?.dispose()
    }

    /// Publishes what the syncs ended since brought in; see ``SyncServiceType/deliver()``.
    @discardableResult
    public func deliver() -> Bool {
        let work = mutex.withLock { () -> [() -> Void] in
            defer { pending = [] }
            return pending
        }
        for finish in work { finish() }
        return !work.isEmpty
    }

    /// Ends the service; see ``SyncServiceType/shutDown(waitingAtMost:)``.
    @discardableResult
    public func shutDown(waitingAtMost timeout: DispatchTimeInterval) -> Bool {
        let (timer, transport, waiting) = mutex.withLock {
            () -> (Disposable?, (any SyncTransport)?, [(Result<SyncReport, SyncFailure>) -> Void]) in
            isShutDown = true
            defer {
                self.timer = nil
                queuedJob = nil
            }
            return (self.timer, self.transport, queuedJob?.observers ?? [])
        }
        timer?.dispose()
        transport?.abandon()
        let stopped = stoppedFailure()
        for observer in waiting { observer(.failure(stopped)) }
        return running.wait(timeout: .now() + timeout) == .success
    }

    // MARK: Running a sync

    /// Adds a job, or joins the one queued (or the one running, when `joiningRunning`); calls
    /// `observer` with its result.
    private func request(joiningRunning: Bool, _ observer: ((Result<SyncReport, SyncFailure>) -> Void)?) {
        enum Outcome { case joined, schedule, refused }
        let outcome = mutex.withLock { () -> Outcome in
            if isShutDown { return .refused }
            if queuedJob != nil {
                if let observer { queuedJob?.observers.append(observer) }
                return .joined
            }
            if joiningRunning, runningJob != nil {
                if let observer { runningJob?.observers.append(observer) }
                return .joined
            }
            queuedJob = Job(observers: observer.map { [$0] } ?? [])
            return .schedule
        }
        switch outcome {
        case .joined:
            break
        case .refused:
            observer?(.failure(stoppedFailure()))
        case .schedule:
            _ = scheduler.schedule(()) { [weak self] _ in
                self?.runQueuedJob()
                return Disposables.create()
            }
        }
    }

    /// Runs the queued sync, then publishes its outcome as ``delivery`` says.
    private func runQueuedJob() {
        let started = mutex.withLock { () -> Bool in
            guard !isShutDown, let job = queuedJob else { return false }
            queuedJob = nil
            runningJob = job
            running.enter()
            return true
        }
        guard started else { return }
        status.send(.syncing)
        let result = runEngine()
        let observers = mutex.withLock { () -> [(Result<SyncReport, SyncFailure>) -> Void] in
            defer {
                runningJob = nil
                transport = nil
            }
            return runningJob?.observers ?? []
        }
        let finish = { [self] in self.finish(result, observers: observers) }
        switch delivery {
        case .scheduler:
            finish()
        case .queue(let queue):
            let work = Finish(run: finish)
            queue.async { work.run() }
        case .polled:
            mutex.withLock { pending.append(finish) }
        }
        running.leave()
    }

    /// One sync, on the scheduler.
    private func runEngine() -> Result<SyncReport, SyncFailure> {
        do {
            let opened = StoppableTransport(try connect()) { [weak self] in
                self?.mutex.withLock { self?.isShutDown ?? true } ?? true
            }
            let stopped = mutex.withLock { () -> Bool in
                transport = opened
                return isShutDown
            }
            if stopped { opened.abandon() }
            let engine = SyncEngine(
                storage: provider.storageService, state: state, transport: opened, url: url, options: options)
            return .success(try engine.sync())
        } catch {
            return .failure(SyncFailure(error, at: provider.clock.now()))
        }
    }

    /// Publishes what a sync brought in on the todo service's bus, then its status, then tells
    /// those waiting for it.
    private func finish(
        _ result: Result<SyncReport, SyncFailure>, observers: [(Result<SyncReport, SyncFailure>) -> Void]
    ) {
        switch result {
        case .success(let report):
            if !report.changesHere.isEmpty {
                let service = provider.todoService
                _ = service.announce(report.changesHere).subscribe(onError: { _ in
                    service.events.send(.reloaded)  // the store could not be read back: fetch again
                })
            }
            status.send(.synced(report, at: provider.clock.now()))
        case .failure(let failure):
            status.send(.failed(failure))
        }
        for observer in observers { observer(result) }
    }

    private func stoppedFailure() -> SyncFailure {
        SyncFailure(StoppableTransport.stopped, at: provider.clock.now())
    }
}

/// A sync's outcome to publish on another queue.
private struct Finish: @unchecked Sendable {
    // @unchecked Sendable: run once, on the queue it is sent to; what it calls is thread-safe
    let run: () -> Void
}

/// A transport that refuses every call once `isStopped` says so, and abandons the I/O of the
/// one it wraps when asked: how a sync stops at its next safe point.
private final class StoppableTransport: SyncTransport, @unchecked Sendable {
    // @unchecked Sendable: immutable; the wrapped transport is Sendable and `isStopped` thread-safe
    static let stopped = SyncError.unreachable(
        "the sync was stopped (todo is quitting); the next sync goes on from here")

    private let base: any SyncTransport
    private let isStopped: @Sendable () -> Bool

    init(_ base: any SyncTransport, isStopped: @escaping @Sendable () -> Bool) {
        self.base = base
        self.isStopped = isStopped
    }

    var name: String { base.name }

    private func check() throws(SyncError) {
        if isStopped() { throw Self.stopped }
    }

    func list(since token: String?) throws(SyncError) -> RemoteListing {
        try check()
        return try base.list(since: token)
    }

    func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] {
        try check()
        return try base.fetch(hrefs)
    }

    func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?) {
        try check()
        return try base.create(name: name, bytes: bytes)
    }

    func update(href: String, bytes: [UInt8], etag: String?) throws(SyncError) -> String? {
        try check()
        return try base.update(href: href, bytes: bytes, etag: etag)
    }

    func delete(href: String, etag: String?) throws(SyncError) {
        try check()
        try base.delete(href: href, etag: etag)
    }

    /// Never refused: what was written there is recorded in the state.
    func flush() throws(SyncError) {
        try base.flush()
    }

    func abandon() {
        base.abandon()
    }
}
