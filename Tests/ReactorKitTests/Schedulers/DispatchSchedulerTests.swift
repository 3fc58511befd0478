import Dispatch
import Foundation
import ReactorKit
import Synchronization
import TestSupport
import Testing

/// Waits (polling) until `condition` holds or ``Patience/limit`` passes; returns whether it held.
func waitUntil(_ condition: () -> Bool) -> Bool {
    Patience.waitUntil(condition)
}

@Suite struct DispatchSchedulerTests {
    @Test func serialSchedulerRunsActionsInOrderOffTheCallingThread() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
        let log = ConcurrentRecorder<Int>()
        let caller = Thread.current
        let sameThread = Atomic<Bool>(false)
        for index in 0..<100 {
            _ = scheduler.schedule(index) { value in
                if Thread.current == caller { sameThread.store(true, ordering: .relaxed) }
                log.append(value)
                return Disposables.create()
            }
        }
        #expect(waitUntil { log.values.count == 100 })
        #expect(log.values == Array(0..<100))
        let sameThreadValue = sameThread.load(ordering: .relaxed)
        #expect(!sameThreadValue)
    }

    @Test func disposingBeforeItRunsCancelsTheAction() {
        let queue = DispatchQueue(label: "test.blocked")
        let scheduler = SerialDispatchQueueScheduler(
            queue: queue, internalSerialQueueName: "test.blocked.serial")
        let gate = DispatchSemaphore(value: 0)
        let ran = Atomic<Bool>(false)
        let finished = Atomic<Bool>(false)
        _ = scheduler.schedule(()) { _ in
            gate.wait()
            return Disposables.create()
        }
        let cancelled = scheduler.schedule(()) { _ in
            ran.store(true, ordering: .relaxed)
            return Disposables.create()
        }
        _ = scheduler.schedule(()) { _ in
            finished.store(true, ordering: .relaxed)
            return Disposables.create()
        }
        cancelled.dispose()
        gate.signal()
        #expect(waitUntil { finished.load(ordering: .relaxed) == true })
        let ranValue = ran.load(ordering: .relaxed)
        #expect(!ranValue)
    }

    @Test func scheduleRelativeWaitsAndCanBeCancelled() {
        // A barrier holds the queue until the cancelled action is disposed, so that its timer
        // cannot run it first however long this thread is held up (on a loaded machine, 30 ms
        // between scheduling and disposing is no time at all).
        let queue = DispatchQueue(label: "test.relative", attributes: .concurrent)
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let gate = DispatchSemaphore(value: 0)
        queue.async(flags: .barrier) { _ = gate.waitPatiently() }
        let start = ContinuousClock.now
        let elapsed = ConcurrentRecorder<Duration>()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(50)) { _ in
            elapsed.append(ContinuousClock.now - start)
            return Disposables.create()
        }
        let cancelledRan = Atomic<Bool>(false)
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(30)) { _ in
            cancelledRan.store(true, ordering: .relaxed)
            return Disposables.create()
        }
        cancelled.dispose()
        gate.signal()
        #expect(waitUntil { !elapsed.values.isEmpty })
        queue.sync(flags: .barrier) {}  // whatever the timers put on the queue has run
        #expect(elapsed.values[0] >= .milliseconds(50))
        let cancelledRanValue = cancelledRan.load(ordering: .relaxed)
        #expect(!cancelledRanValue)
    }

    @Test func schedulePeriodicThreadsStateUntilDisposed() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let states = ConcurrentRecorder<Int>()
        let subscription = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(2)) {
            state in
            states.append(state)
            return state + 1
        }
        #expect(waitUntil { states.values.count >= 5 })
        subscription.dispose()
        let countAtDispose = states.values.count
        Thread.sleep(forTimeInterval: 0.05)
        let values = states.values
        #expect(Array(values.prefix(5)) == [0, 1, 2, 3, 4])
        #expect(values.count <= countAtDispose + 1)
    }

    @Test func mainSchedulerRunsOnTheMainThread() async {
        let onMain = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = MainScheduler.instance.schedule(()) { _ in
                    continuation.resume(returning: isOnMainQueue())
                    return Disposables.create()
                }
            }
        }
        #expect(onMain)
        let asyncOnMain = await withCheckedContinuation { continuation in
            _ = MainScheduler.asyncInstance.schedule(()) { _ in
                continuation.resume(returning: isOnMainQueue())
                return Disposables.create()
            }
        }
        #expect(asyncOnMain)
    }

    @Test func concurrentMainSchedulerRunsOnTheMainQueue() async {
        let onMain = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = ConcurrentMainScheduler.instance.schedule(()) { _ in
                    continuation.resume(returning: isOnMainQueue())
                    return Disposables.create()
                }
            }
        }
        #expect(onMain)
        let afterDelay = await withCheckedContinuation { continuation in
            _ = ConcurrentMainScheduler.instance.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
                continuation.resume(returning: isOnMainQueue())
                return Disposables.create()
            }
        }
        #expect(afterDelay)
    }

    @Test func schedulersReportWallClockNow() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let before = Date()
        let now = scheduler.now
        let after = Date()
        #expect(before <= now && now <= after, "\(before) ≤ \(now) ≤ \(after)")
    }
}

private let mainQueueMarker: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 7)
    return key
}()

/// Whether the caller runs on the main dispatch queue (not necessarily the first thread).
private func isOnMainQueue() -> Bool {
    DispatchQueue.getSpecific(key: mainQueueMarker) == 7
}
