import ReactorKit
import ReactorKitTesting
import Testing

/// The combining operators with fixed arities (2 to 8 sources), for scenarios run with each
/// overload and each arity.
enum FixedArityCombiner {
    case combineLatest
    case zip

    /// Both overloads (with a result selector, and the tuple one followed by `map`) for
    /// `arity` sources, each summing the combined elements.
    func summingFactories(arity: Int) -> [([TestableObservable<Int>]) -> Observable<Int>] {
        switch arity {
        case 2:
            return [
                { s in
                    if self == .zip { return Observable.zip(s[0], s[1]) { a, b in a + b } }
                    return Observable.combineLatest(s[0], s[1]) { a, b in a + b }
                },
                { s in
                    if self == .zip { return Observable.zip(s[0], s[1]).map { a, b in a + b } }
                    return Observable.combineLatest(s[0], s[1]).map { a, b in a + b }
                },
            ]
        case 3:
            return [
                { s in
                    if self == .zip { return Observable.zip(s[0], s[1], s[2]) { a, b, c in a + b + c } }
                    return Observable.combineLatest(s[0], s[1], s[2]) { a, b, c in a + b + c }
                },
                { s in
                    if self == .zip { return Observable.zip(s[0], s[1], s[2]).map { a, b, c in a + b + c } }
                    return Observable.combineLatest(s[0], s[1], s[2]).map { a, b, c in a + b + c }
                },
            ]
        case 4:
            return [
                { s in
                    if self == .zip { return Observable.zip(s[0], s[1], s[2], s[3]) { a, b, c, d in a + b + c + d } }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3]) { a, b, c, d in a + b + c + d }
                },
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3]).map { a, b, c, d in a + b + c + d }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3]).map { a, b, c, d in a + b + c + d }
                },
            ]
        case 5:
            return [
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4]) { a, b, c, d, e in a + b + c + d + e }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { a, b, c, d, e in a + b + c + d + e }
                },
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4]).map { a, b, c, d, e in a + b + c + d + e }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { a, b, c, d, e in
                        a + b + c + d + e
                    }
                },
            ]
        case 6:
            return [
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { a, b, c, d, e, f in
                            a + b + c + d + e + f
                        }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { a, b, c, d, e, f in
                        a + b + c + d + e + f
                    }
                },
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { a, b, c, d, e, f in
                            a + b + c + d + e + f
                        }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { a, b, c, d, e, f in
                        a + b + c + d + e + f
                    }
                },
            ]
        case 7:
            return [
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { a, b, c, d, e, f, g in
                            a + b + c + d + e + f + g
                        }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { a, b, c, d, e, f, g in
                        a + b + c + d + e + f + g
                    }
                },
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { a, b, c, d, e, f, g in
                            a + b + c + d + e + f + g
                        }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map {
                        a, b, c, d, e, f, g in a + b + c + d + e + f + g
                    }
                },
            ]
        case 8:
            return [
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                            a, b, c, d, e, f, g, h in a + b + c + d + e + f + g + h
                        }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                        a, b, c, d, e, f, g, h in a + b + c + d + e + f + g + h
                    }
                },
                { s in
                    if self == .zip {
                        return Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
                            a, b, c, d, e, f, g, h in a + b + c + d + e + f + g + h
                        }
                    }
                    return Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map {
                        a, b, c, d, e, f, g, h in a + b + c + d + e + f + g + h
                    }
                },
            ]
        default:
            preconditionFailure("arity \(arity) is not supported")
        }
    }

    /// Runs `body` with every arity and both overloads for it.
    func forEveryArity(
        _ body: (_ arity: Int, _ factory: @escaping ([TestableObservable<Int>]) -> Observable<Int>) -> Void
    ) {
        for arity in 2...8 {
            for factory in summingFactories(arity: arity) {
                body(arity, factory)
            }
        }
    }

    /// Sources that each send one element and complete at subscription give one result, then
    /// completion, and free everything.
    func checkSynchronousSources(sourceLocation: SourceLocation = #_sourceLocation) {
        forEveryArity { arity, factory in
            expectNoLeaks(sourceLocation: sourceLocation) {
                let scheduler = TestScheduler(initialClock: 0)
                let sources = (0..<arity).map { index in
                    scheduler.createColdObservable([.next(0, index + 1), .completed(0)])
                }
                let res = scheduler.start { factory(sources) }
                #expect(
                    res.events == [.next(200, arity * (arity + 1) / 2), .completed(200)], sourceLocation: sourceLocation
                )
            }
        }
    }

    /// Sources that send nothing keep the result silent; sources that complete one after the
    /// other without elements complete it with the last one.
    func checkNeverAndEmpty(sourceLocation: SourceLocation = #_sourceLocation) {
        forEveryArity { arity, factory in
            let scheduler = TestScheduler(initialClock: 0)
            let never = (0..<arity).map { _ in scheduler.createHotObservable([.next(150, 1)]) }
            #expect(scheduler.start { factory(never) }.events == [], sourceLocation: sourceLocation)
            #expect(never.allSatisfy { $0.subscriptions == [Subscription(200, 1000)] }, sourceLocation: sourceLocation)

            let emptyScheduler = TestScheduler(initialClock: 0)
            let empty = (0..<arity).map { index in
                emptyScheduler.createHotObservable([.next(150, 1), .completed(210 + 10 * index)])
            }
            let res = emptyScheduler.start { factory(empty) }
            #expect(res.events == [.completed(200 + 10 * arity)], sourceLocation: sourceLocation)
            for (index, source) in empty.enumerated() {
                #expect(source.subscriptions == [Subscription(200, 210 + 10 * index)], sourceLocation: sourceLocation)
            }
        }
    }
}

