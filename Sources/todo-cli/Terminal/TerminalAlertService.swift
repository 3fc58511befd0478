import TodoCore

/// Asks for confirmations at the terminal: the question on standard error, the answer read
/// from standard input — only when standard input is a terminal. From a pipe, nothing is
/// read: every alert fails with `confirmationUnavailable`, which says to pass `--yes`.
final class TerminalAlertService: AlertServiceType, @unchecked Sendable {
    // @unchecked Sendable: used from the command's thread only
    private let terminal: Terminal
    private let output: Output
    private let readAnswer: () -> String?

    /// Creates the service; `readAnswer` reads one line (standard input by default).
    init(terminal: Terminal, output: Output, readAnswer: @escaping () -> String? = { readLine() }) {
        self.terminal = terminal
        self.output = output
        self.readAnswer = readAnswer
    }

    func show(_ alert: Alert) -> Observable<AlertAction> {
        let destructive = alert.actions.first { $0.style == .destructive } ?? alert.actions.first
        let cancel = alert.actions.first { $0.style == .cancel } ?? alert.actions.last
        guard let destructive, let cancel else { return .empty() }
        guard terminal.inputIsTerminal else {
            let question = alert.title.lowercased().trimmingCharacters(in: "?")
            return .error(
                TodoError.confirmationUnavailable(
                    "\(question) needs a confirmation, and standard input is not a terminal; pass --yes to confirm"))
        }
        let message = alert.message.map { " \($0)" } ?? ""
        output.err("\(alert.title)\(message) [y/N] ")
        let answer = readAnswer()?.trimmingCharacters(in: " \t").lowercased()
        if answer == nil { output.err("\n") }
        return .just(answer == "y" || answer == "yes" ? destructive : cancel)
    }
}

extension String {
    /// The text without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        var start = startIndex
        var end = endIndex
        while start < end, set.contains(self[start]) { start = index(after: start) }
        while end > start, set.contains(self[index(before: end)]) { end = index(before: end) }
        return String(self[start..<end])
    }
}
