/// Where to sync and as whom: what the `todo-caldav` helper needs to open a collection.
public struct SyncEndpoint: Sendable, Hashable, Codable {
    /// The collection's URL (or, for discovery, the server's).
    public var url: String
    /// The user name for HTTP Basic authentication, if any.
    public var username: String?
    /// The password, if any: never written to a file, never printed.
    public var password: String?
    /// Whether plain `http://` may go to a host other than this machine.
    public var allowInsecure: Bool

    /// An endpoint.
    public init(url: String, username: String? = nil, password: String? = nil, allowInsecure: Bool = false) {
        self.url = url
        self.username = username
        self.password = password
        self.allowInsecure = allowInsecure
    }
}

/// A collection found on a server by `todo sync --setup`.
public struct SyncCollection: Sendable, Hashable, Codable {
    /// Its URL.
    public var url: String
    /// Its display name, if it has one.
    public var displayName: String?
    /// Whether it holds todos (`VTODO` among its supported components).
    public var holdsTodos: Bool

    /// A collection.
    public init(url: String, displayName: String?, holdsTodos: Bool) {
        self.url = url
        self.displayName = displayName
        self.holdsTodos = holdsTodos
    }
}
