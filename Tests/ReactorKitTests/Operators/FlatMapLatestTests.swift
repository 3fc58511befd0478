import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct FlatMapLatestTests {
    @Test func data() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let (ys1, ys2, ys3) = makeInners(scheduler)
            let observables = [ys1, ys2, ys3]
            let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1), .next(500, 2), .completed(600)])
            let res = scheduler.start { xs.flatMapLatest { observables[$0] } }
            #expect(
                res.events == [
                    .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203),
                    .next(440, 204), .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304),
                    .completed(650),
                ])
            #expect(xs.subscriptions == [Subscription(200, 600)])
            #expect(ys1.subscriptions == [Subscription(300, 400)])
            #expect(ys2.subscriptions == [Subscription(400, 450)])
            #expect(ys3.subscriptions == [Subscription(500, 650)])
        }
    }

    @Test func innerThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let (ys1, ys2, ys3) = makeInners(scheduler, secondEnd: .error(50, testError))
            let observables = [ys1, ys2, ys3]
            let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1), .next(500, 2), .completed(600)])
            let res = scheduler.start { xs.flatMapLatest { observables[$0] } }
            #expect(
                res.events == [
                    .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203),
                    .next(440, 204), .error(450, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 450)])
            #expect(ys1.subscriptions == [Subscription(300, 400)])
            #expect(ys2.subscriptions == [Subscription(400, 450)])
            #expect(ys3.subscriptions == [])
        }
    }

    @Test func outerThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let (ys1, ys2, _) = makeInners(scheduler)
            let observables = [ys1, ys2]
            let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1), .error(500, testError)])
            let res = scheduler.start { xs.flatMapLatest { observables[$0] } }
            #expect(
                res.events == [
                    .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203),
                    .next(440, 204), .error(500, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 500)])
            #expect(ys1.subscriptions == [Subscription(300, 400)])
            #expect(ys2.subscriptions == [Subscription(400, 450)])
        }
    }

    @Test func selectorThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let (ys1, ys2, _) = makeInners(scheduler)
            let observables = [ys1, ys2]
            let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1)])
            let res = scheduler.start {
                xs.flatMapLatest { x throws -> TestableObservable<Int> in
                    if x < 1 { return observables[x] }
                    throw testError
                }
            }
            #expect(res.events == [.next(310, 101), .next(320, 102), .error(400, testError)])
            #expect(xs.subscriptions == [Subscription(200, 400)])
            #expect(ys1.subscriptions == [Subscription(300, 400)])
            #expect(ys2.subscriptions == [])
        }
    }

    @Test func outerErrorWhileInnerActiveDisposesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let (ys1, _, _) = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, 0), .error(420, testError)])
        let res = scheduler.start { xs.flatMapLatest { _ in ys1 } }
        #expect(res.events == [.next(310, 101), .next(320, 102), .next(410, 103), .error(420, testError)])
        #expect(xs.subscriptions == [Subscription(200, 420)])
        #expect(ys1.subscriptions == [Subscription(300, 420)])
    }

    @Test func disposeDisposesTheLatestInner() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let (ys1, ys2, ys3) = makeInners(scheduler)
            let observables = [ys1, ys2, ys3]
            let xs = scheduler.createHotObservable([.next(300, 0), .next(400, 1), .next(500, 2), .completed(600)])
            let res = scheduler.start(disposed: 520) { xs.flatMapLatest { observables[$0] } }
            #expect(
                res.events == [
                    .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203),
                    .next(440, 204), .next(510, 301),
                ])  // the disposal at 520 was scheduled before ys3's element at 520
            #expect(xs.subscriptions == [Subscription(200, 520)])
            #expect(ys1.subscriptions == [Subscription(300, 400)])
            #expect(ys2.subscriptions == [Subscription(400, 450)])
            #expect(ys3.subscriptions == [Subscription(500, 520)])
        }
    }

    @Test func completesWithTheOuterWhenTheLatestInnerIsDone() {
        let scheduler = TestScheduler(initialClock: 0)
        let (_, ys2, _) = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, 1), .completed(600)])
        let res = scheduler.start { xs.flatMapLatest { _ in ys2 } }
        #expect(
            res.events == [.next(310, 201), .next(320, 202), .next(330, 203), .next(340, 204), .completed(600)])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(ys2.subscriptions == [Subscription(300, 350)])
    }

    @Test func outerCompletionWithoutInnersCompletes() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.completed(250, Int.self)])
            let res = scheduler.start { xs.flatMapLatest { Observable.just($0) } }
            #expect(res.events == [.completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func sameInnerResubscribedOnEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let xs = scheduler.createHotObservable([.next(300, 0), .next(315, 0), .completed(400)])
        let res = scheduler.start { xs.flatMapLatest { _ in ys } }
        #expect(res.events == [.next(310, 1), .next(325, 1), .next(335, 2), .completed(400)])
        #expect(ys.subscriptions == [Subscription(300, 315), Subscription(315, 345)])
    }

    @Test func synchronousInners() {
        expectNoLeaks {
            var received: [Int] = []
            var completed = 0
            _ = Observable.of(1, 2, 3).flatMapLatest { Observable.just($0 * 10) }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed += 1 })
            #expect(received == [10, 20, 30])
            #expect(completed == 1)
        }
    }

    @Test func switchesBetweenSubjects() {
        expectNoLeaks {
            let outer = PublishSubject<Int>()
            let inners = [PublishSubject<String>(), PublishSubject<String>()]
            var received: [String] = []
            var completed = false
            let subscription = outer.flatMapLatest { inners[$0] }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            outer.onNext(0)
            inners[0].onNext("a")
            outer.onNext(1)
            #expect(!inners[0].hasObservers)
            inners[0].onNext("stale")
            inners[1].onNext("b")
            outer.onCompleted()
            #expect(!completed)
            inners[1].onCompleted()
            #expect(completed)
            #expect(received == ["a", "b"])
            subscription.dispose()
        }
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var errors = 0
            _ = Observable.just(1).flatMapLatest { _ in Observable.just(1) }.subscribe()
            _ = Observable<Int>.error(testError).flatMapLatest { _ in Observable.just(1) }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).flatMapLatest { _ -> Observable<Int> in throw testError }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).flatMapLatest { _ in Observable<Int>.error(testError) }
                .subscribe(onError: { _ in errors += 1 })
            #expect(errors == 3)
        }
    }

    @Test func concurrentOuterAndInnerEventsAreSerialized() {
        let perThread = 60_000
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let probe = SerialDeliveryProbe()
        var completions = 0
        let subscription = outer.flatMapLatest { value in value == 0 ? inner.asObservable() : Observable.just(value) }
            .subscribe(
                onNext: { _ in
                    probe.enter()
                    probe.leave()
                },
                onCompleted: { completions += 1 })
        outer.onNext(0)
        SerialDeliveryProbe.runOnThreads(2) { index in
            if index == 0 {
                for value in 1...perThread { outer.onNext(value % 2) }
                outer.onCompleted()
            } else {
                for value in 1...perThread { inner.onNext(value) }
            }
        }
        #expect(probe.maximum == 1)
        #expect(completions == 0)  // the latest inner (`inner`, or a finished `just`) decides
        inner.onCompleted()
        outer.onNext(1)  // ignored: the outer has completed
        subscription.dispose()
    }
}

/// RxSwift's switch scenario inner sequences.
private func makeInners(
    _ scheduler: TestScheduler,
    secondEnd: Recorded<Event<Int>> = .completed(50)
) -> (TestableObservable<Int>, TestableObservable<Int>, TestableObservable<Int>) {
    let ys1 = scheduler.createColdObservable([
        .next(10, 101), .next(20, 102), .next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106),
        .completed(230),
    ])
    let ys2 = scheduler.createColdObservable([
        .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), secondEnd,
    ])
    let ys3 = scheduler.createColdObservable([
        .next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304), .completed(150),
    ])
    return (ys1, ys2, ys3)
}
