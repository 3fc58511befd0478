import Foundation
import Synchronization
import TodoSync

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Synchronous HTTP over `URLSession` for one server: HTTP Basic authentication, TLS with the
/// system's certificates, a timeout per request, redirects followed by hand (the method and
/// body kept; credentials only to the same origin, never from https down to plain http).
///
/// Failures to reach the server become ``SyncError/unreachable(_:)``; any HTTP status is
/// returned as a ``HTTPResponse`` (see ``HTTPClient/failure(_:resource:)`` for their meaning).
/// The password is sent in the `Authorization` header only, and never written in a message.
final class HTTPClient: Sendable {
    /// The server (and the collection or start URL).
    let server: ServerURL
    /// The user name for messages (`nil` without credentials).
    let username: String?
    /// The longest a request may wait for the server.
    let timeout: Duration
    private let authorization: String?
    private let allowInsecure: Bool
    private let session: URLSession
    private let delegate = SessionDelegate()

    /// A client for the server at `endpoint`'s URL.
    ///
    /// - Throws: ``SyncError/settings(key:problem:fix:)`` for a URL that cannot be used.
    init(_ endpoint: SyncEndpoint, timeout: Duration = .seconds(30)) throws(SyncError) {
        server = try ServerURL(endpoint.url, allowInsecure: endpoint.allowInsecure)
        let user = endpoint.username ?? server.credentials?.user
        let password = endpoint.password ?? server.credentials?.password
        username = user
        if let user {
            authorization = "Basic " + Data("\(user):\(password ?? "")".utf8).base64EncodedString()
        } else {
            authorization = nil
        }
        allowInsecure = endpoint.allowInsecure
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds * 4
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit {
        session.invalidateAndCancel()
    }

    /// Sends `request` and follows up to 5 redirects.
    ///
    /// - Returns: The last response, whatever its status.
    /// - Throws: ``SyncError/unreachable(_:)`` when no answer came.
    func send(_ request: HTTPRequest) throws(SyncError) -> HTTPResponse {
        var request = request
        var sendsCredentials = true
        for _ in 0..<6 {
            var response = try sendOnce(request, withCredentials: sendsCredentials)
            response.url = request.url
            guard response.isRedirect, let location = response.header("Location"),
                let next = URL(string: ServerURL.escapingInvalid(location), relativeTo: request.url)?.absoluteURL
            else { return response }
            let scheme = next.scheme?.lowercased()
            guard scheme == "https" || scheme == "http" else { return response }
            if scheme == "http" && !allowInsecure && !ServerURL.isLoopback(next.host ?? "") {
                throw .unreachable(
                    "cannot reach \(server.hostName): it redirects to plain http at \(next.host ?? "another host"), "
                        + "which would send the password unencrypted; nothing was changed here")
            }
            sendsCredentials = sendsCredentials && Self.origin(of: next) == Self.origin(of: request.url)
            if response.status == 303 {
                request.method = "GET"
                request.body = nil
            }
            request.url = next
        }
        throw .invalidResponse(resource: request.url.absoluteString, reason: "the server redirects in circles")
    }

    /// What an unexpected status means for the user: 401 and 403 refused credentials, 412 a
    /// resource changed meanwhile, anything else an invalid response naming `resource`.
    func failure(_ response: HTTPResponse, resource: String) -> SyncError {
        switch response.status {
        case 401, 403:
            guard let username else {
                return .unauthorized(
                    "\(server.hostName) asks for credentials (\(response.statusText)); set sync.username and "
                        + "the password (sync.password_command, ~/.netrc or TODO_SYNC_PASSWORD)")
            }
            return .unauthorized(
                "the server \(server.hostName) refused the user \(username)'s credentials (\(response.statusText)); "
                    + "check sync.username and the password (sync.password_command, ~/.netrc or TODO_SYNC_PASSWORD)")
        case 412:
            return .changedMeanwhile(resource)
        default:
            return .invalidResponse(resource: resource, reason: "the server answered \(response.statusText)")
        }
    }

    // MARK: One request

    private func sendOnce(_ request: HTTPRequest, withCredentials: Bool) throws(SyncError) -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if withCredentials, let authorization {
            urlRequest.setValue(authorization, forHTTPHeaderField: "Authorization")
        }
        if let body = request.body { urlRequest.httpBody = Data(body) }
        let outcome = Outcome()
        let task = session.dataTask(with: urlRequest) { data, response, error in
            outcome.finish(data: data, response: response, error: error)
        }
        task.resume()
        let limit = timeout * 4 + .seconds(5)
        guard
            outcome.done.wait(timeout: .now() + .nanoseconds(Int(limit.components.seconds) * 1_000_000_000)) == .success
        else {
            task.cancel()
            throw unreachable("no answer within \(limit.components.seconds) s")
        }
        let challenged = delegate.wasChallenged(task)
        switch outcome.result {
        case .answered(let response):
            return response
        case .failed(.cancelled?, _) where challenged:
            // The 401 (see SessionDelegate), its body left unread.
            return HTTPResponse(status: (task.response as? HTTPURLResponse)?.statusCode ?? 401)
        case .failed(let code, let detail):
            throw unreachable(Self.reason(code, detail: detail))
        case nil:
            throw unreachable("no answer")
        }
    }

