import ReactorKit
import ReactorKitTesting
import Testing

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
