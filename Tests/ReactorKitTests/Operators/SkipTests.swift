import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct SkipTests {
    private func events(endingWith terminal: Recorded<Event<Int>>?) -> [Recorded<Event<Int>>] {
        let elements: [Recorded<Event<Int>>] = [
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 8), .next(370, 11), .next(410, 15), .next(415, 16),
            .next(460, 72), .next(510, 76), .next(560, 32), .next(570, -100), .next(580, -3), .next(590, 5),
            .next(630, 10),
        ]
        return elements + (terminal.map { [$0] } ?? [])
    }

    private let allElements: [Recorded<Event<Int>>] = [
        .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1), .next(310, 3),
        .next(340, 8), .next(370, 11), .next(410, 15), .next(415, 16), .next(460, 72), .next(510, 76),
        .next(560, 32), .next(570, -100), .next(580, -3), .next(590, 5), .next(630, 10),
    ]

    @Test func completeAfter() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events(endingWith: .completed(690)))
            let res = scheduler.start { xs.skip(20) }
            #expect(res.events == [.completed(690)])
            #expect(xs.subscriptions == [Subscription(200, 690)])
        }
    }

    @Test func completeSome() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .completed(690)))
        let res = scheduler.start { xs.skip(17) }
        #expect(res.events == [.completed(690)])
        #expect(xs.subscriptions == [Subscription(200, 690)])
    }

    @Test func completeBefore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .completed(690)))
        let res = scheduler.start { xs.skip(10) }
        #expect(res.events == Array(allElements.dropFirst(10)) + [.completed(690)])
        #expect(xs.subscriptions == [Subscription(200, 690)])
    }

    @Test func completeZero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .completed(690)))
        let res = scheduler.start { xs.skip(0) }
        #expect(res.events == allElements + [.completed(690)])
        #expect(xs.subscriptions == [Subscription(200, 690)])
    }

    @Test func negativeCountSkipsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.skip(-1) }
        #expect(res.events == [.next(210, 1), .completed(220)])
    }

    @Test func errorAfter() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
            let res = scheduler.start { xs.skip(20) }
            #expect(res.events == [.error(690, testError)])
            #expect(xs.subscriptions == [Subscription(200, 690)])
        }
    }

    @Test func errorSame() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
        let res = scheduler.start { xs.skip(17) }
        #expect(res.events == [.error(690, testError)])
        #expect(xs.subscriptions == [Subscription(200, 690)])
    }

    @Test func errorBefore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
        let res = scheduler.start { xs.skip(3) }
        #expect(res.events == Array(allElements.dropFirst(3)) + [.error(690, testError)])
        #expect(xs.subscriptions == [Subscription(200, 690)])
    }

    @Test func disposeBefore() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events(endingWith: nil))
            let res = scheduler.start(disposed: 250) { xs.skip(3) }
            #expect(res.events == [])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func disposeAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: nil))
        let res = scheduler.start(disposed: 400) { xs.skip(3) }
        #expect(res.events == [.next(280, 1), .next(300, -1), .next(310, 3), .next(340, 8), .next(370, 11)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.just(1).skip(1).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).skip(1).subscribe { events.append($0) }
            #expect(events == [.completed, .error(testError)])
        }
    }
}
