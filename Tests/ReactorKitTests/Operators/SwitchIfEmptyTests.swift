import ReactorKit
import ReactorKitTesting
import Testing

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
