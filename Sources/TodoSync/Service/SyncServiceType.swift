import Dispatch
import TodoCore

/// Sync for a long-lived front end (`todo ui`, `todo shell`, a GUI): syncs in the background —
/// every interval, and when asked — and makes what a sync brings in reach every live reactor
/// through the todo service's bus, like any other change; publishes where it stands for status
/// bars.
///
/// ```swift
/// sync.start(every: .seconds(300), firstAfter: .seconds(2))
/// sync.status.subscribe(onNext: { status in statusBar.show(status) })
/// sync.syncNow()                          // a key
/// sync.shutDown(waitingAtMost: .seconds(3))  // quitting
/// ```
public protocol SyncServiceType: AnyObject, Sendable {
    /// Where the sync stands: ``SyncStatus/idle``, then ``SyncStatus/syncing`` and how the latest
    /// sync ended. A subscriber receives the latest status at once, then every change.
    var status: MessageBus<SyncStatus> { get }

    /// Syncs soon, in the background, unless a sync is running or about to (its result is then
    /// the one to come).
    func syncNow()

    /// A sync, when subscribed: it starts after the one running, if any (so that it sends what
    /// changed here before now), and emits its report once what it brought in is published on
    /// the todo service's bus, then completes — or fails with a ``SyncFailure``.
    func sync() -> Observable<SyncReport>

    /// Syncs every `interval` from now on, the first time after `delay`; a sync that fails (the
    /// server down) is tried again at the next one. Replaces an earlier schedule.
    func start(every interval: RxTimeInterval, firstAfter delay: RxTimeInterval)

    /// Stops the syncs ``start(every:firstAfter:)`` scheduled (not one running).
    func stop()

    /// Publishes, on the calling thread, what the syncs ended since the last call brought in,
    /// and their status, when the service delivers them that way (``SyncService/Delivery/polled``);
    /// returns whether there was anything.
    @discardableResult
    func deliver() -> Bool

    /// Ends the service, for a front end that quits: no more syncs; one running stops at its
    /// next safe point, its network I/O abandoned (the store stays as its last write left it:
    /// each write is whole, under the store's lock, and the next sync goes on from there).
    /// Waits for it at most `timeout`; returns whether it ended (or none was running).
    @discardableResult
    func shutDown(waitingAtMost timeout: DispatchTimeInterval) -> Bool
}
