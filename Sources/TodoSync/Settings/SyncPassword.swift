import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a sync's password comes from, in this order: `sync.password_command`'s first line of
/// output (`pass show caldav`), else the `~/.netrc` entry of the server's host (and the user, when
/// `sync.username` is set), else `TODO_SYNC_PASSWORD`. Never from a file `todo` writes, never
/// printed.
///
/// ```swift
/// let password = try SyncPassword.find(settings: config.sync, host: "dav.example.com", environment: env)
/// ```
public enum SyncPassword {
    /// The password for `host`, or `nil` when no source gives one.
    ///
    /// - Throws: ``SyncError/settings(key:problem:fix:)`` when `sync.password_command` fails or
    ///   prints nothing.
    public static func find(
        settings: SyncSettings, host: String, environment: [String: String]
    ) throws(SyncError) -> String? {
        if let command = settings.passwordCommand { return try run(command, environment: environment) }
        if let home = environment["HOME"], !home.isEmpty,
            let bytes = FileManager.default.contents(atPath: home + "/.netrc"),
            let password = netrcPassword(String(decoding: bytes, as: UTF8.self), host: host, user: settings.username)
        {
            return password
        }
        if let password = environment["TODO_SYNC_PASSWORD"], !password.isEmpty { return password }
        return nil
    }

    /// The password of the `machine host` entry of a `.netrc` (or its `default` entry), when its
    /// `login`, if any, is `user` (any user when `user` is `nil`).
    static func netrcPassword(_ text: String, host: String, user: String?) -> String? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map(String.init)
        var index = 0
        var fallback: String?
        while index < words.count {
            let word = words[index]
            guard word == "machine" || word == "default" else {
                index += 1
                continue
            }
            let machine = word == "machine" && index + 1 < words.count ? words[index + 1] : nil
            index += word == "machine" ? 2 : 1
            var login: String?
            var password: String?
            while index < words.count, words[index] != "machine", words[index] != "default" {
                let key = words[index]
                let value = index + 1 < words.count ? words[index + 1] : nil
                switch key {
                case "login": login = value
                case "password": password = value
                case "macdef":
                    // A macro runs to the next blank line, which the split lost: skip the rest.
                    return machine == nil ? fallback : nil
                default: break
                }
                index += value == nil ? 1 : 2
            }
            guard let password, user == nil || login == nil || login == user else { continue }
            if machine?.lowercased() == host.lowercased() { return password }
            if word == "default" { fallback = password }
        }
        return fallback
    }

    /// The first line `command` prints, run by `/bin/sh -c`, its errors on this process's.
    private static func run(_ command: String, environment: [String: String]) throws(SyncError) -> String {
        let key = "sync.password_command"
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .io("cannot run \(key): \(String(cString: strerror(errno)))") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        var pid = pid_t()
        let spawned = ProcessSpawn.spawn(
            "/bin/sh", arguments: ["-c", command], environment: environment, descriptors: (input, ends[1], 2),
            pid: &pid)
        close(ends[1])
        if input >= 0 { close(input) }
        defer { close(ends[0]) }
        guard spawned == 0 else {
            throw .settings(
                key: key, problem: "it cannot be run: \(String(cString: strerror(spawned)))",
                fix: "give a command that prints the password, such as pass show caldav")
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        guard exited == 0 else {
            throw .settings(
                key: key, problem: "'\(command)' exited with status \(exited)",
                fix: "check that it prints the password when run in a shell")
        }
        let line = output.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? []
        var password = String(decoding: line, as: UTF8.self)
        if password.hasSuffix("\r") { password.removeLast() }
        guard !password.isEmpty else {
            throw .settings(
                key: key, problem: "'\(command)' printed no password",
                fix: "check that its first line of output is the password")
        }
        return password
    }
}
