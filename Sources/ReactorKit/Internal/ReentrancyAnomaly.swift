/// Warns, in debug builds, that a subject was sent an event from inside the delivery of its
/// previous one on the same thread: RxSwift's "Reentrancy anomaly", with its wording.
///
/// The event is still delivered (nested, as in RxSwift); this is a warning on standard error
/// (or ``DebugOutput/capture``), never a trap.
func reportReentrancyAnomaly() {
    #if DEBUG
        DebugOutput.write(
            "⚠️ Reentrancy anomaly was detected.\n"
                + "  > Debugging: To debug this issue you can set a breakpoint in \(#fileID):\(#line) and observe the call stack.\n"
                + "  > Problem: This behavior is breaking the observable sequence grammar. `next (error | completed)?`\n"
                + "    This behavior breaks the grammar because there is overlapping between sequence events.\n"
                + "    Observable sequence is trying to send an event before sending of previous event has finished.\n"
                + "  > Interpretation: This could mean that there is some kind of unexpected cyclic dependency in your code,\n"
                + "    or that the system is not behaving in the expected way.\n"
                + "  > Remedy: If this is the expected behavior this message can be suppressed by adding `.observe(on:MainScheduler.asyncInstance)`\n"
                + "    or by enqueuing sequence events in some other way.\n"
        )
    #endif
}
