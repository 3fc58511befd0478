import Dispatch
import Foundation
import ReactorKitTesting
import TestSupport
import Testing
import TodoCore
import TodoCoreTesting
import TodoSync

/// The sync service of live front ends, with a vdir folder and a second device: what a sync
/// brings in reaches a live list reactor through the bus, the status goes idle → syncing →
/// synced or failed at each interval (virtual time), a failure is tried again at the next
/// interval, polled delivery waits for the front end's thread, and quitting abandons a sync
/// stuck on the network without losing anything.
@Suite struct SyncServiceTests {
    let world = try! SyncWorld(.vdir)  // a folder: only a server can fail to start

    /// A sync service for `device`, with the world's folder unless `transport` opens another.
    func service(
        for device: SyncDevice, scheduler: SchedulerType, delivery: SyncService.Delivery = .scheduler,
        transport: (@Sendable () throws(SyncError) -> any SyncTransport)? = nil
    ) -> SyncService {
        let folder = world.folder
        return SyncService(
            provider: device.provider, url: world.url, state: SyncStateFile(path: device.statePath),
            transport: transport ?? { VdirTransport(folder: folder) },
            options: SyncEngine.Options(localName: device.name, now: world.clock.clock.now), scheduler: scheduler,
            delivery: delivery)
    }

    /// A live list of every todo of `device`, as `todo ui` keeps one.
    func liveList(of device: SyncDevice) -> TodoListReactor {
        let list = TodoListReactor(provider: device.provider, query: TodoQuery(status: .all))
        list.send(.refresh)
        return list
    }

    /// The laptop and the phone, both with "Buy milk" and "Old news" synced through the folder.
    func twoDevices() throws -> (laptop: SyncDevice, phone: SyncDevice) {
        let (laptop, phone) = (world.device("laptop"), world.device("phone"))
        try laptop.add("Buy milk")
        try laptop.add("Old news")
        try laptop.sync()
        try phone.sync()
        world.tick()
        return (laptop, phone)
    }

    @Test func whatASyncBringsInReachesALiveListThroughTheBus() throws {
        let (laptop, phone) = try twoDevices()
        try phone.add("Call mum")
        try phone.update("Buy milk", TodoPatch(title: "Buy oat milk"))
        try phone.delete("Old news")
        try phone.sync()
        let list = liveList(of: laptop)
        #expect(list.currentState.todos.map(\.title) == ["Buy milk", "Old news"])
        let scheduler = TestScheduler(initialClock: 0)
        let sync = service(for: laptop, scheduler: scheduler)
        sync.syncNow()
        scheduler.start()
        #expect(list.currentState.todos.map(\.title) == ["Buy oat milk", "Call mum"])
        // The store watcher would have seen nothing: this process wrote the store.
        #expect(!laptop.storage.hasOutsideChanges())
        guard case .synced(let report, _) = sync.status.latest else {
            Issue.record("not synced: \(sync.status.latest)")
            return
        }
        #expect(report.received == 2 && report.deletedHere == 1)
    }

