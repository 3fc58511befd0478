import Dispatch

/// Notices changes another process writes to the store and publishes `reloaded` on the todo
/// service's bus, so that a long-lived front end (`todo shell`, `todo ui`) stays live.
///
/// It looks at the store's files every ``interval`` (a `stat`, no reading) and, when they
/// changed outside this process, reads the store again and publishes once.
///
/// ```swift
/// let watcher = TodoStoreWatcher(provider: provider)
/// watcher.start()
/// // … reactors following the bus refresh themselves on `.reloaded` …
/// watcher.stop()
/// ```
public final class TodoStoreWatcher: @unchecked Sendable {
    // @unchecked Sendable: `timer` is guarded by mutex; the rest is immutable
    /// How often the store is looked at.
    public let interval: DispatchTimeInterval
    private unowned let provider: TodoServiceProviderType
    private let queue: DispatchQueue
    private let mutex = PosixMutex()
    private var timer: DispatchSourceTimer?

    /// Creates a watcher (stopped) for the provider's store.
    ///
    /// - Parameters:
    ///   - provider: The provider whose storage is watched and whose todo service's `events`
    ///     carry `reloaded`; held unowned (the provider must outlive the watcher).
    ///   - interval: How often to look (250 ms by default: changes appear within a second).
    ///   - queue: Where the check runs and `reloaded` is published from.
    public init(
        provider: TodoServiceProviderType, interval: DispatchTimeInterval = .milliseconds(250),
        queue: DispatchQueue = DispatchQueue(label: "todo.store-watcher")
    ) {
        self.provider = provider
        self.interval = interval
        self.queue = queue
    }

    deinit {
        timer?.cancel()
    }

    /// Starts looking (again); does nothing when started.
    public func start() {
        mutex.withLock {
            guard timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(20))
            timer.setEventHandler { [weak self] in self?.check() }
            timer.resume()
            self.timer = timer
        }
    }

    /// Stops looking.
    public func stop() {
        let timer = mutex.withLock { () -> DispatchSourceTimer? in
            let timer = self.timer
            self.timer = nil
            return timer
        }
        timer?.cancel()
    }

    /// Looks once, now, on the calling thread: publishes `reloaded` if the store changed
    /// outside this process. Returns whether it did.
    @discardableResult
    public func check() -> Bool {
        var changed = false
        _ = provider.todoService.reloadIfChangedOutside().subscribe(onNext: { changed = $0 })
        return changed
    }
}
