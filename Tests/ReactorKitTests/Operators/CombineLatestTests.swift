import Dispatch
import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct CombineLatestTests {
    /// Every overload of `combineLatest` for two sources, each summing the elements: the
    /// fixed-arity ones and the collection ones, which behave the same way.
    private static var twoSourceFactories: [([TestableObservable<Int>]) -> Observable<Int>] {
        FixedArityCombiner.combineLatest.summingFactories(arity: 2) + [
            { s in Observable.combineLatest(s.map { $0.asObservable() }) { $0.reduce(0, +) } },
            { s in Observable<Int>.combineLatest(s.map { $0.asObservable() }).map { $0.reduce(0, +) } },
        ]
    }

    private func check(_ scenario: TwoSourceScenario, sourceLocation: SourceLocation = #_sourceLocation) {
        scenario.check(Self.twoSourceFactories, sourceLocation: sourceLocation)
    }

    // MARK: completion

    @Test func neverAndEmptyNeverComplete() {
        let never: [Recorded<Event<Int>>] = [.next(150, 1)]
        let empty: [Recorded<Event<Int>>] = [.next(150, 1), .completed(210)]
        check(
            TwoSourceScenario(
                first: never, second: empty, events: [], firstSubscriptions: [Subscription(200, 1000)],
                secondSubscriptions: [Subscription(200, 210)]))
        check(
            TwoSourceScenario(
                first: empty, second: never, events: [], firstSubscriptions: [Subscription(200, 210)],
                secondSubscriptions: [Subscription(200, 1000)]))
    }

    @Test func completesWhenAnElementCanNeverBeCombined() {
        // The other source completed without an element: the first element completes the result.
        let empty: [Recorded<Event<Int>>] = [.next(150, 1), .completed(210)]
        let single: [Recorded<Event<Int>>] = [.next(150, 1), .next(215, 2), .completed(220)]
        check(
            TwoSourceScenario(
                first: empty, second: single, events: [.completed(215)],
                firstSubscriptions: [Subscription(200, 210)], secondSubscriptions: [Subscription(200, 215)]))
        check(
            TwoSourceScenario(
                first: single, second: empty, events: [.completed(215)],
                firstSubscriptions: [Subscription(200, 215)], secondSubscriptions: [Subscription(200, 210)]))
    }

    @Test func doesNotCompleteWhileASourceThatNeverSentIsActive() {
        let never: [Recorded<Event<Int>>] = [.next(150, 1)]
        let single: [Recorded<Event<Int>>] = [.next(150, 1), .next(215, 2), .completed(220)]
        check(
            TwoSourceScenario(
                first: single, second: never, events: [], firstSubscriptions: [Subscription(200, 220)],
                secondSubscriptions: [Subscription(200, 1000)]))
        check(
            TwoSourceScenario(
                first: never, second: single, events: [], firstSubscriptions: [Subscription(200, 1000)],
                secondSubscriptions: [Subscription(200, 220)]))
    }

    @Test func completesWhenAllSourcesHaveCompleted() {
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(215, 2), .completed(230)],
                second: [.next(150, 1), .next(220, 3), .completed(240)],
                events: [.next(220, 2 + 3), .completed(240)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(200, 240)]))
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(220, 3), .completed(240)],
                second: [.next(150, 1), .next(215, 2), .completed(230)],
                events: [.next(220, 2 + 3), .completed(240)], firstSubscriptions: [Subscription(200, 240)],
                secondSubscriptions: [Subscription(200, 230)]))
    }

    @Test func keepsCombiningWithTheLatestElementOfACompletedSource() {
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(215, 2), .next(225, 4), .completed(230)],
                second: [.next(150, 1), .next(220, 3), .next(230, 5), .next(235, 6), .next(240, 7), .completed(250)],
                events: [
                    .next(220, 2 + 3), .next(225, 3 + 4), .next(230, 4 + 5), .next(235, 4 + 6), .next(240, 4 + 7),
                    .completed(250),
                ],
                firstSubscriptions: [Subscription(200, 230)], secondSubscriptions: [Subscription(200, 250)]))
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(215, 2), .next(225, 4), .completed(230)],
                second: [.next(150, 1), .next(235, 6), .next(240, 7), .completed(250)],
                events: [.next(235, 4 + 6), .next(240, 4 + 7), .completed(250)],
                firstSubscriptions: [Subscription(200, 230)], secondSubscriptions: [Subscription(200, 250)]))
    }

    // MARK: errors

    @Test func errorOfEitherSourceEndsTheResult() {
        let cases: [([Recorded<Event<Int>>], [Recorded<Event<Int>>], Recorded<Event<Int>>)] = [
            ([.next(150, 1), .completed(230)], [.next(150, 1), .error(220, testError)], .error(220, testError)),
            ([.next(150, 1), .error(220, testError)], [.next(150, 1), .completed(230)], .error(220, testError)),
            (
                [.next(150, 1), .next(210, 2), .completed(230)], [.next(150, 1), .error(220, testError)],
                .error(220, testError)
            ),
            (
                [.next(150, 1), .error(220, testError)], [.next(150, 1), .next(210, 2), .completed(230)],
                .error(220, testError)
            ),
            (
                [.next(150, 1), .error(220, testError1)], [.next(150, 1), .error(230, testError2)],
                .error(220, testError1)
            ),
            (
                [.next(150, 1), .error(230, testError1)], [.next(150, 1), .error(220, testError2)],
                .error(220, testError2)
            ),
            (
                [.next(150, 1), .next(210, 2), .error(220, testError1)], [.next(150, 1), .error(230, testError2)],
                .error(220, testError1)
            ),
            (
                [.next(150, 1), .error(230, testError2)], [.next(150, 1), .next(210, 2), .error(220, testError1)],
                .error(220, testError1)
            ),
            (
                [.next(150, 1), .next(215, 2), .completed(230)], [.next(150, 1), .error(220, testError)],
                .error(220, testError)
            ),
            (
                [.next(150, 1), .error(220, testError)], [.next(150, 1), .next(215, 2), .completed(230)],
                .error(220, testError)
            ),
        ]
        for (first, second, error) in cases {
            check(
                TwoSourceScenario(
                    first: first, second: second, events: [error], firstSubscriptions: [Subscription(200, 220)],
                    secondSubscriptions: [Subscription(200, 220)]))
        }
    }

    @Test func errorAfterTheOtherSourceCompleted() {
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(215, 2), .completed(220)],
                second: [.next(150, 1), .error(230, testError)],
                events: [.error(230, testError)], firstSubscriptions: [Subscription(200, 220)],
                secondSubscriptions: [Subscription(200, 230)]))
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .error(230, testError)],
                second: [.next(150, 1), .next(215, 2), .completed(220)],
                events: [.error(230, testError)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(200, 220)]))
    }

    @Test func errorAfterSomeResults() {
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(215, 2), .next(225, 4), .error(230, testError)],
                second: [.next(150, 1), .next(235, 6), .next(240, 7), .completed(250)],
                events: [.error(230, testError)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(200, 230)]))
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(215, 2), .next(225, 4), .completed(250)],
                second: [.next(150, 1), .next(235, 6), .next(240, 7), .error(245, testError)],
                events: [.next(235, 4 + 6), .next(240, 4 + 7), .error(245, testError)],
                firstSubscriptions: [Subscription(200, 245)], secondSubscriptions: [Subscription(200, 245)]))
    }

    @Test func resultSelectorThrowing() {
        for arity in 2...8 {
            let scheduler = TestScheduler(initialClock: 0)
            let sources = (0..<arity).map { index in
                scheduler.createHotObservable([.next(150, 1), .next(210 + 10 * index, index + 1), .completed(400)])
            }
            let res = scheduler.start { () -> Observable<Int> in
                let observables = sources.map { $0.asObservable() }
                switch arity {
                case 2: return Observable.combineLatest(sources[0], sources[1]) { _, _ in throw testError }
                case 3:
                    return Observable.combineLatest(sources[0], sources[1], sources[2]) { _, _, _ in throw testError }
                default: return Observable.combineLatest(observables) { _ in throw testError }
                }
            }
            let end = 200 + 10 * arity
            #expect(res.events == [.error(end, testError)])
            for source in sources {
                #expect(source.subscriptions == [Subscription(200, end)])
            }
        }
    }

    // MARK: every arity

    @Test func synchronousSourcesForEveryArity() {
        FixedArityCombiner.combineLatest.checkSynchronousSources()
    }

    @Test func neverAndEmptyForEveryArity() {
        FixedArityCombiner.combineLatest.checkNeverAndEmpty()
    }

    @Test func disposalUnsubscribesEverySourceForEveryArity() {
        FixedArityCombiner.combineLatest.checkDisposal()
    }

    @Test func willNeverBeAbleToCombineForEveryArity() {
        FixedArityCombiner.combineLatest.forEveryArity { arity, factory in
            let scheduler = TestScheduler(initialClock: 0)
            var sources = (0..<(arity - 1)).map { index in
                scheduler.createHotObservable([.next(150, 1), .completed(250 + 10 * index)])
            }
            sources.append(scheduler.createHotObservable([.next(150, 1), .next(500, 2), .completed(800)]))
            let res = scheduler.start { factory(sources) }
            #expect(res.events == [.completed(500)])
            for (index, source) in sources.dropLast().enumerated() {
                #expect(source.subscriptions == [Subscription(200, 250 + 10 * index)])
            }
            #expect(sources.last?.subscriptions == [Subscription(200, 500)])
        }
    }

    @Test func typicalForEveryArity() {
        FixedArityCombiner.combineLatest.forEveryArity { arity, factory in
            expectNoLeaks {
                let scheduler = TestScheduler(initialClock: 0)
                let sources = (0..<arity).map { index in
                    scheduler.createHotObservable([
                        .next(150, 1), .next(210 + 10 * index, index + 1),
                        .next(410 + 10 * index, index + 1 + arity),
                        .completed(800),
                    ])
                }
                let res = scheduler.start { factory(sources) }
                let initial = arity * (arity + 1) / 2
                let expected: [Recorded<Event<Int>>] =
                    [.next(200 + 10 * arity, initial)]
                    + (0..<arity).map { .next(410 + 10 * $0, initial + arity * ($0 + 1)) } + [.completed(800)]
                #expect(res.events == expected)
                #expect(sources.allSatisfy { $0.subscriptions == [Subscription(200, 800)] })
            }
        }
    }

    @Test func tupleOverloadsCarryEachElementInPlace() {
        var received: [String] = []
        _ = Observable.combineLatest(
            Observable.just(1), Observable.just("b"), Observable.just(3.5), Observable.just(true),
            Observable.just(5), Observable.just("f"), Observable.just(7), Observable.just(8)
        )
        .subscribe(onNext: { a, b, c, d, e, f, g, h in received.append("\(a)\(b)\(c)\(d)\(e)\(f)\(g)\(h)") })
        #expect(received == ["1b3.5true5f78"])
    }

    // MARK: collection

    @Test func emptyCollectionSendsOneEmptyCombination() {
        let factories: [() -> Observable<Int>] = [
            { Observable<Int>.combineLatest([Observable<Int>]()).map { $0.reduce(0, +) } },
            { Observable.combineLatest([Observable<Int>]()) { $0.reduce(0, +) } },
        ]
        for factory in factories {
            let res = TestScheduler(initialClock: 0).start { factory() }
            #expect(res.events == [.next(200, 0), .completed(200)])
        }
        let failing = TestScheduler(initialClock: 0).start {
            Observable.combineLatest([Observable<Int>]()) { _ -> Int in throw testError }
        }
        #expect(failing.events == [.error(200, testError)])
    }

    private static var collectionFactories: [([TestableObservable<Int>]) -> Observable<[Int]>] {
        [
            { s in Observable.combineLatest(s.map { $0.asObservable() }) { $0 } },
            { s in Observable.combineLatest(s) },
            { s in Observable.combineLatest(AnyCollection(s)) },
        ]
    }

    @Test func collectionSymmetric() {
        CombiningScenario(
            inputs: ThreeSourceInputs.symmetric,
            events: [
                .next(230, [1, 2, 3]), .next(240, [1, 5, 3]), .next(250, [4, 5, 3]), .next(260, [4, 5, 6]),
                .completed(420),
            ],
            subscriptions: [[Subscription(200, 420)], [Subscription(200, 410)], [Subscription(200, 400)]]
        ).check(Self.collectionFactories)
    }

    @Test func collectionAsymmetric() {
        CombiningScenario(
            inputs: ThreeSourceInputs.asymmetric,
            events: [
                .next(230, [1, 2, 3]), .next(240, [1, 5, 3]), .next(250, [4, 5, 3]), .next(260, [4, 5, 6]),
                .next(280, [4, 5, 8]), .next(290, [4, 7, 8]), .next(310, [4, 9, 8]), .completed(410),
            ],
            subscriptions: [[Subscription(200, 270)], [Subscription(200, 410)], [Subscription(200, 300)]]
        ).check(Self.collectionFactories)
    }

    @Test func collectionDisposalUnsubscribesEverySource() {
        let scheduler = TestScheduler(initialClock: 0)
        let sources = (0..<3).map { index in
            scheduler.createHotObservable([.next(210 + index, index), .completed(500)])
        }
        let res = scheduler.start(disposed: 300) { Observable<Int>.combineLatest(sources) }
        #expect(res.events == [.next(212, [0, 1, 2])])
        #expect(sources.allSatisfy { $0.subscriptions == [Subscription(200, 300)] })
    }

    // MARK: synchronous sources and re-entrancy

    @Test func synchronousErrorsAndCompletionAreDeliveredOnce() {
        expectNoLeaks {
            var errors = 0
            _ = Observable.combineLatest(
                Observable.concat([Observable.of(0, 1, 2), Observable.error(testError)]),
                Observable.of(0, 1, 2)
            ) { $0 + $1 }
            .subscribe(onError: { _ in errors += 1 })
            _ = Observable.combineLatest(Observable<Int>.error(testError), Observable.of(0, 1, 2)) { $0 + $1 }
                .subscribe(onError: { _ in errors += 1 })
            #expect(errors == 2)

            var completions = 0
            _ = Observable.combineLatest(Observable<Int>.empty(), Observable.of(0, 1, 2)) { $0 + $1 }
                .subscribe(onCompleted: { completions += 1 })
            #expect(completions == 1)
        }
    }

    @Test(.reentrantOnPurpose) func reentrantElementIsCombinedAtOnce() {
        expectNoLeaks {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = Observable.combineLatest(first, second) { $0 * 10 + $1 }
                .subscribe(onNext: { value in
                    received.append(value)
                    if value == 11 { second.onNext(2) }
                })
            first.onNext(1)
            second.onNext(1)
            #expect(received == [11, 12])
            subscription.dispose()
            #expect(!first.hasObservers && !second.hasObservers)
        }
    }

    @Test func neverDeliversConcurrently() {
        let perSource = 2_000
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let probe = SerialDeliveryProbe()
        let subscription = Observable.combineLatest(first, second) { $0 + $1 }
            .subscribe(onNext: probe.receive, onCompleted: probe.complete)
        first.onNext(0)
        second.onNext(0)
        let group = DispatchGroup()
        for subject in [first, second] {
            DispatchQueue(label: "combineLatest-source").async(group: group) {
                for _ in 0..<perSource {
                    subject.onNext(1)
                }
                subject.onCompleted()
            }
        }
        group.wait()
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        #expect(probe.values.count == 2 * perSource + 1)
        #expect(probe.values.last == 2)
        subscription.dispose()
    }
}
