/// The sync settings of the config file (`sync.url`, `sync.username`, `sync.password_command`,
/// `sync.interval`, `sync.allow_insecure`), checked when the file is read; `nil` when not set.
///
/// The password is never a setting: it comes from `sync.password_command`'s output, `~/.netrc`
/// or `TODO_SYNC_PASSWORD`.
public struct SyncSettings: Sendable, Hashable {
    /// The server or collection to sync with: `https://…`, `http://…` (a loopback host only,
    /// unless ``allowInsecure``), or `file:///folder` for a vdir.
    public var url: String?
    /// The user name for HTTP Basic authentication.
    public var username: String?
    /// A command whose first line of output is the password (`pass show caldav`), run by a shell.
    public var passwordCommand: String?
    /// How often long-lived front ends sync; `nil` when off (the default).
    public var interval: Duration?
    /// Whether plain `http://` may go to a host other than this machine.
    public var allowInsecure: Bool

    /// Settings with nothing set.
    public init(
        url: String? = nil, username: String? = nil, passwordCommand: String? = nil, interval: Duration? = nil,
        allowInsecure: Bool = false
    ) {
        self.url = url
        self.username = username
        self.passwordCommand = passwordCommand
        self.interval = interval
        self.allowInsecure = allowInsecure
    }

    /// The shortest ``interval`` accepted.
    public static let minimumInterval = Duration.seconds(10)

    /// The keys, by what they set.
    enum Key: String, CaseIterable {
        case url = "sync.url"
        case username = "sync.username"
        case passwordCommand = "sync.password_command"
        case interval = "sync.interval"
        case allowInsecure = "sync.allow_insecure"
    }

    /// Sets `key` from its text in the config file.
    mutating func set(_ key: Key, _ value: String) throws(ConfigProblem) {
        switch key {
        case .url:
            _ = try SyncSettings.parts(of: value)
            url = value
        case .username:
            guard !value.isEmpty else {
                throw ConfigProblem("the user name cannot be empty", fix: "give it, or remove the line")
            }
            username = value
        case .passwordCommand:
            guard !value.isEmpty else {
                throw ConfigProblem(
                    "the password command cannot be empty",
                    fix: "give a command that prints the password, such as pass show caldav")
            }
            passwordCommand = value
        case .interval:
            interval = try SyncSettings.interval(value)
        case .allowInsecure:
            allowInsecure = try ConfigValues.boolean(value)
        }
    }

    /// `off` or `0` (nil), or a whole number followed by `s`, `m` or `h`.
    private static func interval(_ value: String) throws(ConfigProblem) -> Duration? {
        let lowered = value.lowercased()
        if lowered == "off" || lowered == "0" { return nil }
        let fix = "give a time such as 30s, 5m or 1h (at least 10s), or off"
        guard let unit = lowered.last, let seconds = ["s": 1, "m": 60, "h": 3600][String(unit)],
            let count = Int(lowered.dropLast()), lowered.dropLast().allSatisfy(\.isASCII), count > 0,
            count <= 1_000_000
        else {
            throw ConfigProblem("'\(value)' is not a time between syncs" + ConfigValues.commentHint(value), fix: fix)
        }
        let duration = Duration.seconds(count * seconds)
        guard duration >= minimumInterval else { throw ConfigProblem("'\(value)' is too short", fix: fix) }
        return duration
    }

    /// The scheme (lower case) and host of a sync URL.
    ///
    /// - Throws: ``ConfigProblem`` for anything but `https://host…`, `http://host…` or
    ///   `file:///absolute/folder`, and for a user name or password in the URL.
    static func parts(of url: String) throws(ConfigProblem) -> (scheme: String, host: String) {
        let fix = "give https://server/path, or file:///folder for a vdir"
        guard let separator = url.firstRange(of: "://") else {
            throw ConfigProblem("'\(url)' is not a URL" + ConfigValues.commentHint(url), fix: fix)
        }
        let scheme = url[..<separator.lowerBound].lowercased()
        let rest = url[separator.upperBound...]
        let authority = rest.prefix(while: { $0 != "/" && $0 != "?" && $0 != "#" })
        guard !url.contains(where: \.isWhitespace) else {
            throw ConfigProblem(
                "'\(url)' has a space in it" + ConfigValues.commentHint(url), fix: "write spaces as %20")
        }
        switch scheme {
        case "https", "http":
            guard !authority.contains("@") else {
                throw ConfigProblem(
                    "'\(url)' holds a user name or password",
                    fix: "remove it, and set sync.username (never the password)")
            }
            let host =
                authority.hasPrefix("[")
                ? String(authority.prefix(while: { $0 != "]" }).dropFirst())
                : String(authority.prefix(while: { $0 != ":" }))
            guard !host.isEmpty else { throw ConfigProblem("'\(url)' names no server", fix: fix) }
            return (scheme, host.lowercased())
        case "file":
            guard authority.isEmpty || authority.lowercased() == "localhost",
                rest.dropFirst(authority.count).hasPrefix("/")
            else {
                throw ConfigProblem(
                    "'\(url)' is not a folder of this machine", fix: "give file:///absolute/path/to/folder")
            }
            return (scheme, "")
        default:
            throw ConfigProblem("'\(url)' is not an http, https or file URL", fix: fix)
        }
    }

    /// Whether `host` is this machine: `localhost`, 127.x.x.x or ::1.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host.hasPrefix("127.")
    }

    /// The problem with ``url`` given ``allowInsecure``: plain HTTP to another machine.
    func insecureProblem() -> ConfigProblem? {
        guard let url, let parts = try? SyncSettings.parts(of: url), parts.scheme == "http",
            !SyncSettings.isLoopback(parts.host), !allowInsecure
        else { return nil }
        return ConfigProblem(
            "'\(url)' would send the password unencrypted to \(parts.host)",
            fix: "use https://, or set sync.allow_insecure = yes if the network is trusted")
    }
}
