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
