import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ScheduledDisposableTests {
    @Test func disposesTheInnerDisposableOnTheSchedulerOnce() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var disposedAt: [Int] = []
            let scheduled = ScheduledDisposable(
                scheduler: scheduler, disposable: Disposables.create { disposedAt.append(scheduler.clock) })
            var disposedRightAway = true
            scheduler.scheduleAt(100) {
                scheduled.dispose()
                scheduled.dispose()
                disposedRightAway = scheduled.isDisposed
            }
            scheduler.start()
            #expect(!disposedRightAway)
            #expect(disposedAt == [101])
            #expect(scheduled.isDisposed)
        }
    }
}
