import ReactorKit
import ReactorKitTesting
import Testing

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
