import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct DefaultIfEmptyTests {
    @Test func sourceEmpty() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(201)])
            let res = scheduler.start { xs.ifEmpty(default: 11) }
            #expect(res.events == [.next(201, 11), .completed(201)])
            #expect(xs.subscriptions == [Subscription(200, 201)])
        }
    }

    @Test func sourceNotEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(201, 1), .next(202, 2), .completed(203)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events == [.next(201, 1), .next(202, 2), .completed(203)])
        #expect(xs.subscriptions == [Subscription(200, 203)])
    }

    @Test func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(201, testError)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events == [.error(201, testError)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }
}

@Suite struct SwitchIfEmptyTests {
    @Test func sourceNotEmpty() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([.next(205, 1), .completed(210)])
            let other = scheduler.createColdObservable([.next(50, 0), .completed(60)])
            let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(res.events == [.next(205, 1), .completed(210)])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions == [])
        }
    }

    @Test func sourceEmptySwitches() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let source = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
            let other = scheduler.createColdObservable([
                .next(10, 0), .next(20, 1), .next(30, 2), .next(40, 3), .completed(50),
            ])
            let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
            #expect(res.events == [.next(220, 0), .next(230, 1), .next(240, 2), .next(250, 3), .completed(260)])
            #expect(source.subscriptions == [Subscription(200, 210)])
            #expect(other.subscriptions == [Subscription(210, 260)])
        }
    }

    @Test func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, testError)])
        let other = scheduler.createColdObservable([.next(10, 0), .completed(50)])
        let res = scheduler.start { source.ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [.error(210, testError)])
        #expect(source.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [])
    }

    @Test func disposedWhileSwitched() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([Recorded<Event<Int>>.completed(210)])
        let other = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .completed(50)])
        let res = scheduler.start(disposed: 225) { source.ifEmpty(switchTo: other.asObservable()) }
        #expect(res.events == [.next(220, 0)])
        #expect(source.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(210, 225)])
    }
}
