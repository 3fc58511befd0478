import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct FlatMapTests {
    @Test func complete() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler)
            let res = scheduler.start { xs.flatMap(\.self) }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(560, 301),
                    .next(580, 202), .next(590, 203), .next(600, 302), .next(620, 303), .next(740, 106),
                    .next(810, 304), .next(860, 305), .next(930, 401), .next(940, 402), .completed(960),
                ])
            #expect(xs.subscriptions == [Subscription(200, 900)])
            #expect(
                innerSubscriptions(xs) == [
                    [], [], [Subscription(300, 760)], [Subscription(400, 605)], [Subscription(550, 960)],
                    [Subscription(750, 790)], [Subscription(850, 950)],
                ])
        }
    }

    @Test func completeInnerNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeFlatMapSources(scheduler, outerEnd: nil)
        let res = scheduler.start { xs.flatMap(\.self) }
        #expect(
            res.events == [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(560, 301),
                .next(580, 202), .next(590, 203), .next(600, 302), .next(620, 303), .next(740, 106),
                .next(810, 304), .next(860, 305), .next(930, 401), .next(940, 402),
            ])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(
            innerSubscriptions(xs) == [
                [], [], [Subscription(300, 760)], [Subscription(400, 605)], [Subscription(550, 960)],
                [Subscription(750, 790)], [Subscription(850, 950)],
            ])
    }

    @Test func completeOuterNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeFlatMapSources(scheduler, secondInnerCompletes: false)
        let res = scheduler.start { xs.flatMap(\.self) }
        #expect(
            res.events == [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(560, 301),
                .next(580, 202), .next(590, 203), .next(600, 302), .next(620, 303), .next(740, 106),
                .next(810, 304), .next(860, 305), .next(930, 401), .next(940, 402),
            ])
        #expect(xs.subscriptions == [Subscription(200, 900)])
        #expect(
            innerSubscriptions(xs) == [
                [], [], [Subscription(300, 760)], [Subscription(400, 1000)], [Subscription(550, 960)],
                [Subscription(750, 790)], [Subscription(850, 950)],
            ])
    }

    @Test func completeErrorOuter() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler, secondInnerCompletes: false, outerEnd: .error(900, testError))
            let res = scheduler.start { xs.flatMap(\.self) }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(560, 301),
                    .next(580, 202), .next(590, 203), .next(600, 302), .next(620, 303), .next(740, 106),
                    .next(810, 304), .next(860, 305), .error(900, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 900)])
            #expect(
                innerSubscriptions(xs) == [
                    [], [], [Subscription(300, 760)], [Subscription(400, 900)], [Subscription(550, 900)],
                    [Subscription(750, 790)], [Subscription(850, 900)],
                ])
        }
    }

    @Test func errorInner() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler, firstInnerEnd: .error(460, testError))
            let res = scheduler.start { xs.flatMap(\.self) }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(560, 301),
                    .next(580, 202), .next(590, 203), .next(600, 302), .next(620, 303), .next(740, 106),
                    .error(760, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 760)])
            #expect(
                innerSubscriptions(xs) == [
                    [], [], [Subscription(300, 760)], [Subscription(400, 605)], [Subscription(550, 760)],
                    [Subscription(750, 760)], [],
                ])
        }
    }

    @Test func dispose() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler)
            let res = scheduler.start(disposed: 700) { xs.flatMap(\.self) }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(560, 301),
                    .next(580, 202), .next(590, 203), .next(600, 302), .next(620, 303),
                ])
            #expect(xs.subscriptions == [Subscription(200, 700)])
            #expect(
                innerSubscriptions(xs) == [
                    [], [], [Subscription(300, 700)], [Subscription(400, 605)], [Subscription(550, 700)], [], [],
                ])
        }
    }

    @Test func selectorThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler)
            var invoked = 0
            let res = scheduler.start {
                xs.flatMap { (inner: TestableObservable<Int>) -> TestableObservable<Int> in
                    invoked += 1
                    if invoked == 3 { throw testError }
                    return inner
                }
            }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .error(550, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 550)])
            #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 550)], [Subscription(400, 550)], [], [], []])
            #expect(invoked == 3)
        }
    }

    @Test func useFunction() {
        // RxSwift's `testFlatMap_UseFunction` with `interval(10).take(x)` replaced by an
        // equivalent cold sequence. Cold sequences schedule all their events at subscription,
        // so same-time events come out in subscription order (RxSwift's interval reschedules
        // each tick, which puts 3 before 4 at 230 and 1 before 5 at 280).
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 4), .next(220, 3), .next(250, 5), .next(270, 1), .completed(290),
        ])
        let res = scheduler.start { xs.flatMap { ticks(of: $0, on: scheduler) } }
        #expect(
            res.events == [
                .next(220, 4), .next(230, 4), .next(230, 3), .next(240, 4), .next(240, 3), .next(250, 4),
                .next(250, 3), .next(260, 5), .next(270, 5), .next(280, 5), .next(280, 1), .next(290, 5),
                .next(300, 5), .completed(300),
            ])
        #expect(xs.subscriptions == [Subscription(200, 290)])
    }

    @Test func outerErrorWithoutInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(250, testError, Int.self)])
        let res = scheduler.start { xs.flatMap { Observable.just($0) } }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func outerCompletesAfterSynchronousInners() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let res = scheduler.start { xs.flatMap { Observable.of($0, $0 * 10) } }
            #expect(res.events == [.next(210, 1), .next(210, 10), .next(220, 2), .next(220, 20), .completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func synchronousSourcesDeliverEverything() {
        // RxSwift's testMerge_DeadlockSimple and friends, through flatMap.
        expectNoLeaks {
            var count = 0
            var completed = 0
            _ = Observable.of(Observable.of(0, 1, 2), Observable.of(0, 1, 2), Observable.of(0, 1, 2))
                .flatMap { $0 }
                .subscribe(onNext: { _ in count += 1 }, onCompleted: { completed += 1 })
            #expect(count == 9)
            #expect(completed == 1)
        }
    }

    @Test func synchronousErrorAfterElements() {
        expectNoLeaks {
            var errors = 0
            _ = Observable.of(
                Observable.of(0, 1, 2), Observable<Int>.error(testError), Observable.of(0, 1, 2)
            )
            .flatMap { $0 }
            .subscribe(onError: { _ in errors += 1 })
            #expect(errors == 1)
        }
    }

    @Test func emptyOuterAndEmptyInnerComplete() {
        expectNoLeaks {
            var completed = 0
            _ = Observable<Int>.empty().flatMap { Observable.just($0) }.subscribe(onCompleted: { completed += 1 })
            _ = Observable.just(1).flatMap { _ in Observable<Int>.empty() }.subscribe(onCompleted: { completed += 1 })
            #expect(completed == 2)
        }
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var errors = 0
            _ = Observable.just(1).flatMap { _ in Observable.just(1) }.subscribe()
            _ = Observable<Int>.error(testError).flatMap { _ in Observable.just(1) }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).flatMap { _ -> Observable<Int> in throw testError }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).flatMap { _ in Observable<Int>.error(testError) }
                .subscribe(onError: { _ in errors += 1 })
            #expect(errors == 3)
        }
    }

    @Test(.reentrantOnPurpose) func reentrantOuterElementIsDelivered() {
        expectNoLeaks {
            let outer = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = outer.flatMap { Observable.just($0) }
                .subscribe(onNext: { value in
                    received.append(value)
                    if value < 3 { outer.onNext(value + 1) }
                })
            outer.onNext(1)
            #expect(received == [1, 2, 3])
            subscription.dispose()
        }
    }

    @Test func innerSubjectsAreDisposedWithTheSubscription() {
        expectNoLeaks {
            let outer = PublishSubject<Int>()
            let inners = [PublishSubject<String>(), PublishSubject<String>()]
            var received: [String] = []
            let subscription = outer.flatMap { inners[$0] }.subscribe(onNext: { received.append($0) })
            outer.onNext(0)
            outer.onNext(1)
            inners[1].onNext("b")
            inners[0].onNext("a")
            #expect(inners.allSatisfy { $0.hasObservers })
            subscription.dispose()
            #expect(!outer.hasObservers)
            #expect(inners.allSatisfy { !$0.hasObservers })
            inners[0].onNext("late")
            #expect(received == ["b", "a"])
        }
    }

    @Test func concurrentInnersAreSerializedAndNothingIsLost() {
        let threads = 4
        let perThread = 20_000
        let outer = PublishSubject<Observable<Int>>()
        let inners = (0..<threads).map { _ in PublishSubject<Int>() }
        let probe = SerialDeliveryProbe()
        var sum = 0  // unsynchronized on purpose: lost updates would show if delivery overlapped
        var completions = 0
        let subscription = outer.flatMap { $0 }
            .subscribe(
                onNext: { value in
                    probe.enter()
                    sum += value
                    probe.leave()
                },
                onCompleted: { completions += 1 })
        for inner in inners {
            outer.onNext(inner.asObservable())
        }
        outer.onCompleted()
        SerialDeliveryProbe.runOnThreads(threads) { index in
            for value in 1...perThread {
                inners[index].onNext(value)
            }
            inners[index].onCompleted()
        }
        #expect(probe.maximum == 1)
        #expect(sum == threads * perThread * (perThread + 1) / 2)
        #expect(completions == 1)
        subscription.dispose()
    }

    @Test func concurrentOuterAndInnerEventsAreSerialized() {
        let perThread = 20_000
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let probe = SerialDeliveryProbe()
        var count = 0
        var completions = 0
        let subscription = outer.flatMap { value in value == 0 ? inner.asObservable() : Observable.just(value) }
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

@Suite struct FlatMapFirstTests {
    @Test func complete() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler)
            let res = scheduler.start { xs.flatMapFirst { $0 } }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .next(930, 401), .next(940, 402), .completed(950),
                ])
            #expect(xs.subscriptions == [Subscription(200, 900)])
            #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 760)], [], [], [], [Subscription(850, 950)]])
        }
    }

    @Test func completeInnerNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeFlatMapSources(scheduler, outerEnd: nil)
        let res = scheduler.start { xs.flatMapFirst { $0 } }
        #expect(
            res.events == [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                .next(930, 401), .next(940, 402),
            ])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
        #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 760)], [], [], [], [Subscription(850, 950)]])
    }

    @Test func completeOuterNotComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeFlatMapSources(scheduler, secondInnerCompletes: false)
        let res = scheduler.start { xs.flatMapFirst { $0 } }
        #expect(
            res.events == [
                .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                .next(930, 401), .next(940, 402), .completed(950),
            ])
        #expect(xs.subscriptions == [Subscription(200, 900)])
        #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 760)], [], [], [], [Subscription(850, 950)]])
    }

    @Test func completeErrorOuter() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler, secondInnerCompletes: false, outerEnd: .error(900, testError))
            let res = scheduler.start { xs.flatMapFirst { $0 } }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .error(900, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 900)])
            #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 760)], [], [], [], [Subscription(850, 900)]])
        }
    }

    @Test func errorInner() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler, firstInnerEnd: .error(460, testError))
            let res = scheduler.start { xs.flatMapFirst { $0 } }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .error(760, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 760)])
            #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 760)], [], [], [], []])
        }
    }

    @Test func dispose() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler)
            let res = scheduler.start(disposed: 700) { xs.flatMapFirst { $0 } }
            #expect(res.events == [.next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105)])
            #expect(xs.subscriptions == [Subscription(200, 700)])
            #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 700)], [], [], [], []])
        }
    }

    @Test func selectorThrowsAndIsNotCalledForDroppedElements() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = makeFlatMapSources(scheduler)
            var invoked = 0
            let res = scheduler.start {
                xs.flatMapFirst { (inner: TestableObservable<Int>) -> TestableObservable<Int> in
                    invoked += 1
                    if invoked == 2 { throw testError }
                    return inner
                }
            }
            #expect(
                res.events == [
                    .next(310, 102), .next(390, 103), .next(410, 104), .next(490, 105), .next(740, 106),
                    .error(850, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 850)])
            #expect(innerSubscriptions(xs) == [[], [], [Subscription(300, 760)], [], [], [], []])
            #expect(invoked == 2)
        }
    }

    @Test func useFunction() {
        // RxSwift's `testFlatMapFirst_UseFunction`, with cold sequences for `interval(10).take(x)`.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 4), .next(220, 3), .next(250, 5), .next(270, 1), .completed(290),
        ])
        let res = scheduler.start { xs.flatMapFirst { ticks(of: $0, on: scheduler) } }
        #expect(
            res.events == [
                .next(220, 4), .next(230, 4), .next(240, 4), .next(250, 4), .next(280, 1), .completed(290),
            ])
        #expect(xs.subscriptions == [Subscription(200, 290)])
    }

    @Test func synchronousInnersNeverOverlap() {
        expectNoLeaks {
            var received: [Int] = []
            var completed = 0
            _ = Observable.of(1, 2, 3).flatMapFirst { Observable.just($0 * 10) }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed += 1 })
            #expect(received == [10, 20, 30])
            #expect(completed == 1)
        }
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var errors = 0
            _ = Observable.just(1).flatMapFirst { _ in Observable.just(1) }.subscribe()
            _ = Observable<Int>.error(testError).flatMapFirst { _ in Observable.just(1) }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).flatMapFirst { _ -> Observable<Int> in throw testError }
                .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(1).flatMapFirst { _ in Observable<Int>.error(testError) }
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
        let subscription = outer.flatMapFirst { _ in inner }
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
                for value in 1...perThread { outer.onNext(value) }  // all dropped: `inner` is active
                outer.onCompleted()
            } else {
                for value in 1...perThread { inner.onNext(value) }
                inner.onCompleted()
            }
        }
        #expect(probe.maximum == 1)
        #expect(count == perThread)
        #expect(completions == 1)
        subscription.dispose()
    }
}

