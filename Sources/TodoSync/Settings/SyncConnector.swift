import TodoCore

/// The other side of `sync.url`, opened again at each sync of a long-lived front end (`todo ui`,
/// `todo shell`), or once by `todo sync`: the vdir folder, or the CalDAV helper started with the
/// password.
///
/// The password is looked for once (``SyncPassword``), at the first sync or when the front end
/// asks (``preparePassword()``), and kept in memory for the later ones: a `sync.password_command`
/// that prompts (`pass show caldav`) prompts once per session, on the thread and at the moment
/// the front end chooses.
///
/// ```swift
/// let connector = try SyncConnector(settings: config.sync, environment: environment)
/// if connector.needsPasswordCommand { try connector.preparePassword() }  // the terminal free
/// let transport = try connector.open()
/// ```
public final class SyncConnector: @unchecked Sendable {
    // @unchecked Sendable: `password` is guarded by mutex; the rest is immutable
    /// The sync settings.
    public let settings: SyncSettings
    /// The other side's URL (`sync.url`).
    public let url: String
    private let environment: [String: String]
    private let mutex = PosixMutex()
    private var password: Result<String?, SyncError>?  // guarded by mutex

    /// A connector for `settings`, finding the password and the helper in `environment`.
    ///
    /// - Throws: ``SyncError/settings(key:problem:fix:)`` when `sync.url` is not set.
    public init(settings: SyncSettings, environment: [String: String]) throws(SyncError) {
        guard let url = settings.url else {
            throw .settings(
                key: "sync.url", problem: "it is not set",
                fix: "set it with todo config sync.url https://server/path/to/collection/ (a CalDAV collection) "
                    + "or todo config sync.url file:///path/to/folder (a vdir)")
        }
        self.settings = settings
        self.url = url
        self.environment = environment
    }

    /// Whether opening would run `sync.password_command` first: the other side is a server, the
    /// command is set, and it has not given the password yet.
    public var needsPasswordCommand: Bool {
        guard !settings.isFolder, settings.passwordCommand != nil else { return false }
        return mutex.withLock {
            if case .success = password { return false }
            return true
        }
    }

    /// Looks for the password now, on the calling thread — running `sync.password_command`,
    /// which may prompt, when it is set — and keeps it for every later ``open()``. A failure is
    /// kept too (a later ``open()`` throws it rather than prompting again) until this is called
    /// again. Nothing to do for a folder.
    ///
    /// - Throws: ``SyncError/settings(key:problem:fix:)`` when the command fails or prints nothing.
    public func preparePassword() throws(SyncError) {
        guard !settings.isFolder else { return }
        let found: Result<String?, SyncError>
        do throws(SyncError) {
            found = .success(
                try SyncPassword.find(settings: settings, host: settings.host ?? "", environment: environment))
        } catch {
            found = .failure(error)
        }
        mutex.withLock { password = found }
        _ = try found.get()
    }

    /// Opens the other side: the folder, or the CalDAV helper (which opens the collection, over
    /// the network), the password found first if it was not yet.
    ///
    /// - Throws: ``SyncError`` when the folder or the server cannot be reached or refuses, or the
    ///   password cannot be found.
    public func open() throws(SyncError) -> any SyncTransport {
        if settings.isFolder { return try VdirTransport(url: url) }
        if mutex.withLock({ password }) == nil { try preparePassword() }
        let found = try mutex.withLock { password }?.get() ?? nil
        let endpoint = SyncEndpoint(
            url: url, username: settings.username, password: found, allowInsecure: settings.allowInsecure)
        return try ProcessTransport.open(endpoint, helper: try ProcessTransport.helperPath(environment: environment))
    }
}
