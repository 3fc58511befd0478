#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the hooks of the hooks folder — executables named `on-add…`, `on-modify…` and `on-exit…`
/// — with Taskwarrior's protocol and todo's JSON todo objects (<doc:Hooks> describes it).
///
/// Give one to the provider, and every change the todo service writes runs them, whatever the
/// front end:
///
/// ```swift
/// let config = try TodoConfig.load(environment: environment)
/// let hooks = HookRunner(
///     config: config, invocation: HookInvocation(arguments: ["todo"] + arguments, command: "add"))
/// let provider = TodoServiceProvider(storage: storage, hooks: hooks)
/// hooks.messages.subscribe(onNext: { message in printError(message.description) })
/// ```
///
/// Each event's hooks run in the byte order of their names, each getting what the previous one
/// printed. A hook that exits non-zero, prints something that is not the todo it was given,
/// changes what a hook may not change, or runs over ``timeout`` refuses the change
/// (``TodoError/hookRefused(hook:reason:)``): nothing is written. The folder is read at every
/// change, so hooks added or removed take effect at once.
public final class HookRunner: HookRunnerType, @unchecked Sendable {
    // @unchecked Sendable: immutable but for `current`, which is guarded by `mutex`
    /// The folder of hooks.
    public let folder: String
    /// Whether hooks run (`hooks = off` turns them off).
    public let isEnabled: Bool
    /// How long a hook may run before it is stopped and the change refused.
    public let timeout: Duration
    /// What the hooks print that is not a todo, published once each change is written.
    public let messages = EventBus<HookMessage>()

    private let environment: [String: String]?
    private let mutex = PosixMutex()
    private var current: HookInvocation  // guarded by mutex

    /// A runner for the hooks of `folder`.
    ///
    /// - Parameters:
    ///   - folder: The folder of hooks (``TodoConfig/hooksFolder``).
    ///   - isEnabled: Whether hooks run.
    ///   - invocation: What hooks are told of the command (their arguments).
    ///   - timeout: How long a hook may run; 10 s by default.
    ///   - environment: The hooks' environment; this process's when `nil`.
    public init(
        folder: String, isEnabled: Bool = true, invocation: HookInvocation = HookInvocation(),
        timeout: Duration = .seconds(10), environment: [String: String]? = nil
    ) {
        self.folder = folder
        self.isEnabled = isEnabled
        self.timeout = timeout
        self.environment = environment
        current = invocation
    }

    /// A runner for the hooks beside `config`'s file, on unless the config says `hooks = off`;
    /// `nil` when there is no config file (no `HOME`), hence no hooks folder.
    ///
    /// - Parameters:
    ///   - config: The settings.
    ///   - invocation: What hooks are told of the command (``HookInvocation/configFile`` is set
    ///     to the config's file).
    ///   - timeout: How long a hook may run; 10 s by default.
    ///   - environment: The hooks' environment; this process's when `nil`.
    public convenience init?(
        config: TodoConfig, invocation: HookInvocation = HookInvocation(), timeout: Duration = .seconds(10),
        environment: [String: String]? = nil
    ) {
        guard let folder = config.hooksFolder, let file = config.file else { return nil }
        var invocation = invocation
        invocation.configFile = file
        self.init(
            folder: folder, isEnabled: config.hooksEnabled, invocation: invocation, timeout: timeout,
            environment: environment)
    }

    /// What hooks are told of the command; a long-lived front end (`todo shell`) sets it before
    /// each command it runs.
    public var invocation: HookInvocation {
        get { mutex.withLock { current } }
        set { mutex.withLock { current = newValue } }
    }

    // MARK: The folder

    /// A file of the folder that looks like a hook and does not run.
    public struct IgnoredFile: Sendable, Hashable {
        /// The file's name.
        public var name: String
        /// Why it does not run.
        public var reason: String
    }

    /// What the folder holds: the hooks that run, by event in name order, and the files that look
    /// like hooks and do not run.
    public struct Scan: Sendable, Hashable {
        /// The hooks that run: executable files named after an event, in the byte order of their names.
        public var hooks: [HookEvent: [String]]
        /// Files named `on-…` that do not run: not executable (todo, like Taskwarrior, skips them),
        /// not a file, or for an event todo does not have (`on-launch`).
        public var ignored: [IgnoredFile]