/// RxSwift's shared flatMap/flatMapFirst scenario: a hot sequence of cold inner sequences.
private func makeFlatMapSources(
    _ scheduler: TestScheduler,
    firstInnerEnd: Recorded<Event<Int>> = .completed(460),
    secondInnerCompletes: Bool = true,
    outerEnd: Recorded<Event<TestableObservable<Int>>>? = .completed(900)
) -> TestableObservable<TestableObservable<Int>> {
    var events: [Recorded<Event<TestableObservable<Int>>>] = [
        .next(5, scheduler.createColdObservable([.error(1, testError)])),
        .next(105, scheduler.createColdObservable([.error(1, testError)])),
        .next(
            300,
            scheduler.createColdObservable([
                .next(10, 102), .next(90, 103), .next(110, 104), .next(190, 105), .next(440, 106), firstInnerEnd,
            ])),
        .next(
            400,
            scheduler.createColdObservable(
                [.next(180, 202), .next(190, 203)] + (secondInnerCompletes ? [.completed(205)] : []))),
        .next(
            550,
            scheduler.createColdObservable([
                .next(10, 301), .next(50, 302), .next(70, 303), .next(260, 304), .next(310, 305), .completed(410),
            ])),
        .next(750, scheduler.createColdObservable([.completed(40)])),
        .next(850, scheduler.createColdObservable([.next(80, 401), .next(90, 402), .completed(100)])),
    ]
    if let outerEnd {
        events.append(outerEnd)
    }
    return scheduler.createHotObservable(events)
}

private func innerSubscriptions(_ xs: TestableObservable<TestableObservable<Int>>) -> [[Subscription]] {
    xs.recordedEvents.compactMap { $0.value.element?.subscriptions }
}

/// `x` elements of value `x`, 10 ticks apart, then completion with the last one: what
/// RxSwift's tests build with `interval(10).map { _ in x }.take(x)`.
private func ticks(of value: Int, on scheduler: TestScheduler) -> TestableObservable<Int> {
    scheduler.createColdObservable((1...value).map { .next($0 * 10, value) } + [.completed(value * 10)])
}
