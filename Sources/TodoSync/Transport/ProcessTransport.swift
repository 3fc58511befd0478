import Synchronization
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

/// A ``SyncTransport`` served by a helper process (`todo-caldav serve`), one line of JSON per
/// request and answer (``TransportRequest``, ``TransportResponse``).
///
/// CalDAV needs HTTP, TLS and XML (FoundationNetworking and FoundationXML), which `todo` does
/// not load: they live in the helper, started only by a sync.
///
/// ```swift
/// let transport = try ProcessTransport.open(
///     SyncEndpoint(url: "https://dav.example.com/cal/me/tasks/", username: "me", password: secret),
///     helper: try ProcessTransport.helperPath(environment: env))
/// ```
public final class ProcessTransport: SyncTransport, @unchecked Sendable {
    // @unchecked Sendable: the channel is used under `lock`
    /// The other side's name, as the helper gives it.
    public private(set) var name = ""
    private let channel: LineChannel
    private let pid: pid_t
    private let descriptors: [Int32]
    private let lock = PosixMutex()
    private let abandoned = Atomic<Bool>(false)

    private init(_ started: (channel: LineChannel, pid: pid_t, descriptors: [Int32])) {
        channel = started.channel
        pid = started.pid
        descriptors = started.descriptors
    }

    deinit {
        for descriptor in descriptors { close(descriptor) }  // the helper sees its input end, and ends
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// Starts `helper` and opens the collection at `endpoint` through it.
    public static func open(_ endpoint: SyncEndpoint, helper: String) throws(SyncError) -> ProcessTransport {
        let transport = ProcessTransport(try start(helper))
        guard case .opened(let name) = try transport.exchange(.open(endpoint)) else {
            throw unexpected("open")
        }
        transport.name = name
        return transport
    }

    /// Finds the collections of the server at `endpoint` through `helper`.
    public static func discover(_ endpoint: SyncEndpoint, helper: String) throws(SyncError) -> [SyncCollection] {
        let transport = ProcessTransport(try start(helper))
        guard case .collections(let collections) = try transport.exchange(.discover(endpoint)) else {
            throw unexpected("discover")
        }
        return collections
    }

    /// The helper to run: `$TODO_CALDAV_HELPER`, else `todo-caldav` beside the running program,
    /// else the first on `PATH`.
    ///
    /// - Throws: ``SyncError/unreachable(_:)`` when there is none.
    public static func helperPath(environment: [String: String]) throws(SyncError) -> String {
        if let path = environment["TODO_CALDAV_HELPER"], !path.isEmpty { return path }
        let name = "todo-caldav"
        var candidates: [String] = []
        if let program = runningProgram() { candidates.append(folder(of: program) + "/" + name) }
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            candidates.append(String(folder) + "/" + name)
        }
        if let found = candidates.first(where: { access($0, X_OK) == 0 }) { return found }
        throw .unreachable(
            "the CalDAV helper todo-caldav is not installed beside todo or on PATH; install it with todo "
                + "(swift build builds both), or set TODO_CALDAV_HELPER to its path")
    }

    // MARK: SyncTransport

    /// What the other side holds, or what changed since `token`; see ``SyncTransport/list(since:)``.
    public func list(since token: String?) throws(SyncError) -> RemoteListing {
        guard case .listing(let resources, let removed, let isComplete, let next) = try exchange(.list(token: token))
        else { throw Self.unexpected("list") }
        return RemoteListing(resources: resources, removed: removed, isComplete: isComplete, token: next)
    }

    /// The resources at `hrefs`; see ``SyncTransport/fetch(_:)``.
    public func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] {
        guard case .resources(let resources) = try exchange(.fetch(hrefs: hrefs)) else {
            throw Self.unexpected("fetch")
        }
        return resources.map(\.resource)
    }

    /// Creates the resource `name` unless one is there; see ``SyncTransport/create(name:bytes:)``.
    public func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?) {
        guard case .created(let href, let etag) = try exchange(.create(name: name, data: Data(bytes))) else {
            throw Self.unexpected("create")
        }
        return (href, etag)
    }

    /// Replaces the resource at `href` if it is still `etag`; see ``SyncTransport/update(href:bytes:etag:)``.
    public func update(href: String, bytes: [UInt8], etag: String?) throws(SyncError) -> String? {
        guard case .updated(let new) = try exchange(.update(href: href, data: Data(bytes), etag: etag)) else {
            throw Self.unexpected("update")
        }
        return new
    }

    /// Deletes the resource at `href` if it is still `etag`; see ``SyncTransport/delete(href:etag:)``.
    public func delete(href: String, etag: String?) throws(SyncError) {
        guard case .deleted = try exchange(.delete(href: href, etag: etag)) else { throw Self.unexpected("delete") }
    }

    /// Ends the helper, and with it the request under way; see ``SyncTransport/abandon()``.
    public func abandon() {
        abandoned.store(true, ordering: .relaxed)
        _ = kill(pid, SIGKILL)  // its pipes close: the exchange waiting fails as unreachable
    }

    // MARK: The helper

    private func exchange(_ request: TransportRequest) throws(SyncError) -> TransportResponse {
        let answer: [UInt8]? = lock.withLock {
            guard !abandoned.load(ordering: .relaxed) else { return nil }
            guard let data = try? JSONEncoder().encode(request), channel.writeLine(Array(data)) else { return nil }
            return channel.readLine()
        }
        guard let answer else { throw .unreachable("the CalDAV helper todo-caldav ended unexpectedly") }
        guard let response = try? JSONDecoder().decode(TransportResponse.self, from: Data(answer)) else {
            throw .invalidResponse(resource: nil, reason: "the CalDAV helper todo-caldav answered something unreadable")
        }
        if case .failure(let error) = response { throw error }
        return response
    }

    private static func unexpected(_ request: String) -> SyncError {
        .invalidResponse(resource: nil, reason: "the CalDAV helper todo-caldav answered \(request) with something else")
    }

    private static func start(
        _ helper: String
    ) throws(SyncError) -> (channel: LineChannel, pid: pid_t, descriptors: [Int32]) {
        var requests: [Int32] = [-1, -1]
        var answers: [Int32] = [-1, -1]
        guard pipe(&requests) == 0 else {
            throw .io("cannot start the CalDAV helper: \(String(cString: strerror(errno)))")
        }
        guard pipe(&answers) == 0 else {
            close(requests[0])
            close(requests[1])
            throw .io("cannot start the CalDAV helper: \(String(cString: strerror(errno)))")
        }
        for descriptor in requests + answers { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var pid = pid_t()
        let spawned = ProcessSpawn.spawn(
            helper, arguments: ["serve"], environment: nil, descriptors: (requests[0], answers[1], 2), pid: &pid)
        close(requests[0])
        close(answers[1])
        guard spawned == 0 else {
            close(requests[1])
            close(answers[0])
            throw .unreachable("cannot start the CalDAV helper \(helper): \(String(cString: strerror(spawned)))")
        }
        return (LineChannel(input: answers[0], output: requests[1]), pid, [requests[1], answers[0]])
    }

    private static func runningProgram() -> String? {
        #if os(Linux)
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #else
            return CommandLine.arguments.first
        #endif
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
