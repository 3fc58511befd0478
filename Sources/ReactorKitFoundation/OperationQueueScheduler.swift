import Foundation
import ReactorKit

/// Runs work on an `OperationQueue`, each action as a `BlockOperation` of the given priority.
///
/// It lives in `ReactorKitFoundation` rather than `ReactorKit` because `OperationQueue` needs
/// full Foundation, which `ReactorKit` does not link (only FoundationEssentials). Import
/// `ReactorKitFoundation` to use it; `ReactorKitTesting` re-exports it.
///
/// ```swift
/// let queue = OperationQueue()
/// queue.maxConcurrentOperationCount = 2
/// let scheduler = OperationQueueScheduler(operationQueue: queue)
/// images.subscribe(on: scheduler)
/// ```
public final class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // @unchecked Sendable: immutable; OperationQueue is thread-safe
    /// The queue the actions run on.
    public let operationQueue: OperationQueue
    /// The priority of each action's operation.
    public let queuePriority: Operation.QueuePriority

    /// Creates a scheduler that adds its actions to `operationQueue` with `queuePriority`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action` with `state`, unless the returned disposable is
    /// disposed first.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        nonisolated(unsafe) let work = (state, action)
        let operation = BlockOperation {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.1(work.0))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        return cancel
    }
}
