import Dispatch
import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing

@Suite struct TimerTests {
    @Test func oneShotTimerSendsZeroThenCompletes() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int>.timer(.seconds(100), scheduler: scheduler) }
            #expect(res.events == [.next(300, 0), .completed(300)])
        }
    }

    @Test func oneShotTimerDisposedBeforeDueTimeSendsNothing() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 250) { Observable<Int>.timer(.seconds(100), scheduler: scheduler) }
            #expect(res.events == [])
        }
    }

    @Test func periodicTimerStartsAfterDueTimeThenTicksEveryPeriod() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 500) {
                Observable<Int>.timer(.seconds(100), period: .seconds(50), scheduler: scheduler)
            }
            #expect(res.events == [.next(300, 0), .next(350, 1), .next(400, 2), .next(450, 3)])
        }
    }

    @Test func intervalBasic() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable<Int64>.interval(.seconds(100), scheduler: scheduler) }
            #expect(
                res.events == [
                    .next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4), .next(800, 5),
                    .next(900, 6),
                ])
        }
    }

    @Test func intervalZeroTicksOnEveryVirtualStep() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start(disposed: 210) { Observable<Int64>.interval(.seconds(0), scheduler: scheduler) }
            #expect(
                res.events == [
                    .next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3), .next(205, 4), .next(206, 5),
                    .next(207, 6), .next(208, 7), .next(209, 8),
                ])
        }
    }

    @Test func intervalDisposedBeforeFirstTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int64>.interval(.seconds(1000), scheduler: scheduler) }
        #expect(res.events == [])
    }

    @Test func intervalCountWrapsAroundOnOverflow() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 460) { Observable<UInt8>.interval(.seconds(1), scheduler: scheduler) }
        #expect(res.events.count == 259)
        #expect(res.events.prefix(3) == [.next(201, 0), .next(202, 1), .next(203, 2)])
        #expect(res.events.suffix(4) == [.next(456, 255), .next(457, 0), .next(458, 1), .next(459, 2)])
    }

    @Test func intervalUsesMillisecondPeriods() {
        // 1 tick = 1 s, so a 2 s period in milliseconds is 2 ticks.
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 207) {
            Observable<Int>.interval(.milliseconds(2_000), scheduler: scheduler)
        }
        #expect(res.events == [.next(202, 0), .next(204, 1), .next(206, 2)])
    }

    @Test func timerOnTestSchedulerWithoutStartHelper() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var received: [Int] = []
            var completed = false
            _ = Observable<Int>.timer(.seconds(100), scheduler: scheduler)
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            scheduler.start()
            #expect(received == [0])
            #expect(completed)
        }
    }

    @Test func intervalOnRealSerialQueueCountsFromZeroInOrder() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let received = ConcurrentRecorder<Int64>()
        let gotTen = DispatchSemaphore(value: 0)
        let subscription = Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler)
            .subscribe(onNext: { value in
                if received.append(value) == 10 {
                    gotTen.signal()
                }
            })
        #expect(gotTen.waitPatiently())
        subscription.dispose()
        #expect(Array(received.values.prefix(10)) == Array(0..<10))
    }

    @Test func oneShotTimerOnRealQueueCompletes() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let events = ConcurrentRecorder<Event<Int>>()
        let done = DispatchSemaphore(value: 0)
        let subscription = Observable<Int>.timer(.milliseconds(5), scheduler: scheduler)
            .subscribe { event in
                _ = events.append(event)
                if event.isStopEvent { done.signal() }
            }
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(events.values == [.next(0), .completed])
    }
}
