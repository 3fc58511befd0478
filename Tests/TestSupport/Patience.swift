import Foundation

/// How long a test waits for something that is bound to happen: a limit, not a timing.
///
/// The suite runs on fast idle machines, on 2-core machines shared with other builds, and
/// under ThreadSanitizer and AddressSanitizer (5 to 20 times slower). A test never expects
/// something to happen *within* a time; it waits for the thing itself (a signal, a line of
/// output, a condition polled) and gives up only after ``limit``, which no machine that works
/// comes near. A passing test returns as soon as the thing happens; only a broken one waits
/// the whole limit (see Docs/Reliability.md, "Timing").
public enum Patience {
    /// The longest a test waits for something that must happen: 300 seconds.
    public static let limit: Duration = .seconds(300)

    /// ``limit`` in seconds.
    public static var seconds: Double { Double(limit.components.seconds) }

    /// ``limit`` from now, for `DispatchSemaphore.wait(timeout:)` and the like.
    public static var deadline: DispatchTime { .now() + .seconds(Int(limit.components.seconds)) }

    /// Polls `condition` (every millisecond or so) until it holds or ``limit`` passes; returns
    /// whether it held.
    public static func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            usleep(1_000)
        }
        return true
    }

    /// ``waitUntil(_:)`` for an async caller: suspends between polls instead of blocking.
    public static func waitUntil(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}

extension DispatchSemaphore {
    /// Waits for a signal for at most ``Patience/limit``; returns whether it came.
    public func waitPatiently() -> Bool {
        wait(timeout: Patience.deadline) == .success
    }
}
