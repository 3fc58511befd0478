import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DispatchTimeInterval {
    /// The part of this interval still left after the time between `earlierDate` and
    /// `laterDate` has passed, in the interval's own unit and never negative.
    ///
    /// Used by `throttle` and `delay` to wait only for what remains of their window; a result
    /// of zero means the window is over. `.never` stays `.never`.
    func reduceWithSpanBetween(earlierDate: Date, laterDate: Date) -> DispatchTimeInterval {
        let elapsed = laterDate.timeIntervalSince(earlierDate)
        func remaining(_ value: Int, unitsPerSecond: Double) -> Int {
            let remainder = Double(value) - elapsed * unitsPerSecond
            guard remainder > 0 else { return 0 }
            guard remainder < Double(Int.max) else { return value }
            return Int(remainder.rounded(.toNearestOrAwayFromZero))
        }
        switch self {
        case .seconds(let value): return .seconds(remaining(value, unitsPerSecond: 1))
        case .milliseconds(let value): return .milliseconds(remaining(value, unitsPerSecond: 1_000))
        case .microseconds(let value): return .microseconds(remaining(value, unitsPerSecond: 1_000_000))
        case .nanoseconds(let value): return .nanoseconds(remaining(value, unitsPerSecond: 1_000_000_000))
        case .never: return .never
        @unknown default: return self
        }
    }
}
