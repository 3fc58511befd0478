import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real CalDAV server for the tests: Radicale or Xandikos (Debian's `radicale`, `xandikos`),
/// started on 127.0.0.1 on a free port with its storage in a temporary folder, with one todo
/// collection made for the test, and stopped (its whole process group) when released.
///
/// Both can require HTTP Basic authentication: Radicale itself (an htpasswd file, plain
/// passwords); Xandikos, which has none of its own and is deployed behind a reverse proxy that
/// checks credentials, behind a ``LoopbackProxy`` that answers 401 (`WWW-Authenticate: Basic`) to
/// a request without alice's — ``port`` is then the proxy's.
///
/// ```swift
/// let server = try DAVServer(.radicale, auth: true)
/// let url = server.collectionURL   // http://127.0.0.1:PORT/alice/tasks/
/// ```
public final class DAVServer: @unchecked Sendable {
    // @unchecked Sendable: set up in init; `stop()` is guarded by `lock`.

    /// A server program.
    public enum Kind: String, Sendable, CaseIterable, CustomStringConvertible {
        case radicale
        case xandikos

        /// Its name.
        public var description: String { rawValue }
        /// Its program's name.
        public var program: String { rawValue }
        /// Whether it checks credentials itself (Xandikos needs a proxy in front of it).
        public var hasAuthentication: Bool { self == .radicale }
    }

    /// Why a server could not start.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The program.
    public let kind: Kind
    /// Whether it requires credentials.
    public let requiresAuthentication: Bool
    /// The port it listens on (on 127.0.0.1): the server's, or the authenticating proxy's in
    /// front of it.
    public let port: UInt16
    /// The server program's own port (``port`` unless a proxy checks credentials in front of it).
    public let serverPort: UInt16
    /// The proxy that checks credentials for a server without authentication of its own.
    private let gate: LoopbackProxy?
    /// The user the collection belongs to.
    public let username = "alice"
    /// Her password (`nil` without authentication).
    public let password: String?
    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    /// The path of the todo collection made for the test (ends in `/`).
    public let collectionPath: String
    /// The URL of the todo collection made for the test.
    public var collectionURL: String { baseURL + collectionPath }
    /// The temporary folder holding the server's storage, configuration and log.
    public let folder: String
    private let program: String
    private var process: ChildProcess  // guarded by lock after init
    private let lock = NSLock()
    private var stopped = false  // guarded by lock

    /// Whether the CI runs (`CI=true`): a server that cannot start fails the test there.
    public static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    /// The program's path, when it is installed.
    public static func path(of kind: Kind) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(kind.program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether every server is installed.
    public static var allInstalled: Bool { Kind.allCases.allSatisfy { path(of: $0) != nil } }

    /// Starts `kind` (requiring Basic authentication when `auth`), waits until it answers and
    /// makes the collection `tasks` for todos.
    ///
    /// - Throws: ``Unavailable`` when it is not installed, does not start, or cannot make the
    ///   collection (with its log).
    public init(_ kind: Kind, auth: Bool = false) throws {
        guard let program = Self.path(of: kind) else {
            throw Unavailable(description: "\(kind) is not installed (apt-get install \(kind.program); .ci/run does)")
        }
        self.kind = kind
        self.program = program
        requiresAuthentication = auth
        password = auth ? "correct horse" : nil
        folder = NSTemporaryDirectory() + "/dav-\(kind)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        collectionPath = kind == .radicale ? "/alice/tasks/" : "/alice/calendars/tasks/"
        var lastFailure = ""
        var started: (ChildProcess, UInt16)?
        for _ in 0..<3 {  // a free port may be taken meanwhile: another one
            let port = try LoopbackHTTP.freePort()
            let process = try Self.launch(
                kind, program: program, port: port, folder: folder, auth: auth && kind.hasAuthentication)
            if Self.waitUntilAnswering(process, port: port) {
                started = (process, port)
                break
            }
            Self.end(process)
            lastFailure = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? ""
        }
        guard let (process, port) = started else {
            try? FileManager.default.removeItem(atPath: folder)
            throw Unavailable(description: "\(kind) did not start:\n\(lastFailure)")
        }
        self.process = process
        serverPort = port
        if auth && !kind.hasAuthentication {
            let proxy: LoopbackProxy
            do {
                proxy = try LoopbackProxy(upstreamPort: port)
            } catch {
                Self.end(process)
                throw Unavailable(description: "no proxy for \(kind)'s authentication: \(error)")
            }
            let expected = "Basic " + Data("alice:correct horse".utf8).base64EncodedString()
            proxy.rule = { request in
                request.headers["authorization"] == expected
                    ? .forward
                    : .answer(status: 401, headers: ["WWW-Authenticate": #"Basic realm="xandikos""#])
            }
            gate = proxy
            self.port = proxy.port
        } else {
            gate = nil
            self.port = port
        }
        do {
            try makeCollection()
        } catch {
            stop()
            throw Unavailable(description: "\(kind) cannot make a todo collection: \(error)\n\(log)")
        }
    }

    deinit {
        stop()
        gate?.stop()
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The server's log.
    public var log: String { (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "" }

    /// Stops the server (its process group), once.
    public func stop() {
        let process: ChildProcess? = lock.withLock {
            defer { stopped = true }
            return stopped ? nil : self.process
        }
        if let process { Self.end(process) }
    }

    /// Starts the stopped server again, on the same port with the same storage (its collections
    /// and their contents as they were), and waits until it answers (an authenticating proxy in
    /// front of it stays as it was).
    ///
    /// - Throws: ``Unavailable`` when it does not start (the port taken meanwhile, with its log).
    public func restart() throws {
        stop()
        let process = try Self.launch(
            kind, program: program, port: serverPort, folder: folder,
            auth: requiresAuthentication && kind.hasAuthentication)
        guard Self.waitUntilAnswering(process, port: serverPort) else {
            Self.end(process)
            throw Unavailable(description: "\(kind) did not start again:\n\(log)")
        }
        lock.withLock {
            self.process = process
            stopped = false
        }
    }

    /// The process's pid (the id of its process group).
    public var processIdentifier: pid_t { lock.withLock { process.processIdentifier } }

    /// Sends a request as the collection's owner (with her name, and her password when the
    /// server wants one: without authentication Radicale takes the name as given).
    public func request(
        _ method: String, _ path: String, headers: [String: String] = [:], body: String = ""
    ) throws -> LoopbackHTTP.Response {
        var headers = headers
        headers["Authorization"] = "Basic " + Data("\(username):\(password ?? "")".utf8).base64EncodedString()
        return try LoopbackHTTP.request(
            port: port, method: method, path: path, headers: headers, body: Array(body.utf8))
    }

    /// Makes another calendar collection at `path` (ending in `/`), for todos only when `todos`.
    public func makeCalendar(_ path: String, displayName: String, todos: Bool = true) throws {
        let components = todos ? #"<C:comp name="VTODO"/>"# : #"<C:comp name="VEVENT"/>"#
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
            <D:displayname>\(displayName)</D:displayname>\
            <C:supported-calendar-component-set>\(components)</C:supported-calendar-component-set>\
            </D:prop></D:set></C:mkcalendar>
            """
        let response = try request(
            "MKCALENDAR", path, headers: ["Content-Type": "application/xml; charset=utf-8"], body: body)
        guard response.status == 201 else {
            throw LoopbackHTTP.Failure(description: "MKCALENDAR \(path): \(response.status) \(response.text)")
        }
    }

    private func makeCollection() throws {
        if kind == .xandikos {
            // --autocreate made the principal and its calendar home; MKCALENDAR makes the rest.
            _ = try request("PROPFIND", "/alice/", headers: ["Depth": "0", "Content-Type": "application/xml"])
        }
        try makeCalendar(collectionPath, displayName: "Tasks")
    }

    // MARK: The process

    private static func launch(
        _ kind: Kind, program: String, port: UInt16, folder: String, auth: Bool
    ) throws
        -> ChildProcess
    {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: program)
        process.startsProcessGroup = true
        switch kind {
        case .radicale:
            let users = folder + "/users"
            try "alice:correct horse\n".write(toFile: users, atomically: true, encoding: .utf8)
            let configuration = """
                [server]
                hosts = 127.0.0.1:\(port)
                [auth]
                type = \(auth ? "htpasswd" : "none")
                htpasswd_filename = \(users)
                htpasswd_encryption = plain
                delay = 0
                [rights]
                type = \(auth ? "owner_only" : "authenticated")
                [storage]
                filesystem_folder = \(folder)/collections
                [logging]
                level = warning
                mask_passwords = True

                """
            try configuration.write(toFile: folder + "/config", atomically: true, encoding: .utf8)
            process.arguments = ["--config", folder + "/config"]
        case .xandikos:
            process.arguments = [
                "-d", folder + "/collections", "-l", "127.0.0.1", "-p", String(port), "--autocreate",
                "--current-user-principal", "/alice/",
            ]
        }
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder
        environment["PYTHONDONTWRITEBYTECODE"] = "1"
        process.environment = environment
        let log = open(folder + "/log", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw Unavailable(description: "cannot write \(folder)/log") }
        defer { close(log) }
        process.standardOutput = .descriptor(log)
        process.standardError = .descriptor(log)
        try process.run()
        return process
    }

    /// Waits until the server answers an HTTP request, or has ended.
    private static func waitUntilAnswering(_ process: ChildProcess, port: UInt16) -> Bool {
        Patience.waitUntil {
            guard process.isRunning else { return true }
            return (try? LoopbackHTTP.request(port: port, method: "OPTIONS", path: "/")) != nil
        } && process.isRunning
    }

    /// Ends the process group: SIGTERM, then SIGKILL if it is still there after 10 s.
    private static func end(_ process: ChildProcess) {
        let pid = process.processIdentifier
        guard pid > 0 else { return }
        kill(-pid, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(10)
        while process.isRunning && ContinuousClock.now < deadline { usleep(10_000) }
        if process.isRunning { kill(-pid, SIGKILL) }
        process.waitUntilExit()
    }
}
