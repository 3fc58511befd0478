import Dispatch
import Synchronization

/// Runs work on the main dispatch queue.
///
/// When called on the main thread with nothing of its own pending, `schedule(_:action:)`
/// runs the action at once, as RxSwift's `MainScheduler` does; otherwise it goes through
/// `DispatchQueue.main.async`. ``asyncInstance`` always goes through the queue.
///
/// "On the main thread" means executing on the main dispatch queue: on Linux, after
/// `dispatchMain()` (and in an async `main`) the main queue is drained by a worker thread,
/// not by the process's first thread, so the check uses a queue-specific key, not
/// `Thread.isMainThread`.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    // @unchecked Sendable: immutable but for the atomic counter
    /// The shared instance.
    public static let instance = MainScheduler()

    /// A scheduler that always dispatches asynchronously to the main queue.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main)

    private let numberEnqueued = Atomic<Int>(0)

    /// Creates a main-queue scheduler; prefer ``instance``.
    public init() {
        super.init(serialQueue: DispatchQueue.main)
    }

    /// Stops with a programming-error message in debug builds unless running on the main queue.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        #if DEBUG
            if !DispatchQueue.isMain {
                fatalError(errorMessage ?? "Running on background thread.")
            }
        #endif
    }

    /// The same check as ``ensureRunningOnMainThread(errorMessage:)``.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        ensureRunningOnMainThread(
            errorMessage: errorMessage
                ?? "Executing on background thread. Please use `MainScheduler.instance.schedule` to schedule work on main thread."
        )
    }

    override func scheduleInternal<StateType>(
        _ state: StateType,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let previous = numberEnqueued.add(1, ordering: .acquiringAndReleasing).oldValue
        if DispatchQueue.isMain && previous == 0 {
            let disposable = action(state)
            numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
            return disposable
        }
        let cancel = SingleAssignmentDisposable()
        let work = UnsafeTransfer((state, action))
        DispatchQueue.main.async {
            if !cancel.isDisposed {
                cancel.setDisposable(work.value.1(work.value.0))
            }
            self.numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
        }
        return cancel
    }
}

extension DispatchQueue {
    private static let mainQueueMarker = MainQueueMarker()

    /// Whether the caller is executing on the main dispatch queue.
    static var isMain: Bool {
        DispatchQueue.getSpecific(key: mainQueueMarker.key) != nil
    }
}

/// The key marking the main queue. (A box: `DispatchSpecificKey` is not `Sendable` on every
/// platform, and a static constant must be.)
private final class MainQueueMarker: @unchecked Sendable {
    // @unchecked Sendable: immutable once made
    let key = DispatchSpecificKey<UInt8>()

    init() {
        DispatchQueue.main.setSpecific(key: key, value: 1)
    }
}