    private func unreachable(_ reason: String) -> SyncError {
        .unreachable("cannot reach \(server.hostName): \(reason); nothing was changed here")
    }

    private static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
    }

    /// Why a request got no answer, in words: from its code, else from libcurl's message (which
    /// `URLSession` on Linux gives with the code `unknown`, as for a certificate it does not trust).
    static func reason(_ code: URLError.Code?, detail: String? = nil) -> String {
        if code == nil || code == .unknown, let detail = detail?.trimmingCharacters(in: .whitespacesAndNewlines),
            !detail.isEmpty
        {
            let text = detail.lowercased()
            if text.contains("certificate") {
                return "its TLS certificate is not trusted by this system (\(detail))"
            }
            if text.contains("ssl") || text.contains("tls") { return "the TLS connection failed (\(detail))" }
            return "network error (\(detail))"
        }
        switch code {
        case .cannotConnectToHost?: return "the connection was refused"
        case .timedOut?: return "no answer in time"
        case .cannotFindHost?, .dnsLookupFailed?: return "its name cannot be resolved"
        case .networkConnectionLost?: return "the connection was lost (reset)"
        case .notConnectedToInternet?: return "this machine is not connected to a network"
        case .secureConnectionFailed?: return "the TLS connection failed"
        case .serverCertificateUntrusted?, .serverCertificateHasUnknownRoot?, .serverCertificateHasBadDate?,
            .serverCertificateNotYetValid?, .clientCertificateRejected?:
            return "its TLS certificate is not trusted by this system"
        case .badServerResponse?: return "it answered something that is not HTTP"
        case .zeroByteResource?: return "it closed the connection without an answer"
        case .cancelled?: return "the request was cancelled"
        case let code?: return "network error \(code.rawValue)"
        case nil: return "network error"
        }
    }
}

/// Where a request's answer is put by `URLSession`'s handler, for the waiting thread.
private final class Outcome: Sendable {
    enum Result: Sendable {
        case answered(HTTPResponse)
        /// The error's code, and its description (libcurl's message on Linux).
        case failed(URLError.Code?, String?)
    }

    let done = DispatchSemaphore(value: 0)
    private let value = Mutex<Result?>(nil)

    var result: Result? { value.withLock { $0 } }

    func finish(data: Data?, response: URLResponse?, error: (any Error)?) {
        let result: Result
        if let response = response as? HTTPURLResponse, error == nil {
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            result = .answered(HTTPResponse(status: response.statusCode, headers: headers, body: Array(data ?? Data())))
        } else {
            let described = error.map { ($0 as NSError).localizedDescription }
            result = .failed((error as? URLError)?.code, described)
        }
        value.withLock { $0 = result }
        done.signal()
    }
}

/// The session's delegate: keeps `URLSession` from following redirects (``HTTPClient`` follows
/// them itself, keeping the method and body, and deciding where credentials go), and lets a 401
/// through as an answer.
///
/// The credentials go in the `Authorization` header of every request, so a 401 is the server's
/// final word. On Linux, swift-corelibs-foundation answers a 401 with `WWW-Authenticate` by
/// asking for a credential and, with none to offer, never completes the task (corelibs issue
/// 5456); declining the challenge there ends the task, whose 401 the client then reads.
private final class SessionDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    private let challenged = Mutex<Set<Int>>([])

    /// Whether `task` met an authentication challenge (and was ended for it); forgets it.
    func wasChallenged(_ task: URLSessionTask) -> Bool {
        challenged.withLock { $0.remove(task.taskIdentifier) != nil }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        #if canImport(FoundationNetworking)
            challenged.withLock { _ = $0.insert(task.taskIdentifier) }
            completionHandler(.cancelAuthenticationChallenge, nil)
        #else
            // The server's certificate against the system's; for a 401, no credential is stored,
            // so the answer comes through.
            completionHandler(.performDefaultHandling, nil)
        #endif
    }
}
