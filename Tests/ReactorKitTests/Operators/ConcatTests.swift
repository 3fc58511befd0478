import ReactorKit
import ReactorKitTesting
import Testing

/// `[generator(start), [generator(start + 1), [...].concat()].concat()].concat()`, `depth` levels
/// deep, built from lazy collections as in RxSwift's tail recursion tests.
private func nestedConcatOfCollections(
    _ start: Int, depth: Int, _ generator: @escaping (Int) -> Observable<Int>
) -> Observable<Int> {
    let all = [0, 1].lazy.map { index -> Observable<Int> in
        if index == 0 { return generator(start) }
        return start + 1 < depth ? nestedConcatOfCollections(start + 1, depth: depth, generator) : .empty()
    }
    return Observable.concat(all)
}

/// The same nesting built from sequences of unknown length.
private func nestedConcatOfSequences(
    _ start: Int, depth: Int, _ generator: @escaping (Int) -> Observable<Int>
) -> Observable<Int> {
    let all = AnySequence(
        [0, 1].lazy.map { index -> Observable<Int> in
            if index == 0 { return generator(start) }
            return start + 1 < depth ? nestedConcatOfSequences(start + 1, depth: depth, generator) : .empty()
        })
    return Observable.concat(all)
}

@Suite struct ConcatTests {
    @Test func synchronousSourcesRunInOrder() {
        expectNoLeaks {
            var received: [Int] = []
            var completed = false
            _ = Observable.concat([Observable.just(1), Observable.just(2), Observable.just(3)])
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            #expect(received == [1, 2, 3])
            #expect(completed)
        }
    }

    @Test func overloadsAgree() {
        expectNoLeaks {
            var received: [Int] = []
            _ = Observable.concat(Observable.just(1)).subscribe(onNext: { received.append($0) })
            _ = Observable.concat(Observable.just(2), Observable.of(3, 4)).subscribe(onNext: { received.append($0) })
            _ = Observable.concat(AnySequence([Observable.just(5), Observable.just(6)]))
                .subscribe(onNext: { received.append($0) })
            _ = Observable.just(7).concat(Observable.of(8, 9)).subscribe(onNext: { received.append($0) })
            let never = PublishSubject<Int>()
            Observable.just(10).concat(never).concat(Observable.just(11)).subscribe(onNext: { received.append($0) })
                .dispose()
            #expect(received == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
            #expect(!never.hasObservers)
        }
    }

