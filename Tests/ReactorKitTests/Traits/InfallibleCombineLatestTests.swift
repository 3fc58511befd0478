import ReactorKit
import ReactorKitTesting
import Testing

/// `Infallible.combineLatest` without a result selector: tuples of 2 to 8 sources, as RxSwift
/// 6's `Infallible+CombineLatest+arity` (its tests, ported).
@Suite struct InfallibleCombineLatestTests {
    /// `count` cold infallible sources that each send 1 at tick 1.
    private func sources(_ scheduler: TestScheduler, _ count: Int) -> [Infallible<Int>] {
        (0..<count).map { _ in
            scheduler.createColdObservable([.next(1, 1)]).asInfallible(onErrorFallbackTo: .never())
        }
    }

    @Test func combineLatestOf2MakesTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = sources(scheduler, 2)
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            Infallible.combineLatest(s[0], s[1])
                .map { (a: Int, b: Int) -> Int in a + b }
        }
        #expect(res.events == [.next(1, 2)])
    }

    @Test func combineLatestOf3MakesTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = sources(scheduler, 3)
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            Infallible.combineLatest(s[0], s[1], s[2])
                .map { (a: Int, b: Int, c: Int) -> Int in a + b + c }
        }
        #expect(res.events == [.next(1, 3)])
    }

    @Test func combineLatestOf4MakesTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = sources(scheduler, 4)
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            Infallible.combineLatest(s[0], s[1], s[2], s[3])
                .map { (a: Int, b: Int, c: Int, d: Int) -> Int in a + b + c + d }
        }
        #expect(res.events == [.next(1, 4)])
    }

    @Test func combineLatestOf5MakesTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = sources(scheduler, 5)
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4])
                .map { (a: Int, b: Int, c: Int, d: Int, e: Int) -> Int in a + b + c + d + e }
        }
        #expect(res.events == [.next(1, 5)])
    }

    @Test func combineLatestOf6MakesTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = sources(scheduler, 6)
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5])
                .map { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int) -> Int in a + b + c + d + e + f }
        }
        #expect(res.events == [.next(1, 6)])
    }

    @Test func combineLatestOf7MakesTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = sources(scheduler, 7)
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
                .map { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int) -> Int in a + b + c + d + e + f + g }
        }
        #expect(res.events == [.next(1, 7)])
    }

    @Test func combineLatestOf8MakesTuples() {
        let scheduler = TestScheduler(initialClock: 0)
        let s = sources(scheduler, 8)
        let res = scheduler.start(created: 0, subscribed: 0, disposed: 100) {
            Infallible.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                .map { (a: Int, b: Int, c: Int, d: Int, e: Int, f: Int, g: Int, h: Int) -> Int in
                    a + b + c + d + e + f + g + h
                }
        }
        #expect(res.events == [.next(1, 8)])
    }

    @Test func tuplesKeepEachSourcesTypeAndFollowTheLatestElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let titles = scheduler.createHotObservable([.next(210, "milk"), .next(230, "eggs"), .completed(300)])
        let flags = scheduler.createHotObservable([.next(220, false), .next(240, true), .completed(260)])
        let combined: Infallible<(String, Bool)> = Infallible.combineLatest(
            titles.asInfallible(onErrorJustReturn: ""), flags.asInfallible(onErrorJustReturn: false))
        let res = scheduler.start { combined.map { "\($0) \($1)" } }
        #expect(
            res.events == [
                .next(220, "milk false"), .next(230, "eggs false"), .next(240, "eggs true"), .completed(300),
            ])
        #expect(titles.subscriptions == [Subscription(200, 300)])
        #expect(flags.subscriptions == [Subscription(200, 260)])
    }

    @Test func eightSourcesOfDifferentTypes() {
        let combined = Infallible.combineLatest(
            Infallible.just(1), Infallible.just("two"), Infallible.just(3.0), Infallible.just(true),
            Infallible.just([5]), Infallible.just(Character("6")), Infallible.just(UInt8(7)), Infallible.just("8"))
        var values: [String] = []
        _ = combined.subscribe(onNext: { a, b, c, d, e, f, g, h in
            values.append("\(a) \(b) \(c) \(d) \(e) \(f) \(g) \(h)")
        })
        #expect(values == ["1 two 3.0 true [5] 6 7 8"])
    }
}
