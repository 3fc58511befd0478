import ReactorKit
import ReactorKitTesting
import Testing

private struct SampleError: Error, CustomStringConvertible {
    let description: String
}

@Suite struct TestSchedulerTests {
    @Test func startUsesTheDefaultTimes() {
        #expect(TestScheduler.Defaults.created == 100)
        #expect(TestScheduler.Defaults.subscribed == 200)
        #expect(TestScheduler.Defaults.disposed == 1000)
        let scheduler = TestScheduler(initialClock: 0)
        var createdAt: Int?
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { () -> TestableObservable<Int> in
            createdAt = scheduler.clock
            return xs
        }
        #expect(createdAt == 100)
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(scheduler.clock == 1000)
    }

    @Test func workScheduledForNowRunsOneTickLater() {
        let scheduler = TestScheduler(initialClock: 0)
        var times: [Int] = []
        scheduler.scheduleAt(10) {
            _ = scheduler.schedule(()) { _ in
                times.append(scheduler.clock)
                return Disposables.create()
            }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
                times.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()
        #expect(times == [11, 15])
    }

    @Test func withoutSimulatedDelayNowMeansNow() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var times: [Int] = []
        scheduler.scheduleAt(10) {
            _ = scheduler.schedule(()) { _ in
                times.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()
        #expect(times == [10])
    }

    @Test func oneTickIsOneSecondAndResolutionScalesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        var fired: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(3_000)) { _ in
            fired.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        #expect(fired == [3])
        #expect(scheduler.now.timeIntervalSince1970 == 3)

        let fine = TestScheduler(initialClock: 0, resolution: 0.001)
        var fineFired: [Int] = []
        _ = fine.scheduleRelative((), dueTime: .milliseconds(20)) { _ in
            fineFired.append(fine.clock)
            return Disposables.create()
        }
        fine.start()
        #expect(fineFired == [20])
    }

    @Test func itemsAtTheSameTimeRunInSchedulingOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        scheduler.scheduleAt(20) { log.append("b") }
        scheduler.scheduleAt(10) { log.append("a") }
        scheduler.scheduleAt(20) { log.append("c") }
        scheduler.start()
        #expect(log == ["a", "b", "c"])
    }

    @Test func advanceToRunsOnlyDueWorkThenSetsTheClock() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) { log.append(10) }
        scheduler.scheduleAt(30) { log.append(30) }
        scheduler.advanceTo(20)
        #expect(log == [10])
        #expect(scheduler.clock == 20)
        scheduler.advanceTo(30)
        #expect(log == [10, 30])
    }

    @Test func sleepMovesTheClockWithoutRunningWork() {
        let scheduler = TestScheduler(initialClock: 5)
        var ran = false
        scheduler.scheduleAt(10) { ran = true }
        scheduler.sleep(20)
        #expect(scheduler.clock == 25)
        #expect(!ran)
        scheduler.start()
        #expect(ran)
    }

    @Test func stopEndsStart() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) {
            log.append(10)
            scheduler.stop()
        }
        scheduler.scheduleAt(20) { log.append(20) }
        scheduler.start()
        #expect(log == [10])
        scheduler.start()
        #expect(log == [10, 20])
    }

    @Test func disposedWorkDoesNotRun() {
        let scheduler = TestScheduler(initialClock: 0)
        var ran = false
        let disposable = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
            ran = true
            return Disposables.create()
        }
        disposable.dispose()
        scheduler.start()
        #expect(!ran)
    }

    @Test func disposedWorkIsReleasedAtOnceThoughTheClockNeverGetsThere() {
        // Work that holds its scheduler (as a timer's sink does) and is disposed before its
        // time: holding it until the clock got there would make a cycle with a scheduler that
        // is never moved again.
        final class Work {}
        weak var released: Work?
        weak var releasedScheduler: TestScheduler?
        do {
            let scheduler = TestScheduler(initialClock: 0)
            let work = Work()
            released = work
            releasedScheduler = scheduler
            let disposable = scheduler.scheduleAbsoluteVirtual((), time: 10) { _ in
                withExtendedLifetime((work, scheduler)) {}
                return Disposables.create()
            }
            disposable.dispose()
        }
        #expect(released == nil)
        #expect(releasedScheduler == nil)
    }

    @Test func hotObservableSendsWhatItWasGivenEvenAfterTerminalEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .completed(220), .next(230, 2), .error(240, testError),
        ])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = xs.subscribe(observer) }
        scheduler.start()
        #expect(
            observer.events == [.next(210, 1), .completed(220), .next(230, 2), .error(240, testError)])
        #expect(xs.subscriptions == [Subscription(200)])
    }

    @Test func coldObservableReplaysRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(0, 1), .next(10, 2), .completed(20)])
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        var secondSubscription: Disposable?
        scheduler.scheduleAt(100) { _ = xs.subscribe(first) }
        scheduler.scheduleAt(150) { secondSubscription = xs.subscribe(second) }
        scheduler.scheduleAt(155) { secondSubscription?.dispose() }
        scheduler.start()
        #expect(first.events == [.next(100, 1), .next(110, 2), .completed(120)])
        #expect(second.events == [.next(150, 1)])
        #expect(xs.subscriptions == [Subscription(100), Subscription(150, 155)])
    }

    @Test func recordedEqualityAndDescriptions() {
        let a: Recorded<Event<Int>> = .next(10, 1)
        #expect(a == Recorded(time: 10, value: .next(1)))
        #expect(a != .next(11, 1))
        #expect(
            Recorded<Event<Int>>.error(5, SampleError(description: "boom"))
                == .error(5, SampleError(description: "boom")))
        #expect(
            Recorded<Event<Int>>.error(5, SampleError(description: "boom"))
                != .error(5, SampleError(description: "bang")))
        #expect(a.debugDescription == "next(1) @ 10")
        #expect(Recorded.events(.next(1, 1), .completed(2)) == [.next(1, 1), .completed(2)])
        #expect(Recorded.events([.next(1, 1), .completed(2)]) == [.next(1, 1), .completed(2, Int.self)])
        #expect(Subscription(200, 300).debugDescription == "(200 : 300)")
        #expect(Subscription(200).debugDescription == "(200 : Infinity)")
        #expect(Subscription(200).unsubscribe == Int.max)
    }

    @Test func startWithCustomTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(310, 1), .next(360, 2), .next(410, 3)])
        let res = scheduler.start(created: 250, subscribed: 300, disposed: 400) { xs.asObservable() }
        #expect(res.events == [.next(310, 1), .next(360, 2)])
        #expect(xs.subscriptions == [Subscription(300, 400)])
    }
}

private let testError = SampleError(description: "error")