    @Test func emptyListCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable<Int>.concat([Observable<Int>]()) }.events == [.completed(200)])
        #expect(
            TestScheduler(initialClock: 0).start { Observable<Int>.concat(AnySequence([])) }.events
                == [.completed(200)])
    }

    @Test func subscribesToEachSourceAfterThePreviousCompletes() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)])
            let xs2 = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .completed(30)])
            let xs3 = scheduler.createColdObservable([
                .next(10, 6), .next(20, 7), .next(30, 8), .next(40, 9), .completed(50),
            ])
            let res = scheduler.start { Observable.concat([xs1, xs2, xs3].map { $0.asObservable() }) }
            #expect(
                res.events == [
                    .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(260, 5), .next(280, 6),
                    .next(290, 7), .next(300, 8), .next(310, 9), .completed(320),
                ])
            #expect(xs1.subscriptions == [Subscription(200, 240)])
            #expect(xs2.subscriptions == [Subscription(240, 270)])
            #expect(xs3.subscriptions == [Subscription(270, 320)])
        }
    }

    private static func hotPair(
        _ first: [Recorded<Event<Int>>], _ second: [Recorded<Event<Int>>]
    ) -> (TestScheduler, TestableObservable<Int>, TestableObservable<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        return (scheduler, scheduler.createHotObservable(first), scheduler.createHotObservable(second))
    }

    @Test func completionAndErrorCombinations() {
        struct Case {
            let first: [Recorded<Event<Int>>]
            let second: [Recorded<Event<Int>>]
            let events: [Recorded<Event<Int>>]
            let firstSubscriptions: [Subscription]
            let secondSubscriptions: [Subscription]
        }
        let cases: [Case] = [
            // empty, empty
            Case(
                first: [.next(150, 1), .completed(230)], second: [.next(150, 1), .completed(250)],
                events: [.completed(250)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(230, 250)]),
            // empty, never
            Case(
                first: [.next(150, 1), .completed(230)], second: [.next(150, 1)], events: [],
                firstSubscriptions: [Subscription(200, 230)], secondSubscriptions: [Subscription(230, 1000)]),
            // never, never
            Case(
                first: [.next(150, 1)], second: [.next(150, 1)], events: [],
                firstSubscriptions: [Subscription(200, 1000)], secondSubscriptions: []),
            // empty, error
            Case(
                first: [.next(150, 1), .completed(230)], second: [.next(150, 1), .error(250, testError)],
                events: [.error(250, testError)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(230, 250)]),
            // error, empty
            Case(
                first: [.next(150, 1), .error(230, testError)], second: [.next(150, 1), .completed(250)],
                events: [.error(230, testError)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: []),
            // error, error
            Case(
                first: [.next(150, 1), .error(230, testError1)], second: [.next(150, 1), .error(250, testError2)],
                events: [.error(230, testError1)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: []),
            // return, empty
            Case(
                first: [.next(150, 1), .next(210, 2), .completed(230)], second: [.next(150, 1), .completed(250)],
                events: [.next(210, 2), .completed(250)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(230, 250)]),
            // empty, return
            Case(
                first: [.next(150, 1), .completed(230)], second: [.next(150, 1), .next(240, 2), .completed(250)],
                events: [.next(240, 2), .completed(250)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(230, 250)]),
            // return, never
            Case(
                first: [.next(150, 1), .next(210, 2), .completed(230)], second: [.next(150, 1)],
                events: [.next(210, 2)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(230, 1000)]),
            // never, return
            Case(
                first: [.next(150, 1)], second: [.next(150, 1), .next(210, 2), .completed(230)], events: [],
                firstSubscriptions: [Subscription(200, 1000)], secondSubscriptions: []),
            // return, return
            Case(
                first: [.next(150, 1), .next(220, 2), .completed(230)],
                second: [.next(150, 1), .next(240, 3), .completed(250)],
                events: [.next(220, 2), .next(240, 3), .completed(250)],
                firstSubscriptions: [Subscription(200, 230)], secondSubscriptions: [Subscription(230, 250)]),
            // error, return
            Case(
                first: [.next(150, 1), .error(230, testError1)],
                second: [.next(150, 1), .next(240, 2), .completed(250)],
                events: [.error(230, testError1)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: []),
            // return, error
            Case(
                first: [.next(150, 1), .next(220, 2), .completed(230)],
                second: [.next(150, 1), .error(250, testError2)],
                events: [.next(220, 2), .error(250, testError2)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(230, 250)]),
            // some data, some data: the second source's early elements are missed
            Case(
                first: [.next(150, 1), .next(210, 2), .next(220, 3), .completed(225)],
                second: [.next(150, 1), .next(230, 4), .next(240, 5), .completed(250)],
                events: [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)],
                firstSubscriptions: [Subscription(200, 225)], secondSubscriptions: [Subscription(225, 250)]),
        ]
        for testCase in cases {
            let (scheduler, xs1, xs2) = Self.hotPair(testCase.first, testCase.second)
            let res = scheduler.start { Observable.concat([xs1, xs2].map { $0.asObservable() }) }
            #expect(res.events == testCase.events)
            #expect(xs1.subscriptions == testCase.firstSubscriptions)
            #expect(xs2.subscriptions == testCase.secondSubscriptions)

            let (scheduler2, ys1, ys2) = Self.hotPair(testCase.first, testCase.second)
            let res2 = scheduler2.start { ys1.concat(ys2) }
            #expect(res2.events == testCase.events)
            #expect(ys1.subscriptions == testCase.firstSubscriptions)
            #expect(ys2.subscriptions == testCase.secondSubscriptions)
        }
    }

    @Test func enumerableTiming() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let xs2 = scheduler.createColdObservable([.next(50, 4), .next(60, 5), .next(70, 6), .completed(80)])
        let xs3 = scheduler.createHotObservable([
            .next(150, 1), .next(200, 2), .next(210, 3), .next(220, 4), .next(230, 5), .next(270, 6),
            .next(320, 7), .next(330, 8), .completed(340),
        ])
        let res = scheduler.start { Observable.concat([xs1, xs2, xs3, xs2].map { $0.asObservable() }) }
        #expect(
            res.events == [
                .next(210, 2), .next(220, 3), .next(280, 4), .next(290, 5), .next(300, 6), .next(320, 7),
                .next(330, 8), .next(390, 4), .next(400, 5), .next(410, 6), .completed(420),
            ])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [Subscription(230, 310), Subscription(340, 420)])
        #expect(xs3.subscriptions == [Subscription(310, 340)])
    }

    @Test func disposalUnsubscribesTheCurrentSourceAndStops() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .next(100, 3), .completed(200)])
        let xs3 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let res = scheduler.start(disposed: 300) {
            Observable.concat(xs1.asObservable(), xs2.asObservable(), xs3.asObservable())
        }
        #expect(res.events == [.next(210, 1), .next(230, 2)])
        #expect(xs1.subscriptions == [Subscription(200, 220)])
        #expect(xs2.subscriptions == [Subscription(220, 300)])
        #expect(xs3.subscriptions == [])
    }

    @Test func sequenceIsIteratedLazily() {
        // The next source is created only when the previous one has completed.
        var created: [Int] = []
        let sources = (1...3).lazy.map { index -> Observable<Int> in
            created.append(index)
            return .just(index)
        }
        var received: [Int] = []
        _ = Observable.concat(AnySequence(sources)).subscribe(onNext: { value in
            received.append(value)
            #expect(created.last == value)
        })
        #expect(received == [1, 2, 3])
        #expect(created == [1, 2, 3])
    }

    @Test func manySynchronousSourcesDoNotGrowTheStack() {
        expectNoLeaks {
            let count = 50_000
            var sum = 0
            var completed = false
            _ = Observable.concat((0..<count).map { Observable.just($0) })
                .subscribe(onNext: { sum += $0 }, onCompleted: { completed = true })
            #expect(sum == (count - 1) * count / 2)
            #expect(completed)
        }
    }

    @Test func nestedConcatenationsRunWithoutRecursion() {
        // 20 000 levels of concat-in-concat would overflow the stack if each level were
        // subscribed recursively; the nested producers are flattened instead.
        let depth = 20_000
        for build in [nestedConcatOfCollections, nestedConcatOfSequences] {
            var received: [Int] = []
            var completed = false
            _ = build(0, depth) { .just($0, scheduler: CurrentThreadScheduler.instance) }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            #expect(received == Array(0..<depth))
            #expect(completed)
        }
    }

    // MARK: concat() of an observable of observables

    @Test func observableOfObservablesSubscribesOneAtATime() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 102), .next(90, 103), .completed(100)])
        let ys2 = scheduler.createColdObservable([.next(10, 202), .completed(20)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(350, ys2), .completed(360)])
        let res = scheduler.start { xs.concat() }
        #expect(res.events == [.next(310, 102), .next(390, 103), .next(410, 202), .completed(420)])
        #expect(xs.subscriptions == [Subscription(200, 360)])
        #expect(ys1.subscriptions == [Subscription(300, 400)])
        #expect(ys2.subscriptions == [Subscription(400, 420)])
    }

    @Test func observableOfObservablesStopsAtTheFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 102), .error(100, testError)])
        let ys2 = scheduler.createColdObservable([.next(10, 202), .completed(20)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .next(350, ys2), .completed(360)])
        let res = scheduler.start { xs.concat() }
        #expect(res.events == [.next(310, 102), .error(400, testError)])
        #expect(xs.subscriptions == [Subscription(200, 360)])
        #expect(ys1.subscriptions == [Subscription(300, 400)])
        #expect(ys2.subscriptions == [])
    }

    @Test func releasesResources() {
        expectNoLeaks {
            _ = Observable.concat([Observable.just(1)]).subscribe()
            _ = Observable.concat([Observable<Int>.error(testError)]).subscribe(onError: { _ in })
            let subject = PublishSubject<Int>()
            Observable.just(1).concat(subject).subscribe().dispose()
        }
    }
}
