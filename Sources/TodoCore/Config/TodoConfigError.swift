/// Why the configuration cannot be used: a line that is not `key = value`, a value a key refuses,
/// settings that contradict each other, an override that names no key — or a config file that
/// cannot be read or written.
///
/// It names the file, the line (or the `--set` override), the key and the fix:
///
/// ```swift
/// do {
///     _ = try TodoConfig(file: "/home/ann/.config/todo/config", text: "week.start = tuesday\n")
/// } catch {
///     error.line         // 1
///     error.key          // "week.start"
///     error.description  // "config line 1 (/home/ann/.config/todo/config): week.start: 'tuesday' is …; …"
/// }
/// ```
///
/// Front ends report it as a configuration error: the `todo` command prints
/// `Error: ` and the ``description`` and exits with 78, or with 74 when ``reason`` is
/// ``Reason/fileSystem`` (the file could not be read or written).
public struct TodoConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Reason: Sendable, Hashable {
        /// The settings are wrong: fix the line or the override (`todo`: exit 78).
        case invalid
        /// The file system refused to read or write the file, or no path for it could be found
        /// (`todo`: exit 74).
        case fileSystem
    }

    /// What kind of failure this is.
    public var reason: Reason
    /// The config file's path.
    public var file: String
    /// Where the value at fault was given: a line of ``file`` or a `--set` override; `nil` for the
    /// file as a whole, or a key given to ``TodoConfigFile/set(_:to:commands:reports:)``.
    public var origin: TodoConfig.Origin?
    /// The key at fault, when one is.
    public var key: String?
    /// What is wrong, lower-case, without a final period.
    public var problem: String
    /// What to do about it, lower-case, without a final period (empty when ``problem`` says it).
    public var fix: String

    /// An error about `key`.
    public init(
        reason: Reason = .invalid, file: String, origin: TodoConfig.Origin?, key: String?, problem: String,
        fix: String
    ) {
        self.reason = reason
        self.file = file
        self.origin = origin
        self.key = key
        self.problem = problem
        self.fix = fix
    }

    /// The line of ``file`` at fault, when the error is about one.
    public var line: Int? {
        if case .file(let line) = origin { return line }
        return nil
    }

    /// `config line 4 (FILE): KEY: PROBLEM; FIX` — or `--set KEY=…: …` for an override, and
    /// `config FILE: …` for the file as a whole.
    public var description: String {
        var text: String
        switch origin {
        case .file(let line): text = "config line \(line) (\(file)): "
        case .override: text = "--set \(key ?? ""): "
        case .default, nil: text = reason == .fileSystem ? "" : "config \(file): "
        }
        if let key, origin != .override { text += "\(key): " }
        text += problem
        if !fix.isEmpty { text += "; " + fix }
        return text
    }

    /// A problem with the value of `key` given at `origin`.
    static func invalid(
        _ key: String?, _ problem: ConfigProblem, file: String, origin: TodoConfig.Origin?
    ) -> TodoConfigError {
        TodoConfigError(file: file, origin: origin, key: key, problem: problem.problem, fix: problem.fix)
    }

    /// A setting that something needs and that is not set: `sync.url` for a sync, say.
    ///
    /// - Parameters:
    ///   - key: The missing key.
    ///   - file: The config file it belongs in.
    ///   - fix: How to set it (`run todo sync --setup URL`).
    public static func missing(_ key: String, file: String, fix: String) -> TodoConfigError {
        TodoConfigError(file: file, origin: nil, key: key, problem: "not set", fix: fix)
    }
}

/// What is wrong with a value, and the fix.
struct ConfigProblem: Error, Sendable, Hashable {
    var problem: String
    var fix: String

    init(_ problem: String, fix: String = "") {
        self.problem = problem
        self.fix = fix
    }

    /// A problem from a message that holds its fix after `; ` (as ``TodoError``'s do).
    init(message: String) {
        if let range = message.firstRange(of: "; ") {
            self.init(String(message[..<range.lowerBound]), fix: String(message[range.upperBound...]))
        } else {
            self.init(message)
        }
    }
}