    @Test func theStatusGoesSyncingThenSyncedOrFailedAtEachIntervalAndAFailureIsTriedAgainAtTheNext() throws {
        let laptop = world.device("laptop")
        try laptop.add("Buy milk")
        let folder = world.folder
        let attempts = Counter()
        let scheduler = TestScheduler(initialClock: 0)
        let sync = service(for: laptop, scheduler: scheduler) { () throws(SyncError) -> any SyncTransport in
            if attempts.next() == 1 {
                throw .unreachable("dav.example.com cannot be reached: connection refused; check the server")
            }
            return VdirTransport(folder: folder)
        }
        let observer = scheduler.createObserver(SyncStatus.self)
        let subscription = sync.status.subscribe(observer)
        defer { subscription.dispose() }
        sync.start(every: .seconds(300), firstAfter: .seconds(2))
        scheduler.advanceTo(700)
        let seen = observer.events.map { "\($0.time) \(Self.label($0.value.element))" }
        #expect(
            seen == [
                "0 idle", "3 syncing", "3 failed: dav.example.com cannot be reached: connection refused",
                "303 syncing", "303 synced: 0 received, 1 sent", "603 syncing", "603 synced: 0 received, 0 sent",
            ])
        #expect(try world.folderTitles() == ["Buy milk"])
        sync.stop()
        scheduler.advanceTo(2000)
        #expect(observer.events.count == seen.count, "no sync after stop()")
    }

    @Test func syncNowWhileASyncIsAboutToRunJoinsIt() throws {
        let laptop = world.device("laptop")
        try laptop.add("Buy milk")
        let folder = world.folder
        let opened = Counter()
        let scheduler = TestScheduler(initialClock: 0)
        let sync = service(for: laptop, scheduler: scheduler) { () throws(SyncError) -> any SyncTransport in
            _ = opened.next()
            return VdirTransport(folder: folder)
        }
        sync.syncNow()
        sync.syncNow()
        scheduler.advanceTo(10)
        #expect(opened.value == 1)
        sync.syncNow()
        scheduler.advanceTo(20)
        #expect(opened.value == 2)
        // A sync asked for with sync() after that one was asked for joins it too.
        sync.syncNow()
        var reports = 0
        _ = sync.sync().subscribe(onNext: { _ in reports += 1 })
        scheduler.advanceTo(30)
        #expect(opened.value == 3 && reports == 1)
    }

    @Test func withPolledDeliveryNothingReachesTheBusUntilTheFrontEndAsks() throws {
        let (laptop, phone) = try twoDevices()
        try phone.add("Call mum")
        try phone.sync()
        let list = liveList(of: laptop)
        let scheduler = TestScheduler(initialClock: 0)
        let sync = service(for: laptop, scheduler: scheduler, delivery: .polled)
        sync.syncNow()
        scheduler.start()
        // Written, not yet published: the front end's thread publishes it.
        #expect(try laptop.todo("Call mum") != nil)
        #expect(list.currentState.todos.map(\.title) == ["Buy milk", "Old news"])
        #expect(sync.status.latest == .syncing)
        #expect(sync.deliver())
        #expect(list.currentState.todos.map(\.title) == ["Buy milk", "Old news", "Call mum"])
        #expect(Self.label(sync.status.latest) == "synced: 1 received, 0 sent")
        #expect(!sync.deliver(), "nothing more to deliver")
    }

    @Test func aSyncAskedForEmitsItsReportOnceTheListHasWhatItBroughtIn() throws {
        let (laptop, phone) = try twoDevices()
        try phone.add("Call mum")
        try phone.sync()
        let list = liveList(of: laptop)
        let scheduler = TestScheduler(initialClock: 0)
        let sync = service(for: laptop, scheduler: scheduler)
        var titlesWhenReported: [[String]] = []
        var reports: [SyncReport] = []
        for _ in 0..<2 {
            _ = sync.sync().subscribe(onNext: { report in
                reports.append(report)
                titlesWhenReported.append(list.currentState.todos.map(\.title))
            })
        }
        scheduler.start()
        #expect(reports.count == 2 && reports.allSatisfy { $0.received == 1 }, "both joined the one sync")
        #expect(titlesWhenReported.allSatisfy { $0.contains("Call mum") })
    }

    @Test func quittingAbandonsASyncStuckOnTheNetworkAndTheNextSyncFinishesTheWork() throws {
        let (laptop, phone) = try twoDevices()
        try phone.add("Call mum")
        try phone.sync()
        try laptop.add("Water plants")
        let stalling = StallingTransport(VdirTransport(folder: world.folder))
        let sync = service(for: laptop, scheduler: SerialDispatchQueueScheduler(internalSerialQueueName: "test.sync")) {
            stalling
        }
        sync.syncNow()
        // Stuck sending "Water plants", after "Call mum" was written here.
        #expect(stalling.entered.waitPatiently())
        #expect(try laptop.todo("Call mum") != nil)
        // The transport never returns unless abandoned: only the abandon ends the sync, however
        // slow the machine (a limit, not a timing).
        #expect(sync.shutDown(waitingAtMost: .seconds(Int(Patience.seconds))), "the sync ended")
        #expect(stalling.abandoned.value == 1)
        guard case .failed(let failure) = sync.status.latest else {
            Issue.record("not failed: \(sync.status.latest)")
            return
        }
        #expect(failure.reason == "connection reset")
        // After shutDown, no more syncs.
        var refused: SyncFailure?
        _ = sync.sync().subscribe(onError: { refused = $0 as? SyncFailure })
        #expect(refused?.reason.contains("the sync was stopped") == true)
        // The next sync sends what was not sent, receives nothing twice, and both devices agree.
        let next = try laptop.sync()
        #expect(next.received == 0 && next.sent == 1)
        try phone.sync()
        #expect(try laptop.contents() == phone.contents())
        #expect(try world.folderTitles() == ["Buy milk", "Call mum", "Old news", "Water plants"])
    }

    /// A status in a few words.
    static func label(_ status: SyncStatus?) -> String {
        switch status {
        case .idle?: return "idle"
        case .syncing?: return "syncing"
        case .synced(let report, _)?: return "synced: \(report.received) received, \(report.sent) sent"
        case .failed(let failure)?: return "failed: \(failure.reason)"
        case nil: return "nothing"
        }
    }
}

/// A thread-safe count.
final class Counter: @unchecked Sendable {
    // @unchecked Sendable: `count` is guarded by lock
    private let lock = NSLock()
    private var count = 0

    /// Adds one; the new count.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// A folder whose writes hang, as a server that stopped answering, until the sync is abandoned.
final class StallingTransport: SyncTransport, @unchecked Sendable {
    // @unchecked Sendable: immutable; semaphores and the counter are thread-safe
    let base: VdirTransport
    let entered = DispatchSemaphore(value: 0)
    let released = DispatchSemaphore(value: 0)
    let abandoned = Counter()

    init(_ base: VdirTransport) { self.base = base }

    var name: String { base.name }
    func list(since token: String?) throws(SyncError) -> RemoteListing { try base.list(since: token) }
    func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] { try base.fetch(hrefs) }
    func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?) {
        entered.signal()
        released.wait()
        throw .unreachable("connection reset; the server stopped answering")
    }
    func update(href: String, bytes: [UInt8], etag: String?) throws(SyncError) -> String? {
        try base.update(href: href, bytes: bytes, etag: etag)
    }
    func delete(href: String, etag: String?) throws(SyncError) { try base.delete(href: href, etag: etag) }
    func flush() throws(SyncError) { try base.flush() }
    func abandon() {
        _ = abandoned.next()
        released.signal()
    }
}
