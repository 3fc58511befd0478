import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct GenerateTests {
    @Test func finite() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start {
                Observable.generate(initialState: 0, condition: { $0 <= 3 }, scheduler: scheduler) { $0 + 1 }
            }
            #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3), .completed(205)])
        }
    }

    @Test func conditionThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(
                initialState: 0, condition: { _ -> Bool in throw testError }, scheduler: scheduler
            ) { $0 + 1 }
        }
        #expect(res.events == [.error(201, testError)])
    }

    @Test func iterateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { _ -> Int in
                throw testError
            }
        }
        #expect(res.events == [.next(201, 0), .error(202, testError)])
    }

    @Test func disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 203) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(res.events == [.next(201, 0), .next(202, 1)])
    }

    @Test func onTheCurrentThreadByDefault() {
        expectNoLeaks {
            var values: [Int] = []
            _ = Observable.generate(initialState: 1, condition: { $0 < 100 }) { $0 * 2 }
                .subscribe(onNext: { values.append($0) })
            #expect(values == [1, 2, 4, 8, 16, 32, 64])
        }
    }
}

@Suite struct RangeTests {
    @Test func zeroCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 0, count: 0, scheduler: scheduler) }
        #expect(res.events == [.completed(201)])
    }

    @Test func someElements() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let res = scheduler.start { Observable.range(start: -10, count: 5, scheduler: scheduler) }
            #expect(
                res.events == [
                    .next(201, -10), .next(202, -9), .next(203, -8), .next(204, -7), .next(205, -6), .completed(206),
                ])
        }
    }

    @Test func disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 204) {
            Observable.range(start: -10, count: 5, scheduler: scheduler)
        }
        #expect(res.events == [.next(201, -10), .next(202, -9), .next(203, -8)])
    }

    @Test func upToTheLastInteger() {
        var values: [Int8] = []
        _ = Observable<Int8>.range(start: 126, count: 2).subscribe(onNext: { values.append($0) })
        #expect(values == [126, 127])
    }
}

@Suite struct RepeatElementTests {
    @Test func repeatsOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 204) { Observable.repeatElement(42, scheduler: scheduler) }
        #expect(res.events == [.next(201, 42), .next(202, 42), .next(203, 42)])
    }

    @Test func withTake() {
        expectNoLeaks {
            var values: [String] = []
            _ = Observable.repeatElement("ping").take(3).subscribe(onNext: { values.append($0) })
            #expect(values == ["ping", "ping", "ping"])
        }
    }
}