extension FixedArityCombiner {
    /// Disposing the subscription unsubscribes every source at once, after the one result
    /// their first elements give.
    func checkDisposal(sourceLocation: SourceLocation = #_sourceLocation) {
        forEveryArity { arity, factory in
            expectNoLeaks(sourceLocation: sourceLocation) {
                let scheduler = TestScheduler(initialClock: 0)
                let sources = (0..<arity).map { index in
                    scheduler.createHotObservable([.next(210 + 10 * index, index + 1), .completed(500)])
                }
                let res = scheduler.start(disposed: 300) { factory(sources) }
                #expect(
                    res.events == [.next(200 + 10 * arity, arity * (arity + 1) / 2)], sourceLocation: sourceLocation)
                #expect(
                    sources.allSatisfy { $0.subscriptions == [Subscription(200, 300)] }, sourceLocation: sourceLocation)
            }
        }
    }
}

/// Hot sources (their recorded events), and what a combination of them must send and when it
/// must unsubscribe from each.
struct CombiningScenario<Result: Equatable> {
    let inputs: [[Recorded<Event<Int>>]]
    let events: [Recorded<Event<Result>>]
    let subscriptions: [[Subscription]]

    init(
        inputs: [[Recorded<Event<Int>>]], events: [Recorded<Event<Result>>], subscriptions: [[Subscription]]
    ) {
        self.inputs = inputs
        self.events = events
        self.subscriptions = subscriptions
    }

    init(
        first: [Recorded<Event<Int>>],
        second: [Recorded<Event<Int>>],
        events: [Recorded<Event<Result>>],
        firstSubscriptions: [Subscription],
        secondSubscriptions: [Subscription]
    ) {
        self.init(inputs: [first, second], events: events, subscriptions: [firstSubscriptions, secondSubscriptions])
    }

    /// Runs the scenario with each factory, expecting everything to be freed afterwards.
    func check(
        _ factories: [([TestableObservable<Int>]) -> Observable<Result>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for factory in factories {
            expectNoLeaks(sourceLocation: sourceLocation) {
                let scheduler = TestScheduler(initialClock: 0)
                let sources = inputs.map { scheduler.createHotObservable($0) }
                let res = scheduler.start { factory(sources) }
                #expect(res.events == events, sourceLocation: sourceLocation)
                #expect(sources.map(\.subscriptions) == subscriptions, sourceLocation: sourceLocation)
            }
        }
    }
}

/// The inputs of RxSwift's scenarios for a collection of three sources.
enum ThreeSourceInputs {
    /// Each source sends two elements; they complete in reverse order (420, 410, 400).
    static let symmetric: [[Recorded<Event<Int>>]] = [
        [.next(150, 1), .next(210, 1), .next(250, 4), .completed(420)],
        [.next(150, 1), .next(220, 2), .next(240, 5), .completed(410)],
        [.next(150, 1), .next(230, 3), .next(260, 6), .completed(400)],
    ]

    /// The first source completes at 270 after two elements; the others send more and
    /// complete at 410 and 300.
    static let asymmetric: [[Recorded<Event<Int>>]] = [
        [.next(150, 1), .next(210, 1), .next(250, 4), .completed(270)],
        [.next(150, 1), .next(220, 2), .next(240, 5), .next(290, 7), .next(310, 9), .completed(410)],
        [.next(150, 1), .next(230, 3), .next(260, 6), .next(280, 8), .completed(300)],
    ]
}

/// A scenario of two sources whose combination sends integers.
typealias TwoSourceScenario = CombiningScenario<Int>
