import TodoCore
import TodoSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo shell`: one long-lived process running commands line by line, from a terminal (with
/// a prompt) or a pipe. A list and a stats reactor stay alive for the whole session, kept in
/// sync through the bus, including changes other processes write (the store watcher); after
/// each change the live counts are shown (on a terminal, a change made elsewhere shows while
/// the prompt waits; in a pipe, before the next line's output). A failing line prints its
/// error and the shell goes on; `quit`, `exit` or the end of the input ends it with 0.
///
/// With `sync.url` set, `sync` goes through the session's sync service (``LiveSync``), and with
/// `sync.interval` too the shell syncs in the background; what such a sync brings in shows as a
/// line of its own (`Synced with …: 1 received, …`, or `sync failed: <reason>`), then the counts.
///
/// On a terminal (standard input, and the output the prompt is drawn on, unless `TERM` is
/// `dumb`), lines are edited with ``TerminalLineReader`` (keys: ``ShellKeymap``; history:
/// ``ShellHistory``); elsewhere they are read as they come.
///
/// The session's `--quiet`, `--json` and `--no-color` apply to every line, as if each had
/// them. `--quiet` and `--json` also leave out the banner and the counts. With `--json`,
/// standard output carries the results only, one line of JSON each (``JSONLineOutput``); the
/// prompt goes to standard error.
struct ShellCommand {}

extension ShellCommand: TodoSubcommand {
    /// `todo shell`
    static let spec = CommandSpec(
        name: "shell",
        overview: "Run todo commands line by line, with live counts.",
        discussion: helpText)

    init(_ values: ParsedValues) {}

    /// What the shell shows before each line on a terminal.
    static let prompt = "todo> "

    /// What `todo shell --help` says besides the options (the help layout keeps single spaces
    /// only, so keys and descriptions are separated by a colon).
    static var helpText: String {
        let paragraphs = [
            "Reads todo commands, one per line, from a terminal or a pipe; 'quit', 'exit' or the "
                + "end of the input leaves. After each change, and when another process changes the "
                + "todos, the counts are shown.",
            "--quiet applies to every line: no banner, no counts, no messages (errors still go to "
                + "standard error). --json applies to every line: standard output carries one line of "
                + "JSON per result and nothing else; the prompt goes to standard error.",
            "With sync.url and sync.interval set in the config file, the shell also syncs in the "
                + "background every interval (the first shortly after it starts), and says what a sync "
                + "brought in, or why it failed; 'sync' syncs at once.",
            "On a terminal the line can be edited, and the lines run are kept, the last "
                + "\(ShellHistory.limit), in $XDG_DATA_HOME/todo/\(ShellHistory.fileName) (else "
                + "~/.local/share/todo/\(ShellHistory.fileName)), readable by you only.",
            ShellKeymap.helpLines.joined(separator: "\n"),
        ]
        return paragraphs.joined(separator: "\n\n")
    }

    func run(in context: CommandContext) -> ExitCode {
        // Published on the sync's own thread, as the store watcher publishes on its own.
        let sync = LiveSync.make(in: context, delivery: .scheduler)
        let context = context.with(syncService: sync?.service)
        let list = context.shell.make { TodoListReactor(provider: $0) }
        let stats = context.shell.make { TodoStatsReactor(provider: $0) }
        list.send(.refresh)
        stats.send(.refresh)
        if let error = list.currentState.error ?? stats.currentState.error {
            return context.fail(error)
        }
        let watcher = TodoStoreWatcher(provider: context.provider)
        watcher.start()
        defer { watcher.stop() }
        if let sync, sync.isPeriodic {
            // Its password command (which may prompt) runs now, before the first prompt.
            sync.preparePasswordIfNeeded()
            sync.start()
        }
        // A sync still running stops at a safe point (its network I/O abandoned) before the end.
        defer { sync?.shutDown() }
        let options = context.options
        /// Whether the banner and the counts are shown.
        let chatty = !options.quiet && !options.json
        let interactive = context.terminal.inputIsTerminal
        if interactive && chatty {
            context.output.out("todo shell: \(counts(stats.currentState)). Type a command (help, quit).\n")
        }
        var shown = stats.currentState.stats
        /// The counts when they changed since last shown (and the session shows them).
        func countsIfChanged() -> String? {
            let now = stats.currentState.stats
            guard now != shown, let now else { return nil }
            shown = now
            return chatty ? context.style.apply(counts(now), .dim) : nil
        }
        var shownSync = sync?.service.status.latest
        var shownFailure: String?
        /// What a background sync did, when it ended since last shown and brought in something or
        /// failed for a new reason (the session shows it).
        func syncIfChanged() -> String? {
            guard let now = sync?.service.status.latest, now != shownSync else { return nil }
            shownSync = now
            switch now {
            case .synced(let report, _):
                shownFailure = nil
                guard chatty, !report.isEmpty else { return nil }
                return context.style.apply(SyncReportText(report: report, dryRun: false, verbose: false).summary, .dim)
            case .failed(let failure):
                guard failure.reason != shownFailure else { return nil }
                shownFailure = failure.reason
                return chatty ? context.style.apply("sync failed: " + failure.reason.shownOnOneLine, .dim) : nil
            case .idle, .syncing:
                return nil
            }
        }
        /// What changed since last shown: a background sync, then the counts.
        func changes(separator: String) -> String? {
            let lines = [syncIfChanged(), countsIfChanged()].compactMap { $0 }
            return lines.isEmpty ? nil : lines.joined(separator: separator)
        }
        let reader = lineReader(in: context)
        if reader != nil { TerminalSignals.install() }
        defer { if reader != nil { TerminalSignals.uninstall() } }
        while true {
            let line: String?
            if let reader {
                context.output.flush()
                line = reader.readLine {
                    watcher.check()
                    return changes(separator: "\r\n")
                }
            } else {
                if interactive { showPrompt(in: context) }
                // Waiting for a line: another process's change shows at once, then the prompt again.
                while interactive && !waitForInput(milliseconds: 250) {
                    watcher.check()
                    if let counts = changes(separator: "\n") {
                        context.output.out("\n" + counts + "\n")
                        showPrompt(in: context)
                    }
                }
                line = readLine()
            }
            guard let line else { break }
            watcher.check()
            // A change made elsewhere meanwhile, before this line's output.
            if let counts = changes(separator: "\n") { context.output.out(counts + "\n") }
            let words: [String]
            do {
                words = try ShellWords.split(line)
            } catch {
                context.output.err("Error: \(error.message)\n")
                continue
            }
            guard let first = words.first else { continue }
            if first == "quit" || first == "exit" { break }
            runLine(words, in: context)
            if first == "sync" { shownSync = sync?.service.status.latest }  // it said how it went
            watcher.check()
            if let counts = countsIfChanged() { context.output.out(counts + "\n") }
            context.output.flush()
        }
        return .success
    }

    /// The line editor, when standard input and the output the prompt goes to are a terminal
    /// that moves its cursor; `nil` to read lines as they come.
    private func lineReader(in context: CommandContext) -> TerminalLineReader? {
        let terminal = context.terminal
        let descriptor = promptDescriptor(in: context)
        let drawsOnTerminal = descriptor == 1 ? terminal.outputIsTerminal : terminal.errorIsTerminal
        guard terminal.inputIsTerminal, drawsOnTerminal, terminal.environment["TERM"] != "dumb",
            let lineTerminal = LineTerminal(restoreBytes: descriptor == 1 ? Array("\r\n".utf8) : [])
        else { return nil }
        let history = ShellHistory.path(environment: terminal.environment).map { ShellHistory(path: $0) }
        return TerminalLineReader(
            prompt: Self.prompt, terminal: lineTerminal, descriptor: descriptor, history: history,
            warn: { context.output.err("Warning: \($0)\n") })
    }

    /// Where the prompt goes: standard output, or standard error with `--json` (standard
    /// output carries JSON only).
    private func promptDescriptor(in context: CommandContext) -> Int32 {
        context.options.json ? 2 : 1
    }

    /// Shows the prompt, for a line read as it comes.
    private func showPrompt(in context: CommandContext) {
        if promptDescriptor(in: context) == 2 {
            context.output.err(Self.prompt)
        } else {
            context.output.out(Self.prompt)
            context.output.flush()
        }
    }

    /// Waits at most `milliseconds` for standard input (a terminal, where each read returns one
    /// line, so nothing waits unseen in `readLine`'s buffer); true when there is something to
    /// read (or the end, or an error, which `readLine` then reports).
    private func waitForInput(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno != EINTR }
        return ready > 0
    }

    /// Runs one line: a `todo` command without the `todo`; the session's `--file` applies, and
    /// its `--json`, `--quiet` and `--no-color` add to the line's.
    private func runLine(_ words: [String], in context: CommandContext) {
        let invocation: Invocation
        var words = words
        let commands = ConfigCommands(context.config)
        let name = CommandLineParser.commandIndex(in: words, config: commands).index
        if let name { words = context.config.expandingAlias(in: words, at: name) }
        if let hooks = context.provider.hooks as? HookRunner {
            var hookInvocation = hooks.invocation
            hookInvocation.arguments = ["todo"] + words
            hookInvocation.command =
                CommandLineParser.commandIndex(in: words, config: commands).index.map { words[$0] } ?? "shell"
            hooks.invocation = hookInvocation
        }
        switch CommandLineParser.parse(words, config: commands) {
        case .failure(let error):
            context.output.err(error.text)
            return
        case .success(let parsed):
            invocation = parsed
        }
        var options = invocation.global
        options.file = context.options.file
        options.json = options.json || context.options.json
        options.quiet = options.quiet || context.options.quiet
        options.noColor = options.noColor || context.options.noColor
        if invocation.global.file != nil && invocation.global.file != context.options.file {
            context.output.err("Error: --file cannot change inside todo shell; start another shell for that store\n")
            return
        }
        if invocation.command is ShellCommand {
            context.output.err("Error: already in todo shell\n")
        } else if invocation.command is UICommand {
            context.output.err("Error: todo ui cannot run inside todo shell\n")
        } else {
            let lines =
                context.options.json && invocation.command.printsJSON ? JSONLineOutput(base: context.output) : nil
            let lineContext = context.with(options: options, output: lines)
            _ = invocation.command.run(in: lineContext)
            lineContext.releaseReactors()
            lines?.finish()
        }
    }

    /// `3 pending, 1 done, 1 overdue`.
    private func counts(_ state: TodoStatsReactor.State) -> String {
        state.stats.map(counts) ?? "no counts"
    }

    private func counts(_ stats: TodoStats) -> String {
        var parts = ["\(stats.pending) pending", "\(stats.done) done"]
        if stats.overdue > 0 { parts.append("\(stats.overdue) overdue") }
        return parts.joined(separator: ", ")
    }
}

/// Splits a line of `todo shell` into words as a POSIX shell would: spaces separate, single
/// quotes keep everything, double quotes keep all but `\"` and `\\`, a backslash escapes.
enum ShellWords {
    /// A line that cannot be split.
    struct SplitError: Error, Equatable {
        var message: String
    }

    static func split(_ line: String) throws(SplitError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t":
                if inWord {
                    words.append(current)
                    current = ""
                    inWord = false
                }
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" {
                        closed = true
                        break
                    }
                    current.append(next)
                }
                guard closed else { throw SplitError(message: "a single quote is not closed") }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { break }
                        if escaped != "\"" && escaped != "\\" { current.append("\\") }
                        current.append(escaped)
                    } else {
                        current.append(next)
                    }
                }
                guard closed else { throw SplitError(message: "a double quote is not closed") }
            case "\\":
                inWord = true
                if let escaped = iterator.next() { current.append(escaped) }
            default:
                inWord = true
                current.append(character)
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
