import ReactorKit
import ReactorKitTesting

/// A resource for `using` tests: records the virtual time it was created and disposed at.
final class MockDisposable: Disposable, @unchecked Sendable {
    // @unchecked Sendable: used on the test scheduler's thread only
    private(set) var ticks: [Int] = []
    private let scheduler: TestScheduler

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
        ticks.append(scheduler.clock)
    }

    func dispose() {
        ticks.append(scheduler.clock)
    }
}
