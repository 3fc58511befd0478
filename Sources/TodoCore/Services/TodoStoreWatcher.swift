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
///
/// ## Threads
///
/// A change from another process is handled on the thread that looks: ``check()`` reads the
/// store and publishes `reloaded` on the calling thread, and every reactor following the bus
/// fetches, reduces and delivers its new state to its subscribers there, before `check()`
/// returns (unless another thread is delivering a message of the same bus at that moment: that
/// thread then delivers `reloaded` too, right after). After ``start()``, the thread that looks
/// is the watcher's `queue` — a serial queue of its own unless one is given — so state
/// subscribers are called there, while the front end's thread may be sending actions (each
/// reactor still reduces one mutation at a time; a reactor's `scheduler` applies to its
/// actions, not to bus messages).
///
/// A view that renders on one thread has three ways to stay there:
/// - `queue: .main`, where the main queue runs (a GUI's run loop, `dispatchMain()`, an `async`
///   `main`): the looking, the fetches and the new states all happen on the main queue;
/// - the default queue, and the view's subscriptions made with `observe(on:)` its own serial
///   scheduler (`MainScheduler.instance` where the main queue runs): reactors change on the
///   watcher's queue, the view renders on its thread;
/// - no `start()`: a front end with an event loop of its own calls ``check()`` on each wake,
///   on its thread (`todo ui` does, between keys).
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
    ///   - queue: Where the timer's checks run, and so where `reloaded` is published and the
    ///     reactors following the bus handle it; `.main` to have it all on the main queue.
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

    /// Starts looking (again), every ``interval`` on the watcher's queue; does nothing when
    /// started.
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
    ///
    /// When it returns `true`, the reactors following the bus have handled `reloaded` (unless
    /// another thread was delivering a message of the bus at that moment: see Threads, above),
    /// so a front end that calls it from its own loop renders their `currentState` next.
    @discardableResult
    public func check() -> Bool {
        var changed = false
        _ = provider.todoService.reloadIfChangedOutside().subscribe(onNext: { changed = $0 })
        return changed
    }
}
