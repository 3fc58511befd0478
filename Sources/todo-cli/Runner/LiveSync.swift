import Dispatch
import TodoCore
import TodoSync

/// The background sync of `todo ui` and `todo shell`: TodoSync's service for `sync.url`, syncing
/// every `sync.interval` (when set) and when asked, with the password found once per session.
final class LiveSync {
    /// How long after the front end starts the first interval's sync comes.
    static let firstDelay = DispatchTimeInterval.seconds(1)
    /// How long quitting waits for a sync to stop at a safe point.
    static let quitWait = DispatchTimeInterval.seconds(5)

    /// The service.
    let service: SyncService
    /// Opens the other side, and keeps the password.
    let connector: SyncConnector
    /// How often to sync, when set.
    let interval: Duration?

    private init(service: SyncService, connector: SyncConnector, interval: Duration?) {
        self.service = service
        self.connector = connector
        self.interval = interval
    }

    /// The sync of `context`'s store and settings, publishing as `delivery` says; `nil` when
    /// `sync.url` is not set.
    static func make(in context: CommandContext, delivery: SyncService.Delivery) -> LiveSync? {
        let settings = context.config.sync
        guard let connector = try? SyncConnector(settings: settings, environment: context.terminal.environment)
        else { return nil }
        let provider = context.provider
        let clock = provider.clock
        let service = SyncService(
            provider: provider, url: connector.url,
            state: SyncStateFile(path: SyncStateFile.path(besideStore: provider.storageService.location)),
            transport: { () throws(SyncError) -> any SyncTransport in try connector.open() },
            options: SyncEngine.Options(
                localName: SyncCommand.deviceName(), now: clock.now, utcOffset: clock.utcOffset),
            delivery: delivery)
        return LiveSync(service: service, connector: connector, interval: settings.interval)
    }

    /// Whether syncs come by themselves (`sync.interval` is set).
    var isPeriodic: Bool { interval != nil }

    /// Starts the syncs of `sync.interval`, if set: the first shortly after, then one each
    /// interval.
    func start() {
        guard let interval else { return }
        let seconds = Int(clamping: interval.components.seconds)
        service.start(every: .seconds(max(seconds, 1)), firstAfter: Self.firstDelay)
    }

    /// Runs `sync.password_command` now if a sync would run it (it may prompt: call it while
    /// the terminal is the user's); a failure is kept, and shown by the sync that needs it.
    func preparePasswordIfNeeded() {
        guard connector.needsPasswordCommand else { return }
        try? connector.preparePassword()
    }

    /// Stops syncing: a sync running stops at a safe point, its network I/O abandoned.
    func shutDown() {
        service.shutDown(waitingAtMost: Self.quitWait)
    }
}
