import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct SkipUntilTests {
    private let someData: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ]

    @Test func someDataNext() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable(someData)
            let r = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
            let res = scheduler.start { l.skip(until: r) }
            #expect(res.events == [.next(230, 4), .next(240, 5), .completed(250)])
            #expect(l.subscriptions == [Subscription(200, 250)])
            #expect(r.subscriptions == [Subscription(200, 225)])
        }
    }

    @Test func someDataError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable(someData)
            let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
            let res = scheduler.start { l.skip(until: r) }
            #expect(res.events == [.error(225, testError)])
            #expect(l.subscriptions == [Subscription(200, 225)])
            #expect(r.subscriptions == [Subscription(200, 225)])
        }
    }

    @Test func errorSomeData() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(220, testError)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(250)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [.error(220, testError)])
        #expect(l.subscriptions == [Subscription(200, 220)])
        #expect(r.subscriptions == [Subscription(200, 220)])
    }

    @Test func someDataEmptyNeverForwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func neverNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 2), .completed(250)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [])
        #expect(l.subscriptions == [Subscription(200, 1000)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func neverError() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [.error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func someDataErrorAfterSourceCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let r = scheduler.createHotObservable([.next(150, 1), .error(300, testError)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 250)])
    }

    @Test func someDataNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let r = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 250)])
    }

    @Test func neverEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [])
        #expect(l.subscriptions == [Subscription(200, 1000)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func neverNever() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable([.next(150, 1)])
            let r = scheduler.createHotObservable([.next(150, 1)])
            let res = scheduler.start { l.skip(until: r) }
            #expect(res.events == [])
            #expect(l.subscriptions == [Subscription(200, 1000)])
            #expect(r.subscriptions == [Subscription(200, 1000)])
        }
    }

    @Test func sourceCompletionDisposesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        var isDisposed = false
        let l = scheduler.createHotObservable(someData)
        let r = Observable<Int>.create { _ in Disposables.create { isDisposed = true } }
        let res = scheduler.start { l.skip(until: r) }
        #expect(res.events == [])
        #expect(isDisposed)
    }

    @Test func sourceIsSubscribedBeforeOther() {
        expectNoLeaks {
            var order: [String] = []
            let source = Observable<Int>.create { _ in
                order.append("source")
                return Disposables.create()
            }
            let other = Observable<Int>.create { _ in
                order.append("other")
                return Disposables.create()
            }
            source.skip(until: other).subscribe { _ in }.dispose()
            #expect(order == ["source", "other"])
        }
    }

    @Test func synchronousOtherElementOpensTheGate() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var events: [Event<Int>] = []
            let subscription = subject.skip(until: Observable.just(0)).subscribe { events.append($0) }
            subject.onNext(1)
            subject.onCompleted()
            #expect(events == [.next(1), .completed])
            subscription.dispose()
        }
    }
}
