import Foundation
import TodoSync

/// The URL of a collection or server as `sync.url` gives it, checked: `http` or `https`, a host,
/// no credentials in it, and plain `http` only to this machine unless insecure is allowed.
struct ServerURL: Sendable {
    /// The URL, without user or password, its path ending in `/`.
    let url: URL
    /// `scheme://host[:port]`, to which hrefs (absolute paths) are appended.
    let origin: String
    /// The host (and port, when not the scheme's own) for messages: `dav.example.com:8443`.
    let hostName: String
    /// The user name and password written in the URL (`https://me:secret@host/`), if any.
    let credentials: (user: String, password: String?)?

    /// Checks `text`.
    ///
    /// - Throws: ``SyncError/settings(key:problem:fix:)`` for a URL that is not `http(s)://host/…`,
    ///   or plain `http` to another machine without `allowInsecure`.
    init(_ text: String, allowInsecure: Bool) throws(SyncError) {
        let fix = "set sync.url to the https:// URL of your CalDAV server or collection"
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw .settings(key: "sync.url", problem: "'\(Self.withoutPassword(text))' is not an http(s) URL", fix: fix)
        }
        if let user = components.user {
            credentials = (user.removingPercentEncoding ?? user, components.password?.removingPercentEncoding)
        } else {
            credentials = nil
        }
        components.user = nil
        components.password = nil
        components.scheme = scheme
        components.fragment = nil
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        if !components.percentEncodedPath.hasSuffix("/") { components.percentEncodedPath += "/" }
        guard let url = components.url else {
            throw .settings(key: "sync.url", problem: "'\(Self.withoutPassword(text))' is not a valid URL", fix: fix)
        }
        let bareHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        let hostPart = bareHost.contains(":") ? "[\(bareHost)]" : bareHost
        let defaultPort = scheme == "https" ? 443 : 80
        let port = components.port.flatMap { $0 == defaultPort ? nil : $0 }
        hostName = hostPart + (port.map { ":\($0)" } ?? "")
        origin = "\(scheme)://\(hostPart)" + (components.port.map { ":\($0)" } ?? "")
        self.url = url
        if scheme == "http" && !allowInsecure && !Self.isLoopback(bareHost) {
            throw .settings(
                key: "sync.allow_insecure",
                problem: "\(hostName) would be reached over plain http, which sends the password unencrypted",
                fix: "use its https:// URL, or set sync.allow_insecure = yes if you accept that")
        }
    }

    /// Whether `host` is this machine: `localhost`, `127.x.x.x` or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased()
        if host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "0:0:0:0:0:0:0:1" {
            return true
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// The URL of `href` (an absolute path, a full URL, or a path relative to ``url``).
    func url(of href: String) -> URL? {
        if href.hasPrefix("/") { return URL(string: origin + Self.escapingInvalid(href)) }
        return URL(string: Self.escapingInvalid(href), relativeTo: url)?.absoluteURL
    }

    /// The path of `href` as the server wrote it (percent escapes kept): a full URL of this
    /// server becomes its path; `nil` for another server's URL.
    func path(of href: String) -> String? {
        if href.hasPrefix("/") { return href }
        guard let resolved = url(of: href), let components = URLComponents(url: resolved, resolvingAgainstBaseURL: true)
        else { return nil }
        guard resolved.host?.lowercased() == url.host?.lowercased() else { return nil }
        return components.percentEncodedPath
    }

    /// The same URL with another path (percent-encoded).
    func withPath(_ path: String) -> URL? { URL(string: origin + Self.escapingInvalid(path)) }

    /// `text` with the password of a URL in it replaced, for messages.
    static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@") else {
            return text
        }
        let userInfo = text[scheme.upperBound..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }

    /// `path` with the characters a URL cannot hold (a space, non-ASCII) percent-encoded and
    /// every other character, escapes included, as it was.
    static func escapingInvalid(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte > 0x20 && byte < 0x7f && !"\"<>\\^`{|}".utf8.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// `name` as one path segment: everything but unreserved characters (RFC 3986) percent-encoded,
    /// in upper case, as servers write their hrefs (Radicale and Xandikos both do).
    static func encodedSegment(_ name: String) -> String {
        var out = ""
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }

    /// The key under which two spellings of one href compare equal: its path, percent escapes
    /// decoded, without a final `/`.
    static func key(of path: String) -> String {
        let decoded = path.removingPercentEncoding ?? path
        return decoded.count > 1 && decoded.hasSuffix("/") ? String(decoded.dropLast()) : decoded
    }
}
