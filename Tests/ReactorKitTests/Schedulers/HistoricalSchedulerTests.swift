import Foundation
import ReactorKit
import TestSupport
import Testing

@Suite struct HistoricalSchedulerTests {
    private func date(_ seconds: TimeInterval) -> Date {
        Date(timeIntervalSince1970: seconds)
    }

    @Test func initialClock() {
        let scheduler = HistoricalScheduler(initialClock: date(10))
        #expect(scheduler.now == date(10))
        #expect(scheduler.clock == date(10))
    }

    /// Schedules an action at 10 s that schedules one 20 s later and one for "now".
    private func scheduleNested(on scheduler: HistoricalScheduler, times: Locked<[Date]>) {
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            times.withLock { $0.append(scheduler.now) }
            _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                times.withLock { $0.append(scheduler.now) }
                return Disposables.create()
            }
            return scheduler.schedule(()) { _ in
                times.withLock { $0.append(scheduler.now) }
                return Disposables.create()
            }
        }
    }

    @Test func start() {
        let scheduler = HistoricalScheduler()
        let times = Locked<[Date]>([])
        scheduleNested(on: scheduler, times: times)
        scheduler.start()
        #expect(times.withLock { $0 } == [date(10), date(10), date(30)])
    }

    @Test func advanceToAfterEverything() {
        let scheduler = HistoricalScheduler()
        let times = Locked<[Date]>([])
        scheduleNested(on: scheduler, times: times)
        scheduler.advanceTo(date(100))
        #expect(times.withLock { $0 } == [date(10), date(10), date(30)])
        #expect(scheduler.now == date(100))
    }

    @Test func advanceToStopsAtTheGivenTime() {
        let scheduler = HistoricalScheduler()
        let times = Locked<[Date]>([])
        scheduleNested(on: scheduler, times: times)
        scheduler.advanceTo(date(10))
        #expect(times.withLock { $0 } == [date(10), date(10)])
        scheduler.start()  // what is left still runs (and its closure, which holds the scheduler, goes)
        #expect(times.withLock { $0 } == [date(10), date(10), date(30)])
    }

    @Test func disposedWorkDoesNotRun() {
        let scheduler = HistoricalScheduler()
        var times: [Date] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            times.append(scheduler.now)
            let later = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                times.append(scheduler.now)
                return Disposables.create()
            }
            let now = scheduler.schedule(()) { _ in
                times.append(scheduler.now)
                return Disposables.create()
            }
            now.dispose()
            later.dispose()
            return Disposables.create()
        }
        scheduler.start()
        #expect(times == [date(10)])
    }

    @Test func stop() {
        let scheduler = HistoricalScheduler()
        var times: [Date] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            times.append(scheduler.now)
            _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                times.append(scheduler.now)
                return Disposables.create()
            }
            scheduler.stop()
            return Disposables.create()
        }
        scheduler.start()
        #expect(times == [date(10)])
        scheduler.start()  // what is left still runs (and its closure, which holds the scheduler, goes)
        #expect(times == [date(10), date(30)])
    }

    @Test func sleep() {
        let scheduler = HistoricalScheduler()
        var times: [Date] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            times.append(scheduler.now)
            scheduler.sleep(100)
            _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
                times.append(scheduler.now)
                return Disposables.create()
            }
            _ = scheduler.schedule(()) { _ in
                times.append(scheduler.now)
                return Disposables.create()
            }
            return Disposables.create()
        }
        scheduler.start()
        #expect(times == [date(10), date(110), date(130)])
    }

    @Test func drivesTimeOperators() {
        let scheduler = HistoricalScheduler()
        var received: [Int] = []
        var times: [Date] = []
        _ = Observable<Int>.interval(.seconds(60), scheduler: scheduler)
            .take(3)
            .subscribe(onNext: {
                received.append($0)
                times.append(scheduler.now)
            })
        scheduler.start()
        #expect(received == [0, 1, 2])
        #expect(times == [date(60), date(120), date(180)])
    }
}
