import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An HTTP proxy on 127.0.0.1 in front of a server of the tests (a ``DAVServer``), for faults
/// that a real server does not make on its own: each request is relayed, or answered by the
/// proxy, or relayed and then its connection reset before the answer comes back, as the test's
/// ``rule`` says.
///
/// One request per connection: the proxy asks the server to close each connection after its
/// answer (`Connection: close`) and tells the client the same, so that what the rule decides for
/// one request never depends on another's connection; and to answer without compression, so that a
/// rule can read and change the answers.
///
/// ```swift
/// let proxy = try LoopbackProxy(upstreamPort: server.port)
/// proxy.rule = { request in request.method == "PUT" ? .forwardThenReset : .forward }
/// // sync.url = proxy.baseURL + server.collectionPath
/// ```
public final class LoopbackProxy: @unchecked Sendable {
    // @unchecked Sendable: the mutable state is guarded by `lock`; the rest is set in init.

    /// What the proxy does with one request.
    public enum Action: Sendable {
        /// Relays the request and the server's answer.
        case forward
        /// Relays the request, waits for the server's answer, then resets the client's connection
        /// (TCP RST) instead of relaying it: the server did the work, the client never hears of it.
        case forwardThenReset
        /// Relays the request, and the server's answer with its body changed by the closure.
        case rewrite(@Sendable ([UInt8]) -> [UInt8])
        /// Answers itself (the server never sees the request).
        case answer(status: Int, headers: [String: String] = [:], body: String = "")
        /// Resets the client's connection without relaying anything.
        case reset
    }

    /// One request the proxy received.
    public struct Request: Sendable {
        /// The method.
        public var method: String
        /// The path (with its query, as sent).
        public var path: String
        /// The headers, by lower-case name.
        public var headers: [String: String]
        /// The body.
        public var body: [UInt8]
        /// The body as text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// The port it listens on (on 127.0.0.1).
    public let port: UInt16
    /// The server's port (on 127.0.0.1).
    public let upstreamPort: UInt16
    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let lock = NSLock()
    private let finished = DispatchSemaphore(value: 0)
    private var currentRule: @Sendable (Request) -> Action = { _ in .forward }  // guarded by lock
    private var received: [Request] = []  // guarded by lock
    private var stopped = false  // guarded by lock

    /// Starts a proxy to the server on `127.0.0.1:upstreamPort`, relaying everything until its
    /// ``rule`` says otherwise.
    public init(upstreamPort: UInt16) throws {
        self.upstreamPort = upstreamPort
        (listener, port) = try LoopbackHTTP.listen(port: 0)
        let thread = Thread { [self] in acceptConnections() }
        thread.start()
    }

    deinit { stop() }

    /// What the proxy does with each request (by default, relays it); the rule runs on the
    /// connection's thread.
    public var rule: @Sendable (Request) -> Action {
        get { lock.withLock { currentRule } }
        set { lock.withLock { currentRule = newValue } }
    }

    /// The requests received so far.
    public var requests: [Request] { lock.withLock { received } }

    /// Stops accepting connections (those open finish their request).
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        finished.wait()
        close(listener)
    }

    // MARK: Connections

    private func acceptConnections() {
        defer { finished.signal() }
        while !lock.withLock({ stopped }) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        guard let (head, body) = Self.readMessage(connection) else {
            close(connection)
            return
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        let first = lines[0].split(separator: " ")
        guard first.count >= 2 else {
            close(connection)
            return
        }
        let request = Request(
            method: String(first[0]), path: String(first[1]), headers: Self.headers(lines), body: body)
        let rule = lock.withLock {
            received.append(request)
            return currentRule
        }
        switch rule(request) {
        case .forward:
            relay(head: lines, body: body, to: connection, change: nil)
        case .forwardThenReset:
            _ = exchange(head: lines, body: body)
            Self.reset(connection)
        case .rewrite(let change):
            relay(head: lines, body: body, to: connection, change: change)
        case .answer(let status, let headers, let text):
            var answer = "HTTP/1.1 \(status) Proxy\r\nContent-Length: \(text.utf8.count)\r\nConnection: close\r\n"
            for (name, value) in headers { answer += "\(name): \(value)\r\n" }
            Self.transmit(Array((answer + "\r\n" + text).utf8), to: connection)
            close(connection)
        case .reset:
            Self.reset(connection)
        }
    }

    /// Relays the request to the server and its answer (its body changed by `change`) back;
    /// resets the client's connection when the server cannot be reached.
    private func relay(head: [String], body: [UInt8], to connection: Int32, change: (@Sendable ([UInt8]) -> [UInt8])?) {
        guard let answer = exchange(head: head, body: body),
            let (answerHead, answerBody) = Self.split(answer)
        else {
            Self.reset(connection)
            return
        }
        var lines = String(decoding: answerHead, as: UTF8.self).components(separatedBy: "\r\n")
        let headers = Self.headers(lines)
        var content = answerBody
        if headers["transfer-encoding"]?.lowercased() == "chunked" { content = LoopbackHTTP.unchunked(content) }
        if let change { content = change(content) }
        lines = lines.filter { line in
            let name = line.split(separator: ":").first?.lowercased() ?? ""
            return !["content-length", "connection", "transfer-encoding", "keep-alive"].contains(name)
        }
        lines.append("Content-Length: \(content.count)")
        lines.append("Connection: close")
        Self.transmit(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + content, to: connection)
        close(connection)
    }

    /// Sends the request to the server (`Connection: close`) and reads its whole answer; `nil`
    /// when the server cannot be reached.
    private func exchange(head: [String], body: [UInt8]) -> [UInt8]? {
        guard let upstream = try? LoopbackHTTP.connect(port: upstreamPort) else { return nil }
        defer { close(upstream) }
        var lines = head.filter { line in
            let name = line.split(separator: ":").first?.lowercased() ?? ""
            return !["connection", "keep-alive", "host", "accept-encoding"].contains(name)
        }
        lines.insert("Host: 127.0.0.1:\(upstreamPort)", at: 1)
        lines.append("Connection: close")
        guard Self.transmit(Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8) + body, to: upstream) else {
            return nil
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(upstream, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return answer.isEmpty ? nil : answer
    }

    // MARK: Messages

    /// Reads a request: its head (without the blank line) and as much body as `Content-Length`
    /// says.
    private static func readMessage(_ connection: Int32) -> (head: [UInt8], body: [UInt8])? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var headEnd: Int?
        var length = 0
        while true {
            if headEnd == nil, let end = find(separator, in: bytes) {
                headEnd = end
                let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
                length = Int(headers(lines)["content-length"] ?? "") ?? 0
            }
            if let end = headEnd, bytes.count >= end + 4 + length { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
        }
        let end = headEnd!
        return (Array(bytes[..<end]), Array(bytes[(end + 4)..<(end + 4 + length)]))
    }

    private static let separator = Array("\r\n\r\n".utf8)

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func split(_ message: [UInt8]) -> (head: [UInt8], body: [UInt8])? {
        guard let end = find(separator, in: message) else { return nil }
        return (Array(message[..<end]), Array(message[(end + 4)...]))
    }

    private static func headers(_ lines: [String]) -> [String: String] {
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return headers
    }

    @discardableResult
    private static func transmit(_ bytes: [UInt8], to socket: Int32) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Closes `connection` with a TCP RST (SO_LINGER 0), as a crashed server or a broken network does.
    private static func reset(_ connection: Int32) {
        var linger = linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        close(connection)
    }
}
