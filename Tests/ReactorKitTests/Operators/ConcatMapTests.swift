import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ConcatMapTests {
    @Test func innerCompletesFasterThanOuterElementsAreProduced() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 102), .completed(20)])
            let ys2 = scheduler.createColdObservable([.next(20, 202), .completed(25)])
            let xs = scheduler.createHotObservable([.next(250, ys1), .next(300, ys2), .completed(900)])
            let res = scheduler.start { xs.concatMap { $0 } }
            #expect(xs.subscriptions == [Subscription(200, 900)])
            #expect(ys1.subscriptions == [Subscription(250, 270)])
            #expect(ys2.subscriptions == [Subscription(300, 325)])
            #expect(res.events == [.next(260, 102), .next(320, 202), .completed(900)])
        }
    }

    @Test func disposed() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 102), .completed(20)])
            let ys2 = scheduler.createColdObservable([.next(20, 202), .completed(25)])
            let xs = scheduler.createHotObservable([.next(250, ys1), .next(300, ys2), .completed(900)])
            let res = scheduler.start(disposed: 310) { xs.concatMap { $0 } }
            #expect(xs.subscriptions == [Subscription(200, 310)])
            #expect(ys1.subscriptions == [Subscription(250, 270)])
            #expect(ys2.subscriptions == [Subscription(300, 310)])
            #expect(res.events == [.next(260, 102)])
        }
    }

    @Test func outerCompleteInnerNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler, secondCompletes: false)
        let xs = makeOuter(scheduler, ys, end: .completed(900))
        let res = scheduler.start { xs.concatMap { $0 } }
        #expect(xs.subscriptions == [Subscription(200, 900)])
        #expect(ys.map(\.subscriptions) == [[Subscription(300, 760)], [Subscription(760, 1000)], [], [], []])
        #expect(
            res.events == [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106), .next(940, 202),
                .next(950, 203),
            ])
    }

    @Test func innerCompleteOuterNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = makeInners(scheduler)
        let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(400, ys[1])])
        let res = scheduler.start { xs.concatMap { $0 } }
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(ys[0].subscriptions == [Subscription(300, 760)])
        #expect(ys[1].subscriptions == [Subscription(760, 965)])
        #expect(
            res.events == [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106), .next(940, 202),
                .next(950, 203),
            ])
    }

    @Test func innerCompleteOuterCompleteBeforeInner() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = makeInners(scheduler, secondEnd: 195)
            let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(400, ys[1]), .completed(405)])
            let res = scheduler.start { xs.concatMap { $0 } }
            #expect(xs.subscriptions == [Subscription(200, 405)])
            #expect(ys[0].subscriptions == [Subscription(300, 760)])
            #expect(ys[1].subscriptions == [Subscription(760, 955)])
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .next(940, 202), .next(950, 203), .completed(955),
                ])
        }
    }

    @Test func innerCompleteOuterCompleteAfterInner() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = makeInners(scheduler, secondEnd: 195)
            let xs = scheduler.createHotObservable([.next(300, ys[0]), .next(400, ys[1]), .completed(980)])
            let res = scheduler.start { xs.concatMap { $0 } }
            #expect(xs.subscriptions == [Subscription(200, 980)])
            #expect(ys[0].subscriptions == [Subscription(300, 760)])
            #expect(ys[1].subscriptions == [Subscription(760, 955)])
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .next(940, 202), .next(950, 203), .completed(980),
                ])
        }
    }

    @Test func errorOuter() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = makeInners(scheduler)
            let xs = makeOuter(scheduler, ys, end: .error(900, testError))
            let res = scheduler.start { xs.concatMap { $0 } }
            #expect(xs.subscriptions == [Subscription(200, 900)])
            #expect(ys.map(\.subscriptions) == [[Subscription(300, 760)], [Subscription(760, 900)], [], [], []])
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .error(900, testError),
                ])
        }
    }

    @Test func errorInner() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = makeInners(scheduler, firstEnd: .error(460, testError))
            let xs = makeOuter(scheduler, ys, end: .error(900, testError))
            let res = scheduler.start { xs.concatMap { $0 } }
            #expect(xs.subscriptions == [Subscription(200, 760)])
            #expect(ys.map(\.subscriptions) == [[Subscription(300, 760)], [], [], [], []])
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .error(760, testError),
                ])
        }
    }

    @Test func selectorThrowsWhenTheElementArrives() {
        // The selector runs for the third element at 550 although the first inner sequence is
        // still active: queued elements are mapped on arrival, as in RxSwift.
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = makeInners(scheduler)
            let xs = makeOuter(scheduler, ys, end: .completed(900))
            var invoked = 0
            let res = scheduler.start {
                xs.concatMap { inner -> TestableObservable<Int> in
                    invoked += 1
                    if invoked == 3 { throw testError }
                    return inner
                }
            }
            #expect(xs.subscriptions == [Subscription(200, 550)])
            #expect(ys.map(\.subscriptions) == [[Subscription(300, 550)], [], [], [], []])
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .error(550, testError),
                ])
        }
    }

    @Test func useFunction() {
        // RxSwift's `testConcatMap_UseFunction`, with cold sequences for `interval(10).take(x)`.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 4), .next(220, 3), .next(250, 5), .next(270, 1), .completed(290),
        ])
        let res = scheduler.start {
            xs.concatMap { value in
                scheduler.createColdObservable((1...value).map { .next($0 * 10, value) } + [.completed(value * 10)])
            }
        }
        #expect(xs.subscriptions == [Subscription(200, 290)])
        #expect(
            res.events == [
                .next(220, 4), .next(230, 4), .next(240, 4), .next(250, 4), .next(260, 3), .next(270, 3), .next(280, 3),
                .next(290, 5), .next(300, 5), .next(310, 5), .next(320, 5), .next(330, 5), .next(340, 1),
                .completed(340),
            ])
    }

    @Test func synchronousInnersKeepOrder() {
        expectNoLeaks {
            var received: [Int] = []
            var completed = 0
            _ = Observable.of(1, 2, 3).concatMap { Observable.of($0, $0 * 10) }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed += 1 })
            #expect(received == [1, 10, 2, 20, 3, 30])
            #expect(completed == 1)
        }
    }

    @Test func queuedInnersRunOneAfterAnother() {
        expectNoLeaks {
            let outer = PublishSubject<Int>()
            let first = PublishSubject<Int>()
            var received: [Int] = []
            var completed = false
            var mapped: [Int] = []
            let subscription = outer.concatMap { value -> Observable<Int> in
                mapped.append(value)
                return value == 0 ? first.asObservable() : Observable.of(value, -value)
            }
            .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            outer.onNext(0)
            outer.onNext(1)
            outer.onNext(2)
            #expect(mapped == [0, 1, 2])  // mapped on arrival
            first.onNext(100)
            #expect(received == [100])
            outer.onCompleted()
            #expect(!completed)
            first.onCompleted()
            #expect(received == [100, 1, -1, 2, -2])
            #expect(completed)
            subscription.dispose()
        }
    }

    @Test func longQueueOfSynchronousInnersDoesNotOverflowTheStack() {
        expectNoLeaks {
            let count = 100_000
            let outer = PublishSubject<Int>()
            let first = PublishSubject<Int>()
            var sum = 0
            var completed = false
            let subscription = outer.concatMap { $0 == 0 ? first.asObservable() : Observable.just($0) }
                .subscribe(onNext: { sum += $0 }, onCompleted: { completed = true })
            for value in 0...count { outer.onNext(value) }
            outer.onCompleted()
            first.onCompleted()
            #expect(sum == count * (count + 1) / 2)
            #expect(completed)
            subscription.dispose()
        }
    }

    @Test func errorFromASynchronousQueuedInnerStopsTheQueue() {
        expectNoLeaks {
            let outer = PublishSubject<Int>()
            let first = PublishSubject<Int>()
            var received: [Int] = []
            var errors = 0
            var mappedAfterError = false
            let subscription = outer.concatMap { value -> Observable<Int> in
                switch value {
                case 0: return first.asObservable()
                case 2: return Observable.error(testError)
                default:
                    if value > 2 { mappedAfterError = true }
                    return Observable.just(value)
                }
            }
            .subscribe(onNext: { received.append($0) }, onError: { _ in errors += 1 })
            for value in 0...4 { outer.onNext(value) }
            first.onCompleted()
            #expect(received == [1])
            #expect(errors == 1)
            #expect(mappedAfterError)  // 3 and 4 were mapped on arrival, never subscribed
            #expect(!outer.hasObservers)
            subscription.dispose()
        }
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var errors = 0
            _ = Observable.just(1).concatMap { _ in Observable.just(1) }.subscribe()
            _ = Observable<Int>.error(testError).concatMap { _ in Observable.just(1) }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).concatMap { _ -> Observable<Int> in throw testError }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).concatMap { _ in Observable<Int>.error(testError) }
                .subscribe(onError: { _ in errors += 1 })
            #expect(errors == 3)
        }
    }

    @Test func concurrentOuterAndInnerEventsAreSerialized() {
        let perThread = 20_000
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let probe = SerialDeliveryProbe()
        var count = 0
        var completions = 0
        let subscription = outer.concatMap { value in value == 0 ? inner.asObservable() : Observable.just(value) }
            .subscribe(
                onNext: { _ in
                    probe.enter()
                    count += 1
                    probe.leave()
                },
                onCompleted: { completions += 1 })
        outer.onNext(0)
        SerialDeliveryProbe.runOnThreads(2) { index in
            if index == 0 {
                for value in 1...perThread { outer.onNext(value) }
                outer.onCompleted()
            } else {
                for value in 1...perThread { inner.onNext(value) }
                inner.onCompleted()
            }
        }
        #expect(probe.maximum == 1)
        #expect(count == 2 * perThread)
        #expect(completions == 1)
        subscription.dispose()
    }
}

