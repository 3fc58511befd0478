import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct AsyncSubjectTests {
    /// Subscribes three observers at 300, 400 and 900 to a subject fed by `events` from 200 to
    /// 1000; the first two unsubscribe at 600 and 700.
    private func run(_ events: [Recorded<Event<Int>>]) -> [[Recorded<Event<Int>>]] {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events)
        var subject: AsyncSubject<Int>?
        var subscription: Disposable?
        let results = (0..<3).map { _ in scheduler.createObserver(Int.self) }
        var subscriptions: [Disposable?] = [nil, nil, nil]
        scheduler.scheduleAt(100) { subject = AsyncSubject<Int>() }
        scheduler.scheduleAt(200) { subscription = xs.subscribe(subject!) }
        scheduler.scheduleAt(1000) { subscription?.dispose() }
        scheduler.scheduleAt(300) { subscriptions[0] = subject?.subscribe(results[0]) }
        scheduler.scheduleAt(400) { subscriptions[1] = subject?.subscribe(results[1]) }
        scheduler.scheduleAt(900) { subscriptions[2] = subject?.subscribe(results[2]) }
        scheduler.scheduleAt(600) { subscriptions[0]?.dispose() }
        scheduler.scheduleAt(700) { subscriptions[1]?.dispose() }
        scheduler.scheduleAt(950) { subscriptions[2]?.dispose() }
        scheduler.start()
        return results.map(\.events)
    }

    @Test func infinite() {
        let results = run([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6), .next(520, 7),
            .next(630, 8), .next(710, 9), .next(870, 10), .next(940, 11), .next(1020, 12),
        ])
        #expect(results == [[], [], []])
    }

    @Test func finite() {
        let results = run([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6), .next(520, 7),
            .completed(630), .next(640, 9), .completed(650), .error(660, testError),
        ])
        #expect(results == [[], [.next(630, 7), .completed(630)], [.next(900, 7), .completed(900)]])
    }

    @Test func error() {
        let results = run([
            .next(70, 1), .next(110, 2), .next(220, 3), .next(270, 4), .next(340, 5), .next(410, 6), .next(520, 7),
            .error(630, testError), .next(640, 9), .completed(650), .error(660, testError),
        ])
        #expect(results == [[], [.error(630, testError)], [.error(900, testError)]])
    }

    @Test func empty() {
        let results = run([.completed(630), .next(640, 9), .completed(650), .error(660, testError)])
        #expect(results == [[], [.completed(630)], [.completed(900)]])
    }

    @Test func hasObservers() {
        let subject = AsyncSubject<Int>()
        #expect(!subject.hasObservers)
        let first = subject.subscribe()
        let second = subject.subscribe()
        #expect(subject.hasObservers)
        first.dispose()
        #expect(subject.hasObservers)
        second.dispose()
        #expect(!subject.hasObservers)
    }

    @Test func completionReachesEveryObserverAfterTheElement() {
        expectNoLeaks {
            let subject = AsyncSubject<Int>()
            var log: [String] = []
            _ = subject.subscribe(onNext: { log.append("a \($0)") }, onCompleted: { log.append("a done") })
            _ = subject.subscribe(onNext: { log.append("b \($0)") }, onCompleted: { log.append("b done") })
            subject.onNext(1)
            subject.onNext(2)
            subject.onCompleted()
            #expect(log == ["a 2", "b 2", "a done", "b done"])
        }
    }
}