        /// The paths of `event`'s hooks, in the order they run.
        public func hooks(for event: HookEvent) -> [String] { hooks[event] ?? [] }
    }

    /// What the folder holds now (nothing when it does not exist or hooks are off).
    public func scan() -> Scan {
        var scan = Scan(hooks: [:], ignored: [])
        guard isEnabled, let directory = opendir(folder) else { return scan }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            // The name in place, up to its NUL: an entry is only as long as its name, so copying
            // the whole `d_name` array would read past the last entry of readdir's buffer.
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let start = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let name = Array(
                UnsafeBufferPointer(
                    start: start, count: strlen(UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self))))
            if name.starts(with: Array("on-".utf8)) { names.append(name) }
        }
        for bytes in names.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let name = String(decoding: bytes, as: UTF8.self)
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            guard let event = HookEvent.allCases.first(where: { name.hasPrefix($0.rawValue) }) else {
                let reason =
                    name.hasPrefix("on-launch")
                    ? "todo does not run on-launch hooks" : "on-add, on-modify and on-exit are the events todo has"
                scan.ignored.append(IgnoredFile(name: name, reason: reason))
                continue
            }
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                scan.ignored.append(IgnoredFile(name: name, reason: "it is not a file"))
                continue
            }
            guard access(path, X_OK) == 0 else {
                scan.ignored.append(
                    IgnoredFile(name: name, reason: "it is not executable (chmod +x \(path) turns it on)"))
                continue
            }
            scan.hooks[event, default: []].append(path)
        }
        return scan
    }

    // MARK: Running

    /// Runs the `on-add` and `on-modify` hooks; see ``HookRunnerType/runBeforeWrite(_:context:check:)``.
    public func runBeforeWrite(
        _ change: HookChange, context: () -> TodoContext, check: (Todo) throws(TodoError) -> Void
    ) throws(TodoError) -> HookChange {
        let scan = scan()
        let adds = scan.hooks(for: .add)
        let modifies = scan.hooks(for: .modify)
        let needed = change.items.contains { item in
            if case .added = item { return !adds.isEmpty }
            return !modifies.isEmpty
        }
        guard needed else { return change }
        let context = context()
        let arguments = invocation.hookArguments
        var result = change
        for (index, item) in change.items.enumerated() {
            switch item {
            case .added(let todo):
                var todo = todo
                for path in adds {
                    let given = HookObject(todo, context: context)
                    let printed = try run(path, .add, input: given.line + "\n", arguments: arguments, into: &result)
                    todo = try HookObject.apply(printed, to: todo, given: given, hook: path)
                    try HookRunner.checking(todo, with: check, hook: path)
                }
                result.items[index] = .added(todo)
            case .modified(let before, let after):
                let old = HookObject(before, context: context).line
                var todo = after
                for path in modifies {
                    let given = HookObject(todo, context: context)
                    let printed = try run(
                        path, .modify, input: old + "\n" + given.line + "\n", arguments: arguments, into: &result)
                    todo = try HookObject.apply(printed, to: todo, given: given, hook: path)
                    try HookRunner.checking(todo, with: check, hook: path)
                }
                result.items[index] = .modified(before: before, after: todo)
            case .deleted(let todo):
                let old = HookObject(todo, context: context)
                let gone = HookObject(todo, context: context, deleted: true)
                for path in modifies {
                    // The hook may refuse; what it prints is checked, and what it changed goes with the todo.
                    let printed = try run(
                        path, .modify, input: old.line + "\n" + gone.line + "\n", arguments: arguments, into: &result)
                    _ = try HookObject.apply(printed, to: todo, given: gone, hook: path)
                }
            }
        }
        return result
    }

    /// Runs the `on-exit` hooks and publishes the messages; see
    /// ``HookRunnerType/runAfterWrite(_:context:)``.
    public func runAfterWrite(_ change: HookChange, context: () -> TodoContext) {
        var messages = change.messages
        let exits = scan().hooks(for: .exit)
        if !exits.isEmpty {
            let context = context()
            let input = change.items.map { item in
                if case .deleted(let todo) = item { return HookObject(todo, context: context, deleted: true).line }
                return HookObject(item.todo, context: context).line
            }
            let text = input.isEmpty ? "" : input.joined(separator: "\n") + "\n"
            let arguments = invocation.hookArguments
            for path in exits {
                let name = HookRunner.name(of: path)
                let run = HookProcess.run(
                    path, arguments: arguments, input: Array(text.utf8), environment: environment, timeout: timeout)
                let lines = HookLines(run)
                // JSON lines are ignored: the change is made, there is nothing left to change.
                if let failure = failure(of: run, lines: lines) {
                    messages.append(HookMessage(hook: name, event: .exit, text: failure, isError: true))
                } else {
                    messages += lines.messages(hook: name, event: .exit)
                }
            }
        }
        for message in messages { self.messages.send(message) }
    }

    /// Runs the hook at `path` with `input`; its feedback goes to `change`'s messages.
    ///
    /// - Returns: The one todo object it printed.
    /// - Throws: ``TodoError/hookRefused(hook:reason:)`` when it failed, or printed no todo or
    ///   several.
    private func run(
        _ path: String, _ event: HookEvent, input: String, arguments: [String], into change: inout HookChange
    ) throws(TodoError) -> [UInt8] {
        let name = HookRunner.name(of: path)
        let run = HookProcess.run(
            path, arguments: arguments, input: Array(input.utf8), environment: environment, timeout: timeout)
        let lines = HookLines(run)
        if let failure = failure(of: run, lines: lines) { throw .hookRefused(hook: name, reason: failure) }
        guard lines.objects.count == 1 else {
            throw .hookRefused(
                hook: name,
                reason: lines.objects.isEmpty
                    ? "it printed no todo (an \(event.rawValue) hook prints the todo it is given, changed or not, "
                        + "as one line of JSON)"
                    : "it printed \(lines.objects.count) todos; an \(event.rawValue) hook prints one")
        }
        change.messages += lines.messages(hook: name, event: event)
        return lines.objects[0]
    }

    /// Why a run failed, when it did: its own message (its first line of output that is not JSON,
    /// else its last line of errors) for a non-zero status.
    private func failure(of run: HookProcess.Result, lines: HookLines) -> String? {
        switch run.ending {
        case .exited(0):
            return run.overflowed ? "it printed more than \(HookProcess.outputLimit >> 20) MiB" : nil
        case .exited(let status):
            return lines.feedback.first ?? lines.errors.last ?? "it exited with status \(status) without saying why"
        case .signaled(let signal):
            return "it was ended by signal \(signal)" + (lines.errors.last.map { " (\($0))" } ?? "")
        case .timedOut:
            return "it ran for more than \(HookRunner.seconds(timeout)) and was stopped"
        case .notStarted(let reason):
            return "it cannot be run: \(reason)"
        }
    }

    /// Runs `check` on what the hook at `path` left; its error becomes the hook's refusal.
    private static func checking(
        _ todo: Todo, with check: (Todo) throws(TodoError) -> Void, hook path: String
    ) throws(TodoError) {
        do {
            try check(todo)
        } catch {
            throw .hookRefused(hook: name(of: path), reason: "it left todo \(todo.id) with a problem: \(error)")
        }
    }

    /// A hook's name: its file's name.
    static func name(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// `10 s`, `0.5 s`.
    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = attoseconds / 100_000_000_000_000_000
        return tenths == 0 ? "\(seconds) s" : "\(seconds).\(tenths) s"
    }
}

/// A hook's output, line by line: the todo objects (lines that start with `{` and end with `}`,
/// as Taskwarrior tells them apart), the other lines of output (feedback), and the lines of errors.
struct HookLines {
    var objects: [[UInt8]] = []
    var feedback: [String] = []
    var errors: [String] = []

    init(_ run: HookProcess.Result) {
        for line in run.output.split(separator: UInt8(ascii: "\n")) {
            let text = String(decoding: line, as: UTF8.self).trimmingSpaces()
            if text.hasPrefix("{") && text.hasSuffix("}") {
                objects.append(Array(text.utf8))
            } else if !text.isEmpty {
                feedback.append(text)
            }
        }
        errors = run.errors.split(separator: UInt8(ascii: "\n"))
            .map { String(decoding: $0, as: UTF8.self).trimmingSpaces() }
            .filter { !$0.isEmpty }
    }

    /// What a hook that succeeded printed for the user: its feedback, then its errors.
    func messages(hook: String, event: HookEvent) -> [HookMessage] {
        (feedback + errors).map { HookMessage(hook: hook, event: event, text: $0) }
    }
}
