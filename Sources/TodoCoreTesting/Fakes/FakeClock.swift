import Foundation
import TodoCore

/// A clock that stands still until the test moves it: ``clock`` is the `TodoClock` to give a
/// provider.
///
/// ```swift
/// let time = FakeClock()                     // Monday 2030-01-07 09:30 UTC (TodoFixtures.now)
/// let provider = TodoServiceProvider(storage: InMemoryTodoStorage(), clock: time.clock)
/// time.advance(days: 1)                      // today is Tuesday now, for every service
/// ```
public final class FakeClock: @unchecked Sendable {
    // @unchecked Sendable: `date` is guarded by lock
    private let lock = NSLock()
    private var date: Date  // guarded by lock

    /// Seconds east of UTC of the clock's time zone.
    public let utcOffset: Int

    /// Creates a clock standing at `date`, in a zone `utcOffset` seconds east of UTC.
    public init(_ date: Date = TodoFixtures.now, utcOffset: Int = 0) {
        self.date = date
        self.utcOffset = utcOffset
    }

    /// The clock as TodoCore takes it: it reads this object's time each time it is asked.
    public var clock: TodoClock {
        TodoClock(now: { [self] in now }, utcOffset: { [utcOffset] _ in utcOffset })
    }

    /// The clock's time.
    public var now: Date {
        lock.withLock { date }
    }

    /// Sets the clock's time.
    public func set(_ newDate: Date) {
        lock.withLock { date = newDate }
    }

    /// Moves the clock `seconds` forward (backward when negative).
    public func advance(seconds: Double) {
        lock.withLock { date = date.addingTimeInterval(seconds) }
    }

    /// Moves the clock `days` days forward (backward when negative).
    public func advance(days: Int) {
        advance(seconds: Double(days) * 86_400)
    }
}
