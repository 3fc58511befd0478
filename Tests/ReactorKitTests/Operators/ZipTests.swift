import Dispatch
import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ZipTests {
    /// Runs `scenario` with both fixed-arity overloads.
    private func check(_ scenario: TwoSourceScenario, sourceLocation: SourceLocation = #_sourceLocation) {
        scenario.check(FixedArityCombiner.zip.summingFactories(arity: 2), sourceLocation: sourceLocation)
    }

    private static let never: [Recorded<Event<Int>>] = [.next(150, 1)]
    private static let empty: [Recorded<Event<Int>>] = [.next(150, 1), .completed(210)]
    private static let single: [Recorded<Event<Int>>] = [.next(150, 1), .next(215, 2), .completed(220)]

    // MARK: completion (fixed arity: only when every source has completed)

    @Test func neverCompletesWhileASourceIsActive() {
        check(
            TwoSourceScenario(
                first: Self.never, second: Self.empty, events: [], firstSubscriptions: [Subscription(200, 1000)],
                secondSubscriptions: [Subscription(200, 210)]))
        check(
            TwoSourceScenario(
                first: Self.empty, second: Self.never, events: [], firstSubscriptions: [Subscription(200, 210)],
                secondSubscriptions: [Subscription(200, 1000)]))
        check(
            TwoSourceScenario(
                first: Self.never, second: Self.single, events: [], firstSubscriptions: [Subscription(200, 1000)],
                secondSubscriptions: [Subscription(200, 220)]))
        check(
            TwoSourceScenario(
                first: Self.single, second: Self.never, events: [], firstSubscriptions: [Subscription(200, 220)],
                secondSubscriptions: [Subscription(200, 1000)]))
    }

    @Test func completesOnlyWhenEverySourceHasCompleted() {
        // Unlike combineLatest (and zip of a collection), an element that can never be paired
        // does not complete the result: RxSwift waits for the last source to complete.
        check(
            TwoSourceScenario(
                first: Self.empty, second: Self.single, events: [.completed(220)],
                firstSubscriptions: [Subscription(200, 210)], secondSubscriptions: [Subscription(200, 220)]))
        check(
            TwoSourceScenario(
                first: Self.single, second: Self.empty, events: [.completed(220)],
                firstSubscriptions: [Subscription(200, 220)], secondSubscriptions: [Subscription(200, 210)]))
        check(
            TwoSourceScenario(
                first: [.next(150, 1), .next(215, 2), .completed(230)],
                second: [.next(150, 1), .next(220, 3), .completed(240)],
                events: [.next(220, 2 + 3), .completed(240)], firstSubscriptions: [Subscription(200, 230)],
                secondSubscriptions: [Subscription(200, 240)]))
    }

    @Test func leftOrRightCompletingFirst() {
        let left: [Recorded<Event<Int>>] = [.next(150, 1), .next(210, 2), .completed(220)]
        let right: [Recorded<Event<Int>>] = [.next(150, 1), .next(215, 4), .completed(225)]
        check(
            TwoSourceScenario(
                first: left, second: right, events: [.next(215, 2 + 4), .completed(225)],
                firstSubscriptions: [Subscription(200, 220)], secondSubscriptions: [Subscription(200, 225)]))
        check(
            TwoSourceScenario(
                first: right, second: left, events: [.next(215, 2 + 4), .completed(225)],
                firstSubscriptions: [Subscription(200, 225)], secondSubscriptions: [Subscription(200, 220)]))
    }

    // MARK: errors

    @Test func errorOfEitherSourceEndsTheResult() {
        let cases: [([Recorded<Event<Int>>], [Recorded<Event<Int>>], Recorded<Event<Int>>)] = [
            ([.next(150, 1), .completed(230)], [.next(150, 1), .error(220, testError)], .error(220, testError)),
            ([.next(150, 1)], [.next(150, 1), .error(220, testError)], .error(220, testError)),
            (
                [.next(150, 1), .error(230, testError1)], [.next(150, 1), .error(220, testError2)],
                .error(220, testError2)
            ),
            (
                [.next(150, 1), .next(215, 2), .completed(230)], [.next(150, 1), .error(220, testError1)],
                .error(220, testError1)
            ),
        ]
        for (first, second, error) in cases {
            check(
                TwoSourceScenario(
                    first: first, second: second, events: [error], firstSubscriptions: [Subscription(200, 220)],
                    secondSubscriptions: [Subscription(200, 220)]))
            check(
                TwoSourceScenario(
                    first: second, second: first, events: [error], firstSubscriptions: [Subscription(200, 220)],
                    secondSubscriptions: [Subscription(200, 220)]))
        }
    }

    @Test func resultSelectorThrowing() {
        for swapped in [false, true] {
            let scheduler = TestScheduler(initialClock: 0)
            let o1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(220)])
            let o2 = scheduler.createHotObservable([.next(150, 1), .next(210, 4)])
            let res = scheduler.start { () -> Observable<Int> in
                swapped
                    ? Observable.zip(o2, o1) { _, _ in throw testError }
                    : Observable.zip(o1, o2) { _, _ in throw testError }
            }
            #expect(res.events == [.error(220, testError)])
            #expect(o1.subscriptions == [Subscription(200, 220)])
            #expect(o2.subscriptions == [Subscription(200, 220)])
        }
    }

    // MARK: every arity

    @Test func synchronousSourcesForEveryArity() {
        FixedArityCombiner.zip.checkSynchronousSources()
    }

    @Test func neverAndEmptyForEveryArity() {
        FixedArityCombiner.zip.checkNeverAndEmpty()
    }

    @Test func disposalUnsubscribesEverySourceForEveryArity() {
        FixedArityCombiner.zip.checkDisposal()
    }

    @Test func symmetricReturnForEveryArity() {
        FixedArityCombiner.zip.forEveryArity { arity, factory in
            let scheduler = TestScheduler(initialClock: 0)
            let sources = (0..<arity).map { index in
                scheduler.createHotObservable([.next(150, 1), .next(210 + 10 * index, index + 1), .completed(400)])
            }
            let res = scheduler.start { factory(sources) }
            #expect(res.events == [.next(200 + 10 * arity, arity * (arity + 1) / 2), .completed(400)])
            #expect(sources.allSatisfy { $0.subscriptions == [Subscription(200, 400)] })
        }
    }

    @Test func allCompletedForEveryArity() {
        // Source i sends 5, 6, … (i + 1 elements) and completes at 220 + 10 i: only the first
        // index can be paired, and the result completes with the last source.
        FixedArityCombiner.zip.forEveryArity { arity, factory in
            expectNoLeaks {
                let scheduler = TestScheduler(initialClock: 0)
                let sources = (0..<arity).map { index in
                    scheduler.createHotObservable(
                        [.next(150, 1)] + (0...index).map { .next(210 + 10 * $0, 5 + $0) }
                            + [.completed(220 + 10 * index)])
                }
                let res = scheduler.start { factory(sources) }
                #expect(res.events == [.next(210, 5 * arity), .completed(210 + 10 * arity)])
                for (index, source) in sources.enumerated() {
                    #expect(source.subscriptions == [Subscription(200, 220 + 10 * index)])
                }
            }
        }
    }

    @Test func pairsElementsByIndexAndBuffersTheFasterSource() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let fast = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
            let slow = scheduler.createHotObservable([.next(300, "a"), .next(400, "b"), .completed(500)])
            let res = scheduler.start { Observable.zip(fast, slow).map { number, letter in "\(number)\(letter)" } }
            #expect(res.events == [.next(300, "1a"), .next(400, "2b"), .completed(500)])
            #expect(fast.subscriptions == [Subscription(200, 240)])
            #expect(slow.subscriptions == [Subscription(200, 500)])
        }
    }

    @Test func tupleOverloadsCarryEachElementInPlace() {
        var received: [String] = []
        _ = Observable.zip(
            Observable.of(1, 2), Observable.of("b", "c"), Observable.just(3.5), Observable.just(true),
            Observable.just(5), Observable.just("f"), Observable.just(7), Observable.just(8)
        )
        .subscribe(onNext: { a, b, c, d, e, f, g, h in received.append("\(a)\(b)\(c)\(d)\(e)\(f)\(g)\(h)") })
        #expect(received == ["1b3.5true5f78"])
    }

    // MARK: collection

    private static var collectionFactories: [([TestableObservable<Int>]) -> Observable<[Int]>] {
        [
            { s in Observable.zip(s.map { $0.asObservable() }) { $0 } },
            { s in Observable.zip(s) },
            { s in Observable.zip(AnyCollection(s)) },
        ]
    }

    @Test func emptyCollectionCompletesAtOnce() {
        let factories: [() -> Observable<Int>] = [
            { Observable<Int>.zip([Observable<Int>]()).map { $0.reduce(0, +) } },
            { Observable.zip([Observable<Int>]()) { $0.reduce(0, +) } },
        ]
        for factory in factories {
            #expect(TestScheduler(initialClock: 0).start { factory() }.events == [.completed(200)])
        }
    }

    @Test func collectionSymmetric() {
        CombiningScenario(
            inputs: ThreeSourceInputs.symmetric,
            events: [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(420)],
            subscriptions: [[Subscription(200, 420)], [Subscription(200, 410)], [Subscription(200, 400)]]
        ).check(Self.collectionFactories)
    }

    @Test func collectionCompletesWhenAnElementCanNeverBePaired() {
        // At 310 the first and last sources have completed and the first has nothing left to pair.
        CombiningScenario(
            inputs: ThreeSourceInputs.asymmetric,
            events: [.next(230, [1, 2, 3]), .next(260, [4, 5, 6]), .completed(310)],
            subscriptions: [[Subscription(200, 270)], [Subscription(200, 310)], [Subscription(200, 300)]]
        ).check(Self.collectionFactories)
    }

    @Test func collectionDiffersFromFixedArityOnEarlyCompletion() {
        // The same two sources: the collection overload completes at the unpairable element
        // (215), the fixed-arity one waits for the last completion (220), as in RxSwift.
        let scheduler = TestScheduler(initialClock: 0)
        let e = scheduler.createHotObservable(Self.empty)
        let o = scheduler.createHotObservable(Self.single)
        let res = scheduler.start { Observable.zip([e, o]) }
        #expect(res.events == [.completed(215)])
        #expect(e.subscriptions == [Subscription(200, 210)])
        #expect(o.subscriptions == [Subscription(200, 215)])
    }

    @Test func collectionErrors() {
        for factory in Self.collectionFactories {
            let scheduler = TestScheduler(initialClock: 0)
            let e0 = scheduler.createHotObservable([.next(150, 1), .next(210, 1), .error(250, testError)])
            let e1 = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 5), .completed(410)])
            let e2 = scheduler.createHotObservable([.next(150, 1), .next(230, 3), .next(260, 6), .completed(400)])
            let res = scheduler.start { factory([e0, e1, e2]) }
            #expect(res.events == [.next(230, [1, 2, 3]), .error(250, testError)])
            #expect([e0, e1, e2].allSatisfy { $0.subscriptions == [Subscription(200, 250)] })
        }
        let scheduler = TestScheduler(initialClock: 0)
        let sources = [
            scheduler.createHotObservable([.next(150, 1), .next(210, 1), .completed(400)]),
            scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(400)]),
            scheduler.createHotObservable([.next(150, 1), .error(230, testError)]),
            scheduler.createHotObservable([.next(150, 1), .next(240, 4), .completed(400)]),
        ]
        let res = scheduler.start { Observable.zip(sources) { _ in 42 } }
        #expect(res.events == [.error(230, testError)])
        #expect(sources.allSatisfy { $0.subscriptions == [Subscription(200, 230)] })

        let throwing = TestScheduler(initialClock: 0)
        let pair = [
            throwing.createHotObservable([.next(210, 1), .completed(300)]),
            throwing.createHotObservable([.next(220, 2), .completed(300)]),
        ]
        let thrown = throwing.start { Observable.zip(pair) { _ -> Int in throw testError } }
        #expect(thrown.events == [.error(220, testError)])
        #expect(pair.allSatisfy { $0.subscriptions == [Subscription(200, 220)] })
    }

    // MARK: resources and threads

    @Test func releasesResources() {
        expectNoLeaks {
            _ = Observable.zip(Observable.just(1), Observable.just(1), resultSelector: +).subscribe()
            _ = Observable.zip(Observable.just(1), Observable<Int>.error(testError)).subscribe(onError: { _ in })
            _ = Observable.zip([Observable.just(1), Observable.just(1)]) { $0.reduce(0, +) }.subscribe()
            _ = Observable.zip([Observable<Int>.error(testError), Observable.just(1)]).subscribe(onError: { _ in })
            let subject = PublishSubject<Int>()
            Observable.zip(subject, Observable.just(1)).subscribe().dispose()
            #expect(!subject.hasObservers)
        }
    }

    @Test func neverDeliversConcurrentlyAndPairsEveryElement() {
        let perSource = 2_000
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let probe = SerialDeliveryProbe()
        let subscription = Observable.zip(first, second) { $0 * 10_000 + $1 }
            .subscribe(onNext: probe.receive, onCompleted: probe.complete)
        let group = DispatchGroup()
        for subject in [first, second] {
            DispatchQueue(label: "zip-source").async(group: group) {
                for value in 0..<perSource {
                    subject.onNext(value)
                }
                subject.onCompleted()
            }
        }
        group.wait()
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        #expect(probe.values == (0..<perSource).map { $0 * 10_000 + $0 })
        subscription.dispose()
    }
}