/// RxSwift's concatMap scenario inner sequences.
private func makeInners(
    _ scheduler: TestScheduler,
    firstEnd: Recorded<Event<Int>> = .completed(460),
    secondCompletes: Bool = true,
    secondEnd: TestTime = 205
) -> [TestableObservable<Int>] {
    [
        scheduler.createColdObservable([
            .next(10, 102), .next(90, 103), .next(110, 104), .next(190, 105), .next(440, 106), firstEnd,
        ]),
        scheduler.createColdObservable(
            [.next(180, 202), .next(190, 203)] + (secondCompletes ? [.completed(secondEnd)] : [])),
        scheduler.createColdObservable([.next(10, 301), .next(50, 302), .completed(60)]),
        scheduler.createColdObservable([.completed(40, Int.self)]),
        scheduler.createColdObservable([.next(80, 401), .next(90, 402), .completed(100)]),
    ]
}

private func makeOuter(
    _ scheduler: TestScheduler,
    _ ys: [TestableObservable<Int>],
    end: Recorded<Event<TestableObservable<Int>>>
) -> TestableObservable<TestableObservable<Int>> {
    scheduler.createHotObservable([
        .next(300, ys[0]), .next(400, ys[1]), .next(550, ys[2]), .next(750, ys[3]), .next(850, ys[4]), end,
    ])
}
