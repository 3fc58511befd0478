/// A scheduler whose clock only moves when told to: it runs scheduled work in time order,
/// jumping the clock to each item's time.
///
/// Items scheduled for the same time run in the order they were scheduled. Used through
/// `TestScheduler` in tests, where time-based operators run instantly and deterministically.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, CustomDebugStringConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: guarded by lock; meant to be driven from one thread at a time, like RxTest's
    /// The virtual time type.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// The virtual time interval type.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let lock = RecursiveLock()
    private var running = false
    private var currentClock: VirtualTime
    private var queue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>
    private var nextId = 0

    /// The converter between virtual and real time.
    public let converter: Converter

    /// Creates a scheduler whose clock starts at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        currentClock = initialClock
        self.converter = converter
        queue = PriorityQueue(hasHigherPriority: { lhs, rhs in
            switch converter.compareVirtualTime(lhs.time, rhs.time) {
            case .lessThan: return true
            case .equal: return lhs.id < rhs.id
            case .greaterThan: return false
            }
        })
    }

    /// The current virtual time as a date.
    public var now: RxTime {
        converter.convertFromVirtualTime(clock)
    }

    /// The current virtual time.
    public var clock: VirtualTime {
        lock.performLocked { currentClock }
    }

    /// Schedules `action` for the current virtual time (adjusted by ``adjustScheduledTime(_:)``).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` after `dueTime`, converted to virtual time and adjusted by
    /// ``adjustScheduledTime(_:)``.
    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = now.addingDispatchInterval(dueTime)
        let absoluteTime = converter.convertToVirtualTime(time)
        let adjustedTime = adjustScheduledTime(absoluteTime)
        return scheduleAbsoluteVirtual(state, time: adjustedTime, action: action)
    }

    /// Schedules `action` `dueTime` virtual units after the current clock (not adjusted).
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType,
        dueTime: VirtualTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = converter.offsetVirtualTime(clock, offset: dueTime)
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules `action` at virtual time `time` (not adjusted).
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType,
        time: VirtualTime,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let composite = CompositeDisposable()
        lock.lock()
        let item = VirtualSchedulerItem(action: { action(state) }, time: time, id: nextId)
        nextId += 1
        queue.enqueue(item)
        lock.unlock()
        _ = composite.insert(item)
        return composite
    }

    /// Adjusts the time of work scheduled through ``scheduleRelative(_:dueTime:action:)``;
    /// the base implementation returns `time` unchanged.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs all scheduled work, in time order, until none is left or ``stop()`` is called.
    public func start() {
        lock.lock()
        if running {
            lock.unlock()
            return
        }
        running = true
        lock.unlock()
        while let next = nextItem(notAfter: nil) {
            next.invoke()
        }
        lock.performLocked { running = false }
    }

    /// Runs all work scheduled up to `virtualTime`, then sets the clock to `virtualTime`.
    ///
    /// - Precondition: the scheduler is not already running.
    public func advanceTo(_ virtualTime: VirtualTime) {
        lock.lock()
        precondition(!running, "Scheduler is already running")
        running = true
        lock.unlock()
        while let next = nextItem(notAfter: virtualTime) {
            next.invoke()
        }
        lock.performLocked {
            currentClock = virtualTime
            running = false
        }
    }

    /// Moves the clock forward by `virtualInterval` without running any work.
    ///
    /// - Precondition: the interval is not negative.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.performLocked {
            let sleepTo = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
            precondition(!converter.compareVirtualTime(sleepTo, currentClock).lessThen, "Can't sleep to past.")
            currentClock = sleepTo
        }
    }

    /// Stops a running ``start()`` after the current item.
    public func stop() {
        lock.performLocked { running = false }
    }

    /// Dequeues the next live item due no later than `limit`, moving the clock to its time.
    private func nextItem(notAfter limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        lock.lock()
        defer { lock.unlock() }
        guard running else { return nil }
        while let front = queue.peek() {
            if front.isDisposed {
                _ = queue.dequeue()
                continue
            }
            if let limit, converter.compareVirtualTime(front.time, limit).greaterThan {
                return nil
            }
            if converter.compareVirtualTime(front.time, currentClock).greaterThan {
                currentClock = front.time
            }
            _ = queue.dequeue()
            return front
        }
        return nil
    }

    /// The times of the pending items.
    public var debugDescription: String {
        lock.performLocked {
            queue.unorderedElements.map { "\($0.time)" }.joined(separator: ", ")
        }
    }
}

/// One unit of work on a virtual time scheduler.
///
/// Disposing it (or running it) drops its action at once: an item disposed before its time
/// stays queued until the clock reaches it, and holding its closure meanwhile would keep the
/// work's observers alive, together with the scheduler they hold (a cycle when the clock never
/// gets there, as with a test scheduler nobody moves).
final class VirtualSchedulerItem<Time>: Disposable, @unchecked Sendable {
    // @unchecked Sendable: `action` is guarded by `lock`; the rest is immutable or thread-safe
    let time: Time
    let id: Int
    private let lock = Lock()
    private var action: (() -> Disposable)?
    private let disposable = SingleAssignmentDisposable()

    init(action: @escaping () -> Disposable, time: Time, id: Int) {
        self.action = action
        self.time = time
        self.id = id
    }

    var isDisposed: Bool {
        disposable.isDisposed
    }

    func invoke() {
        guard let action = takeAction() else { return }
        disposable.setDisposable(action())
    }

    func dispose() {
        disposable.dispose()
        // Taken out of the lock, then released: releasing the closure may run deinits.
        _ = takeAction()
    }

    private func takeAction() -> (() -> Disposable)? {
        lock.performLocked { action.take() }
    }
}
