import TodoCore

/// `todo ui`: the full-screen view, on the same reactors as every other command — a list, the
/// counts, a row for the selected todo, the edit form — with confirmations asked in a modal
/// (``UIAlertService``) and other processes' changes brought in by the store watcher.
///
/// It needs a terminal on standard input and output, and refuses otherwise (exit 1).
struct UICommand {}

extension UICommand: TodoSubcommand {
    /// `todo ui`
    static let spec = CommandSpec(
        name: "ui",
        overview: "Browse and change the todos in a full-screen view.",
        discussion: UIKeymap.helpText)

    init(_ values: ParsedValues) {}

    func run(in context: CommandContext) -> ExitCode {
        // A store that cannot be read (damaged, newer, locked, unreadable) is refused first,
        // with the exit code every command gives it, terminal or not.
        do {
            _ = try context.provider.storageService.read { try $0.nextID() }
        } catch let error as TodoError {
            return context.fail(error)
        } catch {
            return context.fail(
                .io(file: context.provider.storageService.location, operation: "read", reason: "\(error)"))
        }
        let terminal = context.terminal
        guard terminal.inputIsTerminal, terminal.outputIsTerminal else {
            let which: String
            switch (terminal.inputIsTerminal, terminal.outputIsTerminal) {
            case (true, _): which = "standard output is"
            case (false, true): which = "standard input is"
            case (false, false): which = "standard input and output are"
            }
            context.output.err(
                "Error: todo ui needs a terminal, and \(which) not one; use todo list or todo shell in scripts\n")
            return .failure
        }
        if terminal.environment["TERM"] == "dumb" {
            context.output.err("Error: todo ui needs a terminal that moves its cursor, and TERM is dumb\n")
            return .failure
        }
        guard let rawTerminal = RawTerminal() else {
            context.output.err("Error: todo ui cannot read the terminal's settings\n")
            return .failure
        }
        let alerts = UIAlertService()
        context.provider.alertSlot.replace(with: alerts)
        let size = RawTerminal.size() ?? TerminalSize(rows: 24, columns: terminal.width ?? 80)
        // The background sync publishes on this thread, between keys (the loop polls it).
        let sync = LiveSync.make(in: context, delivery: .polled)
        let session = UISession(
            shell: context.shell, alerts: alerts, size: size, activeContext: context.config.activeContext,
            syncService: sync?.service)
        if let error = session.startError {
            session.tearDown()
            return context.fail(error)
        }
        let watcher = TodoStoreWatcher(provider: context.provider)
        if let sync, sync.isPeriodic {
            // The first sync comes by itself: its password command (which may prompt) runs now,
            // before the screen is taken.
            sync.preparePasswordIfNeeded()
            sync.start()
        }
        TerminalSignals.install()
        rawTerminal.enter()
        UIEventLoop(session: session, terminal: rawTerminal, watcher: watcher, sync: sync, style: context.style).run()
        rawTerminal.leave()
        TerminalSignals.uninstall()
        // A sync still running stops at a safe point (its network I/O abandoned) before todo ends.
        sync?.shutDown()
        session.tearDown()
        return .success
    }
}
