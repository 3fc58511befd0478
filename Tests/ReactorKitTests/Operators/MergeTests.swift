import Dispatch
import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct MergeTests {
    // MARK: merge() of an observable of observables

    @Test func synchronousInnerSequencesAreAllDelivered() {
        expectNoLeaks {
            var count = 0
            var completed = false
            _ = Observable.of(Observable.of(0, 1, 2), Observable.of(0, 1, 2), Observable.of(0, 1, 2))
                .merge()
                .subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
            #expect(count == 9)
            #expect(completed)
        }
    }

    @Test func synchronousErrorIsDeliveredOnce() {
        expectNoLeaks {
            var errors = 0
            _ = Observable.of(
                Observable.of(0, 1, 2),
                Observable.concat([Observable.of(0, 1), Observable.error(testError)]),
                Observable.of(0, 1, 2)
            )
            .merge()
            .subscribe(onError: { _ in errors += 1 })
            #expect(errors == 1)

            errors = 0
            _ = Observable.just(Observable<Int>.error(testError)).merge().subscribe(onError: { _ in errors += 1 })
            #expect(errors == 1)
        }
    }

    @Test func emptyOuterAndEmptyInnerComplete() {
        expectNoLeaks {
            var completions = 0
            _ = Observable<Observable<Int>>.empty().merge().subscribe(onCompleted: { completions += 1 })
            _ = Observable.just(Observable<Int>.empty()).merge().subscribe(onCompleted: { completions += 1 })
            #expect(completions == 2)
        }
    }

    /// Three cold inner sequences sent by a hot outer one at 300, 400 and 500.
    private struct InnerSequencesFixture {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1: TestableObservable<Int>
        let ys2: TestableObservable<Int>
        let ys3: TestableObservable<Int>

        init(
            ys1Elements: [Recorded<Event<Int>>] = [.next(110, 103), .next(120, 104), .next(210, 105), .next(220, 106)],
            ys2Last: Recorded<Event<Int>> = .completed(50),
            ys3Tail: [Recorded<Event<Int>>] = [.next(120, 305), .completed(150)]
        ) {
            ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102)] + ys1Elements + [.completed(230)])
            ys2 = scheduler.createColdObservable([
                .next(10, 201), .next(20, 202), .next(30, 203), .next(40, 204), ys2Last,
            ])
            ys3 = scheduler.createColdObservable(
                [.next(10, 301), .next(20, 302), .next(30, 303), .next(40, 304)] + ys3Tail)
        }

        func outer(
            _ last: Recorded<Event<TestableObservable<Int>>> = .completed(600), sendsYs3: Bool = true
        ) -> TestableObservable<TestableObservable<Int>> {
            scheduler.createHotObservable(
                [.next(300, ys1), .next(400, ys2)] + (sendsYs3 ? [.next(500, ys3)] : []) + [last])
        }
    }

    /// What merging the fixture's sequences sends until 440.
    private static let interleavedUntil440: [Recorded<Event<Int>>] = [
        .next(310, 101), .next(320, 102), .next(410, 103), .next(410, 201), .next(420, 104), .next(420, 202),
        .next(430, 203), .next(440, 204),
    ]

    @Test func interleavesInnerSequencesAndWaitsForAllToComplete() {
        expectNoLeaks {
            let fixture = InnerSequencesFixture()
            let xs = fixture.outer()
            let res = fixture.scheduler.start { xs.merge() }
            #expect(
                res.events == Self.interleavedUntil440 + [
                    .next(510, 105), .next(510, 301), .next(520, 106), .next(520, 302), .next(530, 303),
                    .next(540, 304), .next(620, 305), .completed(650),
                ])
            #expect(xs.subscriptions == [Subscription(200, 600)])
            #expect(fixture.ys1.subscriptions == [Subscription(300, 530)])
            #expect(fixture.ys2.subscriptions == [Subscription(400, 450)])
            #expect(fixture.ys3.subscriptions == [Subscription(500, 650)])
        }
    }

    @Test func completesWithTheOuterSequenceWhenInnerOnesAreDone() {
        let fixture = InnerSequencesFixture(ys1Elements: [], ys3Tail: [.completed(50)])
        let xs = fixture.outer()
        let res = fixture.scheduler.start { xs.merge() }
        #expect(
            res.events == [
                .next(310, 101), .next(320, 102), .next(410, 201), .next(420, 202), .next(430, 203),
                .next(440, 204), .next(510, 301), .next(520, 302), .next(530, 303), .next(540, 304),
                .completed(600),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(fixture.ys1.subscriptions == [Subscription(300, 530)])
        #expect(fixture.ys2.subscriptions == [Subscription(400, 450)])
        #expect(fixture.ys3.subscriptions == [Subscription(500, 550)])
    }

    @Test func innerErrorDisposesEverything() {
        let fixture = InnerSequencesFixture(ys2Last: .error(50, testError1))
        let xs = fixture.outer()
        let res = fixture.scheduler.start { xs.merge() }
        #expect(res.events == Self.interleavedUntil440 + [.error(450, testError1)])
        #expect(xs.subscriptions == [Subscription(200, 450)])
        #expect(fixture.ys1.subscriptions == [Subscription(300, 450)])
        #expect(fixture.ys2.subscriptions == [Subscription(400, 450)])
        #expect(fixture.ys3.subscriptions == [])
    }

    @Test func outerErrorDisposesEverything() {
        let fixture = InnerSequencesFixture()
        let xs = fixture.outer(.error(500, testError1), sendsYs3: false)
        let res = fixture.scheduler.start { xs.merge() }
        #expect(res.events == Self.interleavedUntil440 + [.error(500, testError1)])
        #expect(xs.subscriptions == [Subscription(200, 500)])
        #expect(fixture.ys1.subscriptions == [Subscription(300, 500)])
        #expect(fixture.ys2.subscriptions == [Subscription(400, 450)])
    }

    @Test func disposalUnsubscribesOuterAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 101), .next(200, 102), .completed(300)])
        let xs = scheduler.createHotObservable([.next(300, ys1), .completed(700)])
        let res = scheduler.start(disposed: 400) { xs.merge() }
        #expect(res.events == [.next(310, 101)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(ys1.subscriptions == [Subscription(300, 400)])
    }

    // MARK: merge(maxConcurrent:)

    @Test func maxConcurrentSynchronousScenarios() {
        expectNoLeaks {
            var count = 0
            _ = Observable.of(Observable.of(0, 1, 2), Observable.of(0, 1, 2), Observable.of(0, 1, 2))
                .merge(maxConcurrent: 1)
                .subscribe(onNext: { _ in count += 1 })
            #expect(count == 9)

            var errors = 0
            _ = Observable.of(
                Observable.of(0, 1, 2),
                Observable.concat([Observable.of(0, 1), Observable.error(testError)]),
                Observable.of(0, 1, 2)
            )
            .merge(maxConcurrent: 1)
            .subscribe(onError: { _ in errors += 1 })
            _ = Observable.just(Observable<Int>.error(testError)).merge(maxConcurrent: 1)
                .subscribe(onError: { _ in errors += 1 })
            #expect(errors == 2)

            var completions = 0
            _ = Observable<Observable<Int>>.empty().merge(maxConcurrent: 1).subscribe(onCompleted: { completions += 1 })
            _ = Observable.just(Observable<Int>.empty()).merge(maxConcurrent: 1)
                .subscribe(onCompleted: { completions += 1 })
            #expect(completions == 2)
        }
    }

    private struct MergeConcatFixture {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1: TestableObservable<Int>
        let ys2: TestableObservable<Int>
        let ys3: TestableObservable<Int>
        let ys4: TestableObservable<Int>

        init(ys2Completion: TestTime = 200, ys3Last: Recorded<Event<Int>> = .completed(130)) {
            ys1 = scheduler.createColdObservable([.next(50, 1), .next(100, 2), .next(120, 3), .completed(140)])
            ys2 = scheduler.createColdObservable([.next(20, 4), .next(70, 5), .completed(ys2Completion)])
            ys3 = scheduler.createColdObservable([.next(10, 6), .next(90, 7), .next(110, 8), ys3Last])
            ys4 = scheduler.createColdObservable([.next(210, 9), .next(240, 10), .completed(300)])
        }

        func outer(
            ys4At: TestTime = 320,
            last: Recorded<Event<TestableObservable<Int>>> = .completed(400)
        ) -> TestableObservable<TestableObservable<Int>> {
            scheduler.createHotObservable([.next(210, ys1), .next(260, ys2), .next(270, ys3), .next(ys4At, ys4), last])
        }
    }

    @Test func maxConcurrentQueuesInnerSequences() {
        let fixture = MergeConcatFixture()
        let xs = fixture.outer()
        let res = fixture.scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6),
                .next(440, 7), .next(460, 8), .next(670, 9), .next(700, 10), .completed(760),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(fixture.ys1.subscriptions == [Subscription(210, 350)])
        #expect(fixture.ys2.subscriptions == [Subscription(260, 460)])
        #expect(fixture.ys3.subscriptions == [Subscription(350, 480)])
        #expect(fixture.ys4.subscriptions == [Subscription(460, 760)])
    }

    @Test func maxConcurrentLongInner() {
        let fixture = MergeConcatFixture(ys2Completion: 300)
        let xs = fixture.outer()
        let res = fixture.scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6),
                .next(440, 7), .next(460, 8), .next(690, 9), .next(720, 10), .completed(780),
            ])
        #expect(fixture.ys2.subscriptions == [Subscription(260, 560)])
        #expect(fixture.ys3.subscriptions == [Subscription(350, 480)])
        #expect(fixture.ys4.subscriptions == [Subscription(480, 780)])
    }

    @Test func maxConcurrentWideAndLateOuterCompletion() {
        for (outerEnd, completion) in [(450, 720), (750, 750)] {
            let fixture = MergeConcatFixture(ys2Completion: 300)
            let xs = fixture.outer(ys4At: 420, last: .completed(outerEnd))
            let res = fixture.scheduler.start { xs.merge(maxConcurrent: 3) }
            #expect(
                res.events == [
                    .next(260, 1), .next(280, 4), .next(280, 6), .next(310, 2), .next(330, 3), .next(330, 5),
                    .next(360, 7), .next(380, 8), .next(630, 9), .next(660, 10), .completed(completion),
                ])
            #expect(xs.subscriptions == [Subscription(200, outerEnd)])
            #expect(fixture.ys1.subscriptions == [Subscription(210, 350)])
            #expect(fixture.ys2.subscriptions == [Subscription(260, 560)])
            #expect(fixture.ys3.subscriptions == [Subscription(270, 400)])
            #expect(fixture.ys4.subscriptions == [Subscription(420, 720)])
        }
    }

    @Test func maxConcurrentDisposed() {
        let fixture = MergeConcatFixture()
        let xs = fixture.outer()
        let res = fixture.scheduler.start(disposed: 450) { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6),
                .next(440, 7),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(fixture.ys1.subscriptions == [Subscription(210, 350)])
        #expect(fixture.ys2.subscriptions == [Subscription(260, 450)])
        #expect(fixture.ys3.subscriptions == [Subscription(350, 450)])
        #expect(fixture.ys4.subscriptions == [])
    }

    @Test func maxConcurrentOuterError() {
        let fixture = MergeConcatFixture()
        let xs = fixture.outer(last: .error(400, testError1))
        let res = fixture.scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6),
                .error(400, testError1),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(fixture.ys1.subscriptions == [Subscription(210, 350)])
        #expect(fixture.ys2.subscriptions == [Subscription(260, 400)])
        #expect(fixture.ys3.subscriptions == [Subscription(350, 400)])
        #expect(fixture.ys4.subscriptions == [])
    }

    @Test func maxConcurrentInnerError() {
        let fixture = MergeConcatFixture(ys3Last: .error(140, testError1))
        let xs = fixture.outer()
        let res = fixture.scheduler.start { xs.merge(maxConcurrent: 2) }
        #expect(
            res.events == [
                .next(260, 1), .next(280, 4), .next(310, 2), .next(330, 3), .next(330, 5), .next(360, 6),
                .next(440, 7), .next(460, 8), .error(490, testError1),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(fixture.ys1.subscriptions == [Subscription(210, 350)])
        #expect(fixture.ys2.subscriptions == [Subscription(260, 460)])
        #expect(fixture.ys3.subscriptions == [Subscription(350, 490)])
        #expect(fixture.ys4.subscriptions == [Subscription(460, 490)])
    }

    // MARK: static merge

    private static func staticMergeFactories() -> [([Observable<Int>]) -> Observable<Int>] {
        [
            { sources in
                switch sources.count {
                case 0: return Observable.merge()
                case 2: return Observable.merge(sources[0], sources[1])
                default: return Observable.merge(sources[0], sources[1], sources[2])
                }
            },
            { Observable.merge(AnyCollection($0)) },
            { Observable.merge($0) },
        ]
    }

    @Test func staticMergeOfNothingCompletesAtOnce() {
        for factory in Self.staticMergeFactories() {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { factory([]) }
            #expect(res.events == [.completed(200)])
        }
    }

    @Test func staticMergeWaitsForEverySource() {
        for factory in Self.staticMergeFactories() {
            expectNoLeaks {
                let scheduler = TestScheduler(initialClock: 0)
                let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .completed(50)])
                let res = scheduler.start { factory([Observable<Int>.empty(), ys2.asObservable()]) }
                #expect(res.events == [.next(210, 201), .next(220, 202), .completed(250)])
                #expect(ys2.subscriptions == [Subscription(200, 250)])

                let empties = TestScheduler(initialClock: 0).start {
                    factory([Observable<Int>.empty(), Observable<Int>.empty()])
                }
                #expect(empties.events == [.completed(200)])
            }
        }
    }

    @Test func staticMergeInterleavesData() {
        for factory in Self.staticMergeFactories() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(230)])
            let ys2 = scheduler.createColdObservable([.next(10, 201), .next(20, 202), .completed(50)])
            let ys3 = scheduler.createColdObservable([.next(10, 301), .next(20, 302), .completed(150)])
            let res = scheduler.start { factory([ys1.asObservable(), ys2.asObservable(), ys3.asObservable()]) }
            #expect(
                res.events == [
                    .next(210, 101), .next(210, 201), .next(210, 301), .next(220, 102), .next(220, 202),
                    .next(220, 302), .completed(430),
                ])
            #expect(ys1.subscriptions == [Subscription(200, 430)])
            #expect(ys2.subscriptions == [Subscription(200, 250)])
            #expect(ys3.subscriptions == [Subscription(200, 350)])
        }
    }

    @Test func staticMergeErrorDisposesEverySource() {
        for factory in Self.staticMergeFactories() {
            let scheduler = TestScheduler(initialClock: 0)
            let ys1 = scheduler.createColdObservable([.next(10, 101), .next(20, 102), .completed(230)])
            let ys2 = scheduler.createColdObservable([.next(10, 201), .error(15, testError)])
            let ys3 = scheduler.createColdObservable([.next(10, 301), .next(20, 302), .completed(150)])
            let res = scheduler.start { factory([ys1.asObservable(), ys2.asObservable(), ys3.asObservable()]) }
            #expect(res.events == [.next(210, 101), .next(210, 201), .next(210, 301), .error(215, testError)])
            #expect(ys1.subscriptions == [Subscription(200, 215)])
            #expect(ys2.subscriptions == [Subscription(200, 215)])
            #expect(ys3.subscriptions == [Subscription(200, 215)])
        }
    }

    @Test func staticMergeReleasesResources() {
        expectNoLeaks {
            _ = Observable.merge(Observable.just(1)).subscribe()
            _ = Observable.merge([Observable.just(1)]).subscribe()
            _ = Observable.merge(AnyCollection([Observable.just(1)])).subscribe()
            _ = Observable.merge(Observable<Int>.error(testError)).subscribe(onError: { _ in })
            _ = Observable.merge([Observable.just(1), Observable<Int>.error(testError)]).subscribe(onError: { _ in })
        }
    }

    @Test func reentrantEventIsDeliveredAtOnce() {
        // The lock is recursive: an element sent to a merged subject from inside the observer
        // is delivered immediately (nested), as in RxSwift.
        expectNoLeaks {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = Observable.merge(first.asObservable(), second.asObservable())
                .subscribe(onNext: { value in
                    received.append(value)
                    if value == 1 { second.onNext(2) }
                    received.append(-value)
                })
            first.onNext(1)
            #expect(received == [1, 2, -2, -1])
            subscription.dispose()
        }
    }

    // MARK: concurrency

    @Test func neverDeliversConcurrentlyAndLosesNothing() {
        let sourceCount = 4
        let perSource = 2_000
        let subjects = (0..<sourceCount).map { _ in PublishSubject<Int>() }
        let probe = SerialDeliveryProbe()
        let subscription = Observable.merge(subjects.map { $0.asObservable() })
            .subscribe(onNext: probe.receive, onCompleted: probe.complete)
        let group = DispatchGroup()
        for (index, subject) in subjects.enumerated() {
            DispatchQueue(label: "merge-source-\(index)").async(group: group) {
                for value in 0..<perSource {
                    subject.onNext(index * perSource + value)
                }
                subject.onCompleted()
            }
        }
        group.wait()
        #expect(probe.overlaps == 0)
        #expect(probe.completions == 1)
        let values = probe.values
        #expect(values.count == sourceCount * perSource)
        #expect(Set(values) == Set(0..<(sourceCount * perSource)))
        for index in 0..<sourceCount {
            let fromSource = values.filter { $0 / perSource == index }
            #expect(fromSource == Array((index * perSource)..<((index + 1) * perSource)))
        }
        subscription.dispose()
    }
}
