import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct StartWithTests {
    @Test func sendsTheElementThenTheSource() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(230)])
            let res = scheduler.start { xs.startWith(0) }
            #expect(res.events == [.next(200, 0), .next(220, 2), .completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func sendsSeveralElementsInTheOrderGiven() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.startWith(7, 8, 9) }
        #expect(res.events == [.next(200, 7), .next(200, 8), .next(200, 9), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func chainedCallsPrependTheLastOneFirst() {
        expectNoLeaks {
            var received: [Int] = []
            _ = Observable.of(1, 2).startWith(-3).startWith(-1, -2).startWith(0)
                .subscribe(onNext: { received.append($0) })
            #expect(received == [0, -1, -2, -3, 1, 2])
        }
    }

    @Test func forwardsErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, testError)])
        let res = scheduler.start { xs.startWith(1) }
        #expect(res.events == [.next(200, 1), .next(210, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])
        let res2 = scheduler2.start(disposed: 250) { ys.startWith(1) }
        #expect(res2.events == [.next(200, 1), .next(210, 2)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func elementsArriveBeforeTheSourceIsSubscribed() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: 10)
            var received: [Int] = []
            let subscription = subject.startWith(1, 2).subscribe(onNext: { received.append($0) })
            #expect(received == [1, 2, 10])
            subscription.dispose()
            #expect(!subject.hasObservers)
        }
    }
}
