import Foundation

/// The processor time the calling thread spends in `body`: unlike the time on a clock, it does
/// not grow while the thread waits for a processor, so a loaded machine does not inflate it.
///
/// For tests that compare how long two pieces of work take (a parse of 10,000 lines against
/// one of 100,000), both measured in the same run: a sanitizer build slows both alike, and
/// other processes' load slows neither.
public func threadCPUTime(_ body: () throws -> Void) rethrows -> Duration {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
    let start = now()
    try body()
    return now() - start
}
