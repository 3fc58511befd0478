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

    /// The server's host in ``url`` (lower case), for `~/.netrc` and messages; `nil` for a
    /// folder or no URL.
    public var host: String? {
        guard let url, let parts = try? SyncSettings.parts(of: url), !parts.host.isEmpty else { return nil }
        return parts.host
    }

    /// Whether ``url`` names a folder of this machine (`file:///…`, a vdir).
    public var isFolder: Bool {
        guard let url, let parts = try? SyncSettings.parts(of: url) else { return false }
        return parts.scheme == "file"
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
        let seconds: Int
        switch lowered.last {
        case "s": seconds = 1
        case "m": seconds = 60
        case "h": seconds = 3600
        default: seconds = 0
        }
        guard seconds > 0, let count = Int(lowered.dropLast()), lowered.dropLast().allSatisfy(\.isASCII), count > 0,
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
        // Read as bytes: String's generic searching costs a command's start-up more than the rest.
        let bytes = Array(url.utf8)
        let fix = "give https://server/path, or file:///folder for a vdir"
        let separator = bytes.indices.first { index in
            index + 2 < bytes.count && bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                && bytes[index + 2] == UInt8(ascii: "/")
        }
        guard let separator else {
            throw ConfigProblem("'\(url)' is not a URL" + ConfigValues.commentHint(url), fix: fix)
        }
        guard !bytes.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }) else {
            throw ConfigProblem(
                "'\(url)' has a space in it" + ConfigValues.commentHint(url), fix: "write spaces as %20")
        }
        func text(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self).lowercased() }
        let scheme = text(bytes[..<separator])
        let rest = bytes[(separator + 3)...]
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        switch scheme {
        case "https", "http":
            guard !authority.contains(UInt8(ascii: "@")) else {
                throw ConfigProblem(
                    "'\(url)' holds a user name or password",
                    fix: "remove it, and set sync.username (never the password)")
            }
            let host =
                authority.first == UInt8(ascii: "[")
                ? authority.dropFirst().prefix { $0 != UInt8(ascii: "]") }
                : authority.prefix { $0 != UInt8(ascii: ":") }
            guard !host.isEmpty else { throw ConfigProblem("'\(url)' names no server", fix: fix) }
            return (scheme, text(host))
        case "file":
            guard authority.isEmpty || text(authority) == "localhost",
                rest.dropFirst(authority.count).first == UInt8(ascii: "/")
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
