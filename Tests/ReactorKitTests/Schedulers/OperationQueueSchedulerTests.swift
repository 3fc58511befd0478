import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing

@Suite struct OperationQueueSchedulerTests {
    @Test func runsTheActionOnTheQueue() async {
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let scheduler = OperationQueueScheduler(operationQueue: queue, queuePriority: .high)
        #expect(scheduler.queuePriority == .high)
        let ranOnQueue = await withCheckedContinuation { continuation in
            _ = scheduler.schedule(()) { _ in
                continuation.resume(returning: OperationQueue.current === queue)
                return Disposables.create()
            }
        }
        #expect(ranOnQueue)
    }

    @Test func disposedBeforeItRunsDoesNothing() {
        let queue = OperationQueue()
        queue.isSuspended = true
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let ran = Locked(false)
        let disposable = scheduler.schedule(()) { _ in
            ran.withLock { $0 = true }
            return Disposables.create()
        }
        disposable.dispose()
        queue.isSuspended = false
        queue.waitUntilAllOperationsAreFinished()
        #expect(!ran.withLock { $0 })
    }

    @Test func drivesSubscribeOn() {
        let queue = OperationQueue()
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        let values = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        let subscription = Observable.of(1, 2, 3)
            .subscribe(on: scheduler)
            .subscribe(onNext: { value in values.withLock { $0.append(value) } }, onCompleted: { done.signal() })
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(values.withLock { $0 } == [1, 2, 3])
    }
}
