import TodoCore

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
/// the prompt waits; in a pipe, before the next line's output). A failing line prints its error and the shell goes
/// on; `quit`, `exit` or the end of the input ends it with 0.
enum ShellCommand {
    static func run(in context: CommandContext) -> ExitCode {
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
        let interactive = context.terminal.inputIsTerminal
        if interactive {
            context.output.out("todo shell: \(counts(stats.currentState)). Type a command (help, quit).\n")
        }
        var shown = stats.currentState.stats
        /// Prints the counts when they changed since last shown; returns whether it did.
        func showCountsIfChanged(after prefix: String = "") -> Bool {
            let now = stats.currentState.stats
            guard now != shown, let now else { return false }
            shown = now
            if context.options.quiet { return false }
            context.output.out(prefix + context.style.apply(counts(now), .dim) + "\n")
            return true
        }
        while true {
            if interactive {
                context.output.out("todo> ")
                context.output.flush()
                // Waiting for a line: another process's change shows at once, then the prompt again.
                while !waitForInput(milliseconds: 250) {
                    watcher.check()
                    if showCountsIfChanged(after: "\n") {
                        context.output.out("todo> ")
                        context.output.flush()
                    }
                }
            }
            guard let line = readLine() else { break }
            watcher.check()
            _ = showCountsIfChanged()  // a change made elsewhere meanwhile, before this line's output
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
            watcher.check()
            _ = showCountsIfChanged()
            context.output.flush()
        }
        return .success
    }

    /// Waits at most `milliseconds` for standard input (a terminal, where each read returns one
    /// line, so nothing waits unseen in `readLine`'s buffer); true when there is something to
    /// read (or the end, or an error, which `readLine` then reports).
    private static func waitForInput(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 { return errno != EINTR }
        return ready > 0
    }

    /// Runs one line: a `todo` command without the `todo`; the session's `--file` applies.
    private static func runLine(_ words: [String], in context: CommandContext) {
        let invocation: Invocation
        switch CommandLineParser.parse(words) {
        case .failure(let error):
            context.output.err(error.text)
            return
        case .success(let parsed):
            invocation = parsed
        }
        var options = invocation.global
        options.file = context.options.file
        if invocation.global.file != nil && invocation.global.file != context.options.file {
            context.output.err("Error: --file cannot change inside todo shell; start another shell for that store\n")
            return
        }
        switch invocation.command {
        case .shell:
            context.output.err("Error: already in todo shell\n")
        case .ui:
            context.output.err("Error: todo ui cannot run inside todo shell\n")
        default:
            let lineContext = context.with(options: options)
            _ = TodoCommand.dispatch(invocation.command, in: lineContext)
            lineContext.releaseReactors()
        }
    }

    /// `3 pending, 1 done, 1 overdue`.
    private static func counts(_ state: TodoStatsReactor.State) -> String {
        state.stats.map(counts) ?? "no counts"
    }

    private static func counts(_ stats: TodoStats) -> String {
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
