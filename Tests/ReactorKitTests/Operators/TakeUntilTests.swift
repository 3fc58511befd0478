import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct TakeUntilTests {
    private let someData: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ]

    @Test func preemptSomeDataNext() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable(someData)
            let r = scheduler.createHotObservable([.next(150, 1), .next(225, 99), .completed(230)])
            let res = scheduler.start { l.take(until: r) }
            #expect(res.events == [.next(210, 2), .next(220, 3), .completed(225)])
            #expect(l.subscriptions == [Subscription(200, 225)])
            #expect(r.subscriptions == [Subscription(200, 225)])
        }
    }

    @Test func preemptSomeDataError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable(someData)
            let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
            let res = scheduler.start { l.take(until: r) }
            #expect(res.events == [.next(210, 2), .next(220, 3), .error(225, testError)])
            #expect(l.subscriptions == [Subscription(200, 225)])
            #expect(r.subscriptions == [Subscription(200, 225)])
        }
    }

    @Test func noPreemptSomeDataEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func noPreemptSomeDataNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let r = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(l.subscriptions == [Subscription(200, 250)])
        #expect(r.subscriptions == [Subscription(200, 250)])
    }

    @Test func preemptNeverNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(225, 2), .completed(250)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.completed(225)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func preemptNeverError() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func noPreemptNeverEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1)])
        let r = scheduler.createHotObservable([.next(150, 1), .completed(225)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [])
        #expect(l.subscriptions == [Subscription(200, 1000)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func noPreemptNeverNever() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable([.next(150, 1)])
            let r = scheduler.createHotObservable([.next(150, 1)])
            let res = scheduler.start { l.take(until: r) }
            #expect(res.events == [])
            #expect(l.subscriptions == [Subscription(200, 1000)])
            #expect(r.subscriptions == [Subscription(200, 1000)])
        }
    }

    @Test func preemptBeforeFirstProduced() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(240)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(220)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.completed(210)])
        #expect(l.subscriptions == [Subscription(200, 210)])
        #expect(r.subscriptions == [Subscription(200, 210)])
    }

    @Test func preemptBeforeFirstProducedRemainsSilentAndProperlyDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .error(215, testError), .completed(240)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(220)])
        var sourceNotDisposed = false
        let res = scheduler.start { l.do(onNext: { _ in sourceNotDisposed = true }).take(until: r) }
        #expect(res.events == [.completed(210)])
        #expect(!sourceNotDisposed)
    }

    @Test func noPreemptAfterLastProducedProperlyDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .next(230, 2), .completed(240)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(250, 2), .completed(260)])
        var otherNotDisposed = false
        let res = scheduler.start { l.take(until: r.do(onNext: { _ in otherNotDisposed = true })) }
        #expect(res.events == [.next(230, 2), .completed(240)])
        #expect(!otherNotDisposed)
        #expect(r.subscriptions == [Subscription(200, 240)])
    }

    @Test func errorSome() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([.next(150, 1), .error(225, testError)])
        let r = scheduler.createHotObservable([.next(150, 1), .next(240, 2)])
        let res = scheduler.start { l.take(until: r) }
        #expect(res.events == [.error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
        #expect(r.subscriptions == [Subscription(200, 225)])
    }

    @Test func otherIsSubscribedBeforeTheSource() {
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
            source.take(until: other).subscribe { _ in }.dispose()
            #expect(order == ["other", "source"])
        }
    }

    @Test func synchronousOtherElementCompletesAtOnce() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.of(1, 2).take(until: Observable.just(0)).subscribe { events.append($0) }
            #expect(events == [.completed])
        }
    }

    @Test func releasesResourcesWhenSourceCompletes() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.of(1, 2).take(until: Observable<Int>.never()).subscribe { events.append($0) }
            #expect(events == [.next(1), .next(2), .completed])
        }
    }
}

@Suite struct TakeUntilPredicateTests {
    private let someData: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ]

    @Test(arguments: [TakeBehavior.exclusive, .inclusive])
    func preemptSomeDataNext(behavior: TakeBehavior) {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable(someData)
            let res = scheduler.start { l.take(until: { $0 == 4 }, behavior: behavior) }
            let expected: [Recorded<Event<Int>>] =
                behavior == .exclusive
                ? [.next(210, 2), .next(220, 3), .completed(230)]
                : [.next(210, 2), .next(220, 3), .next(230, 4), .completed(230)]
            #expect(res.events == expected)
            #expect(l.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test(arguments: [TakeBehavior.exclusive, .inclusive])
    func preemptSomeDataError(behavior: TakeBehavior) {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .error(225, testError),
        ])
        let res = scheduler.start { l.take(until: { $0 == 4 }, behavior: behavior) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .error(225, testError)])
        #expect(l.subscriptions == [Subscription(200, 225)])
    }

    @Test(arguments: [TakeBehavior.exclusive, .inclusive])
    func alwaysFailingPredicate(behavior: TakeBehavior) {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let res = scheduler.start { l.take(until: { _ in false }, behavior: behavior) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(l.subscriptions == [Subscription(200, 250)])
    }

    @Test(arguments: [TakeBehavior.exclusive, .inclusive])
    func immediatelySuccessfulPredicate(behavior: TakeBehavior) {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let res = scheduler.start { l.take(until: { _ in true }, behavior: behavior) }
        let expected: [Recorded<Event<Int>>] =
            behavior == .exclusive ? [.completed(210)] : [.next(210, 2), .completed(210)]
        #expect(res.events == expected)
        #expect(l.subscriptions == [Subscription(200, 210)])
    }

    @Test func defaultBehaviorIsExclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let res = scheduler.start { l.take(until: { $0 == 3 }) }
        #expect(res.events == [.next(210, 2), .completed(220)])
        #expect(l.subscriptions == [Subscription(200, 220)])
    }

    @Test func thrownErrorEndsTheSequence() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let l = scheduler.createHotObservable(someData)
            let res = scheduler.start {
                l.take(until: { value -> Bool in
                    if value == 3 { throw testError }
                    return false
                })
            }
            #expect(res.events == [.next(210, 2), .error(220, testError)])
            #expect(l.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test func disposeStopsEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let l = scheduler.createHotObservable(someData)
        let res = scheduler.start(disposed: 225) { l.take(until: { $0 == 5 }) }
        #expect(res.events == [.next(210, 2), .next(220, 3)])
        #expect(l.subscriptions == [Subscription(200, 225)])
    }
}
