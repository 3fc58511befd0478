import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct WithUnretainedTests {
    private final class Owner: CustomStringConvertible {
        let name: String
        init(name: String) { self.name = name }
        var description: String { name }
    }

    @Test func pairsEachElementWithTheObject() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.0) \($0.1)" } }
        #expect(res.events == [.next(210, "owner 1"), .next(220, "owner 2"), .completed(230)])
    }

    @Test func resultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "o")
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.withUnretained(owner) { "\($0.name)\($1)" } }
        #expect(res.events == [.next(210, "o1"), .completed(230)])
    }

    @Test func completesOnceTheObjectIsGone() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        scheduler.scheduleAt(215) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!).map { $0.1 } }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func otherErrorsAreForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.withUnretained(owner).map { $0.1 } }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
    }
}
