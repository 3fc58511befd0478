import Foundation

extension NSCondition {
    /// Waits, with the condition locked, until signalled or `deadline` passes; returns
    /// `false` when the deadline had already passed.
    func wait(until deadline: ContinuousClock.Instant) -> Bool {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return false }
        let (seconds, attoseconds) = remaining.components
        _ = wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
        return true
    }
}
