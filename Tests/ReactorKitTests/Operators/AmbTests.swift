import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct AmbTests {
    @Test func neverAndNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
        let x2 = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
        let res = scheduler.start { x1.amb(x2) }
        #expect(res.events == [])
        #expect(x1.subscriptions == [Subscription(200, 1000)])
        #expect(x2.subscriptions == [Subscription(200, 1000)])
    }

    @Test func neverAndEmpty() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let x1 = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
            let x2 = scheduler.createHotObservable([.next(150, 1), .completed(225)])
            let res = scheduler.start { x1.amb(x2) }
            #expect(res.events == [.completed(225)])
            #expect(x1.subscriptions == [Subscription(200, 225)])
            #expect(x2.subscriptions == [Subscription(200, 225)])
        }
    }

    @Test func leftWins() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let x1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(240)])
            let x2 = scheduler.createHotObservable([.next(150, 1), .next(220, 3), .completed(250)])
            let res = scheduler.start { x1.amb(x2) }
            #expect(res.events == [.next(210, 2), .completed(240)])
            #expect(x1.subscriptions == [Subscription(200, 240)])
            #expect(x2.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test func rightWinsWithAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(240)])
        let x2 = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
        let res = scheduler.start { x1.amb(x2) }
        #expect(res.events == [.error(210, testError)])
        #expect(x1.subscriptions == [Subscription(200, 210)])
        #expect(x2.subscriptions == [Subscription(200, 210)])
    }

    @Test func sequenceOfThree() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createColdObservable([.next(30, 1), .completed(40)])
        let x2 = scheduler.createColdObservable([.next(10, 2), .completed(50)])
        let x3 = scheduler.createColdObservable([.next(20, 3), .completed(60)])
        let res = scheduler.start { Observable.amb([x1, x2, x3].map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 2), .completed(250)])
        #expect(x1.subscriptions == [Subscription(200, 210)])
        #expect(x2.subscriptions == [Subscription(200, 250)])
        #expect(x3.subscriptions == [Subscription(200, 210)])
    }

    @Test func emptySequenceNeverSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.amb([]) }
        #expect(res.events == [])
    }
}
