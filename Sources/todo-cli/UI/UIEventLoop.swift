import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The loop of `todo ui`, on one thread: waits for keys with `poll(2)` (150 ms at most), and on
/// each wake decodes the keys read, hands them to the session, asks the store watcher whether
/// another process wrote the store (so such changes appear within a second), publishes what a
/// background sync brought in (the sync runs on a thread of its own; its delivery is polled
/// here), lays the screen out again after a resize, and writes the lines that changed.
///
/// All reactor work happens here, on this thread.
final class UIEventLoop {
    /// How long a wait for keys lasts at most.
    static let tick: Int32 = 150
    /// How long to wait for the rest of an escape sequence before taking `ESC` as Esc.
    static let escapeWait: Int32 = 40

    private let session: UISession
    private let terminal: RawTerminal
    private let watcher: TodoStoreWatcher
    private let sync: LiveSync?
    private let style: Style
    private var diff = ScreenDiff()
    private var unread: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 4096)

    /// A loop drawing `session` on `terminal`, in colour when `style` is on.
    init(session: UISession, terminal: RawTerminal, watcher: TodoStoreWatcher, sync: LiveSync? = nil, style: Style) {
        self.session = session
        self.terminal = terminal
        self.watcher = watcher
        self.sync = sync
        self.style = style
    }

    /// Runs until the user quits or the terminal goes away.
    func run() {
        draw()
        session.warmUp()  // the next view's list, made once the first screen shows
        while !session.isQuitting {
            if TerminalSignals.resized.exchange(false, ordering: .relaxed) { resize() }
            if TerminalSignals.resumed.exchange(false, ordering: .relaxed) { resume() }
            guard let keys = readKeys() else { break }
            if !keys.isEmpty { session.handle(keys) }
            if session.needsSuspend { suspend() }
            if session.needsSync { startSync() }
            if watcher.check() { session.refresh() }
            if let sync, sync.service.deliver() { session.syncDelivered() }
            if session.needsRedraw {
                session.needsRedraw = false
                diff.invalidate()
            }
            draw()
        }
    }

    /// The keys that came before the tick ended; `nil` when the terminal is gone.
    private func readKeys() -> [Key]? {
        var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, unread.isEmpty ? UIEventLoop.tick : UIEventLoop.escapeWait)
        if ready < 0 { return errno == EINTR ? [] : nil }
        if ready == 0 {
            guard !unread.isEmpty else { return [] }
            let keys = KeyDecoder.decode(unread, isComplete: true).keys
            unread = []
            return keys
        }
        if descriptor.revents & Int16(POLLIN) == 0 { return nil }  // hung up, or an error
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        if count == 0 { return nil }
        unread += buffer[0..<count]
        let (keys, rest) = KeyDecoder.decode(unread, isComplete: false)
        unread = rest
        return keys
    }

    /// Writes what changed on the screen.
    private func draw() {
        let bytes = diff.update(to: session.frame(), style: style)
        if !bytes.isEmpty { StandardOutput.write(bytes, to: 1) }
    }

    /// Lays the screen out for the terminal's new size, and draws all of it.
    private func resize() {
        if let size = RawTerminal.size() { session.resize(to: size) }
        diff.invalidate()
    }

    /// Starts the sync asked for with S; the first time, runs `sync.password_command` (which may
    /// prompt) with the terminal given back, then draws the whole screen again.
    private func startSync() {
        session.needsSync = false
        guard let sync else { return }
        if sync.connector.needsPasswordCommand {
            terminal.leave()
            sync.preparePasswordIfNeeded()
            terminal.enter()
            resize()
        }
        sync.service.syncNow()
    }

    /// Gives the terminal back and stops (Ctrl-Z); carries on here after `fg`.
    private func suspend() {
        session.needsSuspend = false
        terminal.leave()
        _ = kill(0, SIGTSTP)
    }

    /// Takes the terminal again after a stop, and draws all of the screen.
    private func resume() {
        TerminalSignals.reinstallStopHandler()
        terminal.enter()
        resize()
    }
}
