import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct SwitchLatestTests {
    @Test func switchesToTheLatestInner() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([
                .next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106),
                .completed(230),
            ])
            let ys2 = scheduler.createColdObservable([
                .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), .completed(50),
            ])
            let ys3 = scheduler.createColdObservable([
                .next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304), .completed(150),
            ])
            let xs = scheduler.createHotObservable([
                .next(300, ys1), .next(400, ys2), .next(500, ys3), .completed(600),
            ])
            let res = scheduler.start { xs.switchLatest() }
            #expect(
                res.events == [
                    .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203),
                    .next(440, 204),
                    .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304), .completed(650),
                ])
            #expect(xs.subscriptions == [Subscription(200, 600)])
            #expect(ys1.subscriptions == [Subscription(300, 400)])
            #expect(ys2.subscriptions == [Subscription(400, 450)])
            #expect(ys3.subscriptions == [Subscription(500, 650)])
        }
    }

    @Test func innerError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .error(20, testError)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .completed(600)])
        let res = scheduler.start { xs.switchLatest() }
        #expect(res.events == [.next(310, 101), .error(320, testError)])
        #expect(xs.subscriptions == [Subscription(200, 320)])
        #expect(ys1.subscriptions == [Subscription(300, 320)])
    }
}
