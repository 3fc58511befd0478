import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ElementAtTests {
    @Test func first() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(280, 42), .next(360, 43), .next(470, 44), .completed(600),
            ])
            let res = scheduler.start { xs.element(at: 0) }
            #expect(res.events == [.next(280, 42), .completed(280)])
            #expect(xs.subscriptions == [Subscription(200, 280)])
        }
    }

    @Test func other() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(280, 42), .next(360, 43), .next(470, 44), .completed(600)])
        let res = scheduler.start { xs.element(at: 2) }
        #expect(res.events == [.next(470, 44), .completed(470)])
        #expect(xs.subscriptions == [Subscription(200, 470)])
    }

    @Test func outOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(280, 42), .next(360, 43), .next(470, 44), .completed(600)])
        let res = scheduler.start { xs.element(at: 3) }
        #expect(res.events == [.error(600, RxError.argumentOutOfRange)])
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(280, 42), .error(360, testError)])
        let res = scheduler.start { xs.element(at: 3) }
        #expect(res.events == [.error(360, testError)])
        #expect(xs.subscriptions == [Subscription(200, 360)])
    }

    @Test func disposedBeforeTheIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(280, 42), .next(360, 43), .next(470, 44), .completed(600)])
        let res = scheduler.start(disposed: 400) { xs.element(at: 2) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}
