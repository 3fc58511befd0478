import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals `todo ui` handles while it has the terminal.
///
/// - `SIGTERM`, `SIGHUP`, `SIGINT`, `SIGQUIT` and the crash signals `SIGSEGV`, `SIGBUS`,
///   `SIGABRT`, `SIGILL`, `SIGFPE`, `SIGTRAP`: the terminal is restored (``TerminalRestore``:
///   `write(2)` and `tcsetattr` only), then the signal is raised again with its default
///   action, so the process ends as it would have (and the shell sees why).
/// - `SIGWINCH`: ``resized`` is set; the event loop lays the screen out again.
/// - `SIGTSTP` (Ctrl-Z sends it too): the terminal is restored and the process stops;
///   `SIGCONT` sets ``resumed`` and the event loop takes the terminal again.
///
/// Crash handlers run on an alternate stack, so that a stack overflow is handled too.
enum TerminalSignals {
    /// Set when the terminal's size changed.
    static let resized = Atomic<Bool>(false)
    /// Set when the process continued after being stopped.
    static let resumed = Atomic<Bool>(false)

    /// The signals after which the process ends, the terminal restored.
    static let ending: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]
    /// The crash signals.
    static let crashes: [Int32] = [SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP]

    /// Installs the handlers (the terminal must have been prepared: ``RawTerminal/init()``).
    static func install() {
        _ = resized.load(ordering: .relaxed)  // initialised before any handler reads them
        _ = resumed.load(ordering: .relaxed)
        setUpAlternateStack()
        for signal in ending { handle(signal, with: restoreAndRaiseAgain, onAlternateStack: false) }
        for signal in crashes { handle(signal, with: restoreAndRaiseAgain, onAlternateStack: true) }
        handle(SIGWINCH, with: noteResize, onAlternateStack: false)
        handle(SIGTSTP, with: restoreAndStop, onAlternateStack: false)
        handle(SIGCONT, with: noteResume, onAlternateStack: false)
    }

    /// Installs the `SIGTSTP` handler again, after a stop (it was reset to stop the process).
    static func reinstallStopHandler() {
        handle(SIGTSTP, with: restoreAndStop, onAlternateStack: false)
    }

    /// Puts every signal back to its default action.
    static func uninstall() {
        for signal in ending + crashes + [SIGWINCH, SIGTSTP, SIGCONT] { setDefaultAction(signal) }
    }

    /// Runs `handler` for `signal`, with system calls restarted where they can be (`poll`
    /// never is: it returns `EINTR`, which wakes the event loop).
    private static func handle(
        _ signal: Int32, with handler: @escaping @convention(c) (Int32) -> Void, onAlternateStack: Bool
    ) {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = handler
        #elseif canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sa_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART | (onAlternateStack ? SA_ONSTACK : 0)
        _ = sigaction(signal, &action, nil)
    }

    /// Gives crash handlers a stack of their own, unless the process has one.
    private static func setUpAlternateStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        _ = sigaltstack(&stack, nil)
    }
}

/// Gives `signal` its default action back (`signal(2)` is async-signal-safe).
private func setDefaultAction(_ signal: Int32) {
    #if canImport(Darwin)
        _ = Darwin.signal(signal, SIG_DFL)
    #elseif canImport(Musl)
        _ = Musl.signal(signal, SIG_DFL)
    #else
        _ = Glibc.signal(signal, SIG_DFL)
    #endif
}

/// Restores the terminal, then lets `signal` do what it does by default.
private func restoreAndRaiseAgain(_ signal: Int32) {
    TerminalRestore.restoreFromSignalHandler()
    setDefaultAction(signal)
    _ = raise(signal)
}

/// Restores the terminal, then stops the process as `SIGTSTP` does by default.
private func restoreAndStop(_ signal: Int32) {
    TerminalRestore.restoreFromSignalHandler()
    setDefaultAction(SIGTSTP)
    _ = raise(SIGTSTP)
}

private func noteResize(_ signal: Int32) {
    TerminalSignals.resized.store(true, ordering: .relaxed)
}

private func noteResume(_ signal: Int32) {
    TerminalSignals.resumed.store(true, ordering: .relaxed)
}
