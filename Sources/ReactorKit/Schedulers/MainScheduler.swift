import Dispatch
import Foundation
import Synchronization

/// Runs work on the main dispatch queue.
///
/// When called on the main thread with nothing of its own pending, ``schedule(_:action:)``
/// runs the action at once, as RxSwift's `MainScheduler` does; otherwise it goes through
/// `DispatchQueue.main.async`. ``asyncInstance`` always goes through the queue. On Linux
/// the main queue runs only while the main thread drains it (`dispatchMain()`, a run loop,
/// or an async `main`).
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

    /// Whether the caller runs on the main thread.
    public static var isMainThread: Bool {
        Thread.isMainThread
    }

    /// Stops with a programming-error message in debug builds unless on the main thread.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        #if DEBUG
            if !Thread.isMainThread {
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
        if Thread.isMainThread && previous == 0 {
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
