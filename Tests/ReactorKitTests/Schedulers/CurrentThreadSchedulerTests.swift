import Dispatch
import Foundation
import ReactorKit
import Synchronization
import Testing

@Suite struct CurrentThreadSchedulerTests {
    @Test func scheduleRunsAtOnceOutsideTheTrampoline() {
        #expect(CurrentThreadScheduler.isScheduleRequired)
        var executed = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            executed = true
            #expect(!CurrentThreadScheduler.isScheduleRequired)
            return Disposables.create()
        }
        #expect(executed)
        #expect(CurrentThreadScheduler.isScheduleRequired)
    }

    @Test func nestedWorkRunsAfterTheCurrentWorkInOrder() {
        var messages: [Int] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            messages.append(1)
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                messages.append(3)
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    messages.append(5)
                    return Disposables.create()
                }
                messages.append(4)
                return Disposables.create()
            }
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                messages.append(3)
                return Disposables.create()
            }
            messages.append(2)
            return Disposables.create()
        }
        #expect(messages == [1, 2, 3, 4, 3, 5])
    }

    @Test func disposingQueuedWorkCancelsIt() {
        var messages: [Int] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            messages.append(1)
            let disposable = CurrentThreadScheduler.instance.schedule(()) { _ in
                messages.append(3)
                return Disposables.create()
            }
            disposable.dispose()
            messages.append(2)
            return disposable
        }
        #expect(messages == [1, 2])
    }

    @Test func disposingFromInsideQueuedWorkCancelsItsChild() {
        var messages: [Int] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            messages.append(1)
            let disposable = CurrentThreadScheduler.instance.schedule(()) { _ in
                messages.append(3)
                let child = CurrentThreadScheduler.instance.schedule(()) { _ in
                    messages.append(5)
                    return Disposables.create()
                }
                child.dispose()
                messages.append(4)
                return child
            }
            messages.append(2)
            return disposable
        }
        #expect(messages == [1, 2, 3, 4])
    }

    @Test func eachThreadHasItsOwnTrampoline() {
        let outsideRequired = Atomic<Int>(0)
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            // Another thread is not inside this thread's trampoline.
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                if CurrentThreadScheduler.isScheduleRequired { outsideRequired.add(1, ordering: .relaxed) }
                done.signal()
            }
            thread.start()
            done.wait()
            return Disposables.create()
        }
        let required = outsideRequired.load(ordering: .relaxed)
        #expect(required == 1)
    }

    @Test func recursiveSchedulingDoesNotGrowTheStack() {
        // 100,000 recursive steps would overflow the stack if each ran nested.
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count += 1
            if value < 100_000 { recurse(value + 1) }
        }
        #expect(count == 100_001)
    }

    @Test func ofIsSynchronousButTrampolinedInsideScheduledWork() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            _ = Observable.of(1, 2).subscribe(onNext: { log.append("of \($0)") })
            log.append("after subscribe")
            return Disposables.create()
        }
        #expect(log == ["after subscribe", "of 1", "of 2"])
    }
}
