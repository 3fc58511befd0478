import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plain HTTP/1.1 to a server on 127.0.0.1, over a POSIX socket: for the tests to set up and
/// inspect the CalDAV servers they start without the code under test (and without
/// FoundationNetworking in TestSupport).
public enum LoopbackHTTP {
    /// An answer.
    public struct Response: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, by lower-case name.
        public var headers: [String: String]
        /// The body.
        public var body: [UInt8]
        /// The body as text.
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// Why a request failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// The `send` flag that makes a write to a closed connection fail with `EPIPE` rather than
    /// raise `SIGPIPE`, which would end the test process (0 where the platform has none).
    public static var noSignal: Int32 {
        #if os(Linux)
            return Int32(MSG_NOSIGNAL)
        #else
            return 0
        #endif
    }

    /// Sends one request to `127.0.0.1:port` (`Connection: close`) and reads the answer.
    public static func request(
        port: UInt16, method: String, path: String, headers: [String: String] = [:], body: [UInt8] = []
    ) throws -> Response {
        let socket = try connect(port: port)
        defer { close(socket) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        let bytes = Array((head + "\r\n").utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + sent, $0.count - sent, noSignal) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "cannot send to port \(port): \(errorText())") }
            sent += count
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        return try parse(answer)
    }

    /// A connected TCP socket to `127.0.0.1:port`.
    public static func connect(port: UInt16) throws -> Int32 {
        #if canImport(Glibc)
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw Failure(description: "no socket: \(errorText())") }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                #if canImport(Glibc)
                    Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                    Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard result == 0 else {
            let text = errorText()
            close(socket)
            throw Failure(description: "cannot connect to 127.0.0.1:\(port): \(text)")
        }
        return socket
    }

    /// `127.0.0.1:port` as a socket address.
    public static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now (the system's choice), and never one
    /// handed out before in this process: two servers started at once by parallel tests must not
    /// be given the same port, or the one that cannot bind it would take the other's answers for
    /// its own.
    public static func freePort() throws -> UInt16 {
        let listener = try listen(port: 0)
        close(listener.socket)
        return listener.port
    }

    /// The ports ``freePort()`` and ``listen(port:)`` (of port 0) have given.
    private static let handedOut = Locked<Set<UInt16>>([])

    /// A socket listening on `127.0.0.1:port` (`0`: a free port, never one ``freePort()`` or this
    /// has given before in this process: a proxy listening on a port just given to a server that
    /// has not bound it yet would answer for that server) and its port.
    public static func listen(port: UInt16) throws -> (socket: Int32, port: UInt16) {
        guard port == 0 else { return try bound(port: port) }
        while true {
            let listener = try bound(port: 0)
            if handedOut.withLock({ $0.insert(listener.port).inserted }) { return listener }
            close(listener.socket)
        }
    }

    /// A socket listening on `127.0.0.1:port` (`0`: the system's choice) and its port.
    private static func bound(port: UInt16) throws -> (socket: Int32, port: UInt16) {
        #if canImport(Glibc)
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard socket >= 0 else { throw Failure(description: "no socket: \(errorText())") }
        _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
        var address = loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, startListening(socket) == 0 else {
            let text = errorText()
            close(socket)
            throw Failure(description: "cannot listen on 127.0.0.1:\(port): \(text)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        return (socket, UInt16(bigEndian: actual.sin_port))
    }

    private static func startListening(_ socket: Int32) -> Int32 {
        #if canImport(Glibc)
            return Glibc.listen(socket, 16)
        #else
            return Darwin.listen(socket, 16)
        #endif
    }

    private static func parse(_ answer: [UInt8]) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = answer.indices.first(where: { answer[$0...].starts(with: separator) }) else {
            throw Failure(description: "an answer without headers: \(String(decoding: answer, as: UTF8.self))")
        }
        let lines = String(decoding: answer[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "not an HTTP status line: \(lines[0])")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Array(answer[(end + separator.count)...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" { body = unchunked(body) }
        return Response(status: status, headers: headers, body: body)
    }

    /// The body of a `Transfer-Encoding: chunked` message, its chunks joined.
    static func unchunked(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\r")) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            guard start + size <= bytes.count else { break }
            out += bytes[start..<start + size]
            index = start + size + 2
        }
        return out
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
