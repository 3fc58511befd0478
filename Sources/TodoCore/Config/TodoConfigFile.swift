/// A config file to change, one key at a time: what `todo config KEY VALUE` and
/// `todo config KEY --unset` do.
///
/// Each change rewrites the file atomically — a temporary file in the same folder, flushed to
/// disk, renamed over the old one, keeping its permissions; a crash or a full disk leaves the old
/// file — under a lock (`config.lock` beside it) so that two changes at once both land. Comments,
/// blank lines, the order of the lines and every other line are kept; the file and its folder are
/// created when missing. A symbolic link (a file kept with your dotfiles) is followed: the file it
/// names is rewritten and the link stays.
///
/// ```swift
/// let file = TodoConfigFile(path: try TodoConfig.location(environment: environment)!)
/// try file.set("week.start", to: "sunday")
/// try file.unset("alias.t")
/// ```
public struct TodoConfigFile: Sendable {
    /// The config file's path.
    public let path: String
    /// How long to wait for another process changing the file, in seconds.
    public var lockTimeout: Double
    /// Simulated file-system failures, for tests.
    public var faults: StoreFaults

    /// The config file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file (``TodoConfig/location(environment:)``).
    ///   - lockTimeout: How long to wait for another process changing the file, in seconds.
    ///   - faults: Simulated failures, for tests; none by default.
    public init(path: String, lockTimeout: Double = 10, faults: StoreFaults = .none) {
        self.path = path
        self.lockTimeout = lockTimeout
        self.faults = faults
    }

    /// Sets `key` to `value`: the key's line gets the new value (the last one when the key is set
    /// twice, the others are removed); a key not set yet gets a new line after the last line of
    /// its family (`alias.…` after the other aliases), else at the end.
    ///
    /// - Parameters:
    ///   - key: A key todo knows.
    ///   - value: Its value (surrounding spaces ignored), on one line.
    ///   - commands: The front end's command names, to refuse an alias or report that would hide
    ///     one (see ``TodoConfig/checkNames(commands:reports:)``).
    ///   - reports: The commands that are reports a config may change.
    /// - Returns: The settings the file now holds.
    /// - Throws: ``TodoConfigError``: an unknown key (with the one probably meant), a value the
    ///   key refuses, a change that would make the file contradict itself (an active context
    ///   that no longer exists, an alias loop) — the file is then unchanged — or the file system's
    ///   refusal.
    @discardableResult
    public func set(
        _ key: String, to value: String, commands: Set<String>? = nil, reports: Set<String> = []
    ) throws(TodoConfigError) -> TodoConfig {
        let value = value.trimmingSpaces()
        guard !value.contains(where: { $0 == "\n" || $0 == "\r" }) else {
            throw TodoConfigError(
                file: path, origin: nil, key: key, problem: "a value is one line", fix: "give it without line breaks")
        }
        switch ConfigKey.classify(key) {
        case .unknown(let message, let suggestion):
            throw TodoConfigError(
                file: path, origin: nil, key: key, problem: message,
                fix: suggestion.map { "did you mean '\($0)'?" } ?? "see the Configuration guide for the keys")
        case .malformed(let problem):
            throw .invalid(key, problem, file: path, origin: nil)
        case .known(let configKey):
            var scratch = TodoConfig.defaults(file: path)
            do throws(ConfigProblem) {
                try configKey.apply(value, to: &scratch)
            } catch {
                throw .invalid(key, error, file: path, origin: nil)
            }
        }
        return try rewrite(commands: commands, reports: reports) { lines, crlf in
            let line = "\(key) = \(value)" + (crlf ? "\r" : "")
            let matching = lines.indices.filter { ConfigLine.kind(of: lines[$0]).key == key }
            if let last = matching.last {
                lines[last] = line
                for index in matching.dropLast().reversed() { lines.remove(at: index) }
            } else {
                let family = TodoConfigFile.family(of: key)
                let place = lines.lastIndex { text in
                    ConfigLine.kind(of: text).key.map { TodoConfigFile.family(of: $0) == family } ?? false
                }
                lines.insert(line, at: place.map { $0 + 1 } ?? lines.count)
            }
        }.config
    }

    /// Removes every line that sets `key` (a key todo does not know included).
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - commands: The front end's command names (see ``set(_:to:commands:reports:)``).
    ///   - reports: The commands that are reports a config may change.
    /// - Returns: Whether the file set `key` (otherwise it is left as it was).
    /// - Throws: ``TodoConfigError`` when the file would contradict itself without the key (the
    ///   active context's definition removed) — the file is then unchanged — or the file system's
    ///   refusal.
    @discardableResult
    public func unset(
        _ key: String, commands: Set<String>? = nil, reports: Set<String> = []
    ) throws(TodoConfigError) -> Bool {
        try rewrite(commands: commands, reports: reports) { lines, _ in
            lines.removeAll { ConfigLine.kind(of: $0).key == key }
        }.changed
    }

    /// The first part of a key: `alias` for `alias.t`, `color` for `color`.
    private static func family(of key: String) -> Substring {
        key.prefix { $0 != "." }
    }

    /// Reads the file under its lock, lets `edit` change its lines, and writes them back when they
    /// changed and add no problem the file did not have.
    private func rewrite(
        commands: Set<String>?, reports: Set<String>, _ edit: (inout [String], _ crlf: Bool) -> Void
    ) throws(TodoConfigError) -> (changed: Bool, config: TodoConfig) {
        let target: String
        let lock: StoreLock?
        do throws(TodoError) {
            target = try FileSystem.followingLinks(path)
            try FileSystem.createFolder(of: target)
            lock = try StoreLock.acquire(target + ".lock", exclusive: true, timeout: lockTimeout, store: target)
        } catch {
            throw failure(error)
        }
        defer { lock?.release() }
        let old = try TodoConfig.read(target)
        let lines = ConfigLine.lines(of: old)
        var texts = lines.map(\.text)
        let crlf = texts.first?.unicodeScalars.last == "\r"
        edit(&texts, crlf)
        // Each line keeps its "\r" (a CRLF file's lines end with one); a new line gets one in a CRLF file.
        var new = (old.unicodeScalars.first == "\u{FEFF}" ? "\u{FEFF}" : "") + texts.joined(separator: "\n")
        if !texts.isEmpty { new += "\n" }
        let after = TodoConfig(collecting: path, text: new, overrides: [], commands: commands, reports: reports)
        guard texts != lines.map(\.text) else { return (false, after) }
        let before = TodoConfig(collecting: path, text: old, overrides: [], commands: commands, reports: reports)
        let known = Set(before.errors.map { [$0.key ?? "", $0.problem] })
        if let added = after.errors.first(where: { !known.contains([$0.key ?? "", $0.problem]) }) {
            throw added
        }
        do throws(TodoError) {
            try FileSystem.replace(target, with: Array(new.utf8), temporary: target + ".tmp", faults: faults)
            FileSystem.syncFolder(of: target)
        } catch {
            throw failure(error)
        }
        return (true, after)
    }

    /// A file-system failure as a config error.
    private func failure(_ error: TodoError) -> TodoConfigError {
        if case .storeLocked(_, let seconds) = error {
            return TodoConfigError(
                reason: .fileSystem, file: path, origin: nil, key: nil,
                problem: "another process kept the config file locked for \(ConfigKey.text(of: seconds)) s; "
                    + "nothing was changed", fix: "try again")
        }
        return TodoConfigError(
            reason: .fileSystem, file: path, origin: nil, key: nil,
            problem: error.description + "; nothing was changed",
            fix: "")
    }
}
