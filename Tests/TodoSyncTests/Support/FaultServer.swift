import Foundation
import Synchronization
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP server on 127.0.0.1 for the fault tests: each request gets the ``Answer`` the
/// test's closure picks (a status and body, a reset connection, no answer at all).
final class FaultServer: Sendable {

    /// What the server does with one request.
    enum Answer: Sendable {
        /// Answers with a status, headers and a body.
        case status(Int, headers: [String: String] = [:], body: String = "")
        /// Resets the connection (TCP RST) without answering.
        case reset
        /// Keeps the connection open and never answers (until the server stops).
        case silence
    }

    /// One request received.
    struct Request: Sendable {
        var method: String
        var path: String
        var headers: [String: String]
        var body: String
    }

    /// The port it listens on.
    let port: UInt16
    /// `http://127.0.0.1:PORT`.
    var baseURL: String { "http://127.0.0.1:\(port)" }
    private let listener: Int32
    private let answer: @Sendable (Request) -> Answer
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var received: [Request] = []
        var held: [Int32] = []
        var isStopped = false
    }

    /// Starts the server; `answer` picks what each request gets.
    init(answer: @escaping @Sendable (Request) -> Answer) throws {
        (listener, port) = try LoopbackHTTP.listen(port: 0)
        self.answer = answer
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit { stop() }

    /// The requests received so far.
    var requests: [Request] { state.withLock { $0.received } }

    /// Stops accepting and closes every connection.
    func stop() {
        let sockets: [Int32]? = state.withLock {
            guard !$0.isStopped else { return nil }
            $0.isStopped = true
            return $0.held
        }
        guard let sockets else { return }
        finished.wait()
        close(listener)
        for socket in sockets { close(socket) }
    }

    private func serve() {
        defer { finished.signal() }
        while !state.withLock({ $0.isStopped }) {
            var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                return
            }
            guard let request = Self.read(connection) else {
                close(connection)
                continue
            }
            state.withLock { $0.received.append(request) }
            switch answer(request) {
            case .status(let status, let headers, let body):
                var head = "HTTP/1.1 \(status) Whatever\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n"
                for (name, value) in headers { head += "\(name): \(value)\r\n" }
                let bytes = Array((head + "\r\n" + body).utf8)
                // A client that gave up (its timeout) has closed the connection: EPIPE, not SIGPIPE.
                _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress!, $0.count, LoopbackHTTP.noSignal) }
                close(connection)
            case .reset:
                var linger = linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
                close(connection)
            case .silence:
                let kept = state.withLock {
                    guard !$0.isStopped else { return false }
                    $0.held.append(connection)
                    return true
                }
                if !kept { close(connection) }
            }
        }
    }

    /// Reads one request: its head, then as much body as `Content-Length` says.
    private static func read(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        var length = 0
        while true {
            if headEnd == nil, let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) {
                headEnd = end
                let head = String(decoding: bytes[..<end], as: UTF8.self).lowercased()
                for line in head.components(separatedBy: "\r\n") where line.hasPrefix("content-length:") {
                    length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            if let end = headEnd, bytes.count >= end + 4 + length { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
        }
        let end = headEnd!
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let first = lines[0].split(separator: " ")
        guard first.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let body = String(decoding: bytes[(end + 4)...], as: UTF8.self)
        return Request(method: String(first[0]), path: String(first[1]), headers: headers, body: body)
    }
}
