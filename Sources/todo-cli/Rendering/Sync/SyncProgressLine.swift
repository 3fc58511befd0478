import TodoSync

/// The progress of a long sync on standard error, one line rewritten in place (`Sending 120 of
/// 2000…`), on a terminal only, and only once there are more than a few items.
final class SyncProgressLine: @unchecked Sendable {
    // @unchecked Sendable: called on the syncing thread only
    private let output: Output
    private let isShown: Bool
    private var shown = false

    init(output: Output, isShown: Bool) {
        self.output = output
        self.isShown = isShown
    }

    func show(_ progress: SyncProgress) {
        guard isShown, progress.total > 20, progress.done < progress.total else { return }
        let verb = progress.step == .receiving ? "Receiving" : "Sending"
        output.errControl("\r\u{1B}[K\(verb) \(progress.done) of \(progress.total)…")
        shown = true
    }

    func clear() {
        guard shown else { return }
        output.errControl("\r\u{1B}[K")
        shown = false
    }
}
