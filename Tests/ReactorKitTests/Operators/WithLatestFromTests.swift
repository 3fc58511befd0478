import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct WithLatestFromTests {
    private static func firstSource(
        _ scheduler: TestScheduler, ending last: Recorded<Event<Int>> = .completed(590)
    ) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6), .next(410, 7),
            .next(420, 8), .next(470, 9), .next(550, 10), last,
        ])
    }

    @Test func combinesWithTheLatestElementOfTheSecondSource() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = Self.firstSource(scheduler)
            let ys = scheduler.createHotObservable([
                .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400),
            ])
            let res = scheduler.start { xs.withLatestFrom(ys) { x, y in "\(x)\(y)" } }
            #expect(
                res.events == [
                    .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .next(410, "7qux"),
                    .next(420, "8qux"), .next(470, "9qux"), .next(550, "10qux"), .completed(590),
                ])
            #expect(xs.subscriptions == [Subscription(200, 590)])
            #expect(ys.subscriptions == [Subscription(200, 400)])
        }
    }

    @Test func completesWithTheFirstSource() {
        for (secondFirstElement, expected) in [
            (255, [Recorded.next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .completed(390)]),
            (245, [.next(250, "3bar"), .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .completed(390)]),
        ] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6),
                .completed(390),
            ])
            let ys = scheduler.createHotObservable([
                .next(secondFirstElement, "bar"), .next(330, "foo"), .next(350, "qux"), .next(370, "baz"),
                .completed(400),
            ])
            let res = scheduler.start { xs.withLatestFrom(ys) { x, y in "\(x)\(y)" } }
            #expect(res.events == expected)
            #expect(xs.subscriptions == [Subscription(200, 390)])
            #expect(ys.subscriptions == [Subscription(200, 390)])
        }
    }

    @Test func errorOfTheFirstSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.firstSource(scheduler, ending: .error(590, testError))
        let ys = scheduler.createHotObservable([
            .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400),
        ])
        let res = scheduler.start { xs.withLatestFrom(ys) { x, y in "\(x)\(y)" } }
        #expect(
            res.events == [
                .next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .next(410, "7qux"), .next(420, "8qux"),
                .next(470, "9qux"), .next(550, "10qux"), .error(590, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 590)])
        #expect(ys.subscriptions == [Subscription(200, 400)])
    }

    @Test func errorOfTheSecondSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6), .completed(390),
        ])
        let ys = scheduler.createHotObservable([
            .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .error(370, testError),
        ])
        let res = scheduler.start { xs.withLatestFrom(ys) { x, y in "\(x)\(y)" } }
        #expect(res.events == [.next(260, "4bar"), .next(310, "5bar"), .next(340, "6foo"), .error(370, testError)])
        #expect(xs.subscriptions == [Subscription(200, 370)])
        #expect(ys.subscriptions == [Subscription(200, 370)])
    }

    @Test func resultSelectorThrowing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(90, 1), .next(180, 2), .next(250, 3), .next(260, 4), .next(310, 5), .next(340, 6), .completed(390),
        ])
        let ys = scheduler.createHotObservable([
            .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400),
        ])
        let res = scheduler.start {
            xs.withLatestFrom(ys) { x, y throws -> String in
                if x == 5 { throw testError }
                return "\(x)\(y)"
            }
        }
        #expect(res.events == [.next(260, "4bar"), .error(310, testError)])
        #expect(xs.subscriptions == [Subscription(200, 310)])
        #expect(ys.subscriptions == [Subscription(200, 310)])
    }

    @Test func defaultOverloadSendsTheSecondSourcesElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.firstSource(scheduler)
        let ys = scheduler.createHotObservable([
            .next(255, "bar"), .next(330, "foo"), .next(350, "qux"), .completed(400),
        ])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(
            res.events == [
                .next(260, "bar"), .next(310, "bar"), .next(340, "foo"), .next(410, "qux"), .next(420, "qux"),
                .next(470, "qux"), .next(550, "qux"), .completed(590),
            ])
        #expect(xs.subscriptions == [Subscription(200, 590)])
        #expect(ys.subscriptions == [Subscription(200, 400)])
    }

    @Test func disposalUnsubscribesBothSources() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = Self.firstSource(scheduler)
        let ys = scheduler.createHotObservable([.next(255, "bar"), .next(330, "foo"), .completed(400)])
        let res = scheduler.start(disposed: 320) { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(260, "bar"), .next(310, "bar")])
        #expect(xs.subscriptions == [Subscription(200, 320)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test func secondSourceIsSubscribedFirst() {
        // Immediate values: the second subject's current value is known when the first
        // subject replays its own.
        expectNoLeaks {
            let xs = BehaviorSubject(value: 3)
            let ys = BehaviorSubject(value: 5)
            var events: [Event<String>] = []
            let subscription = xs.withLatestFrom(ys) { x, y in "\(x)\(y)" }.subscribe { events.append($0) }
            #expect(events == [.next("35")])
            ys.onNext(6)
            xs.onNext(4)
            ys.onCompleted()
            xs.onNext(7)
            xs.onCompleted()
            #expect(events == [.next("35"), .next("46"), .next("76"), .completed])
            #expect(!xs.hasObservers)
            subscription.dispose()
        }
    }

    @Test(.reentrantOnPurpose) func reentrantElementFromTheObserver() {
        expectNoLeaks {
            let xs = PublishSubject<Int>()
            let ys = BehaviorSubject(value: "a")
            var received: [String] = []
            let subscription = xs.withLatestFrom(ys) { x, y in "\(x)\(y)" }
                .subscribe(onNext: { value in
                    received.append(value)
                    if value == "1a" {
                        ys.onNext("b")
                        xs.onNext(2)
                    }
                })
            xs.onNext(1)
            #expect(received == ["1a", "2b"])
            subscription.dispose()
        }
    }
}
