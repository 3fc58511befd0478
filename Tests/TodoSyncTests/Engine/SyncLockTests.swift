import Foundation
import ReactorKitTesting
import TestSupport
import Testing
import TodoCore
import TodoSync

/// The store's lock is not held while the other side is slow: a change made here during a sync
/// is neither blocked nor lost (the next sync sends it).
@Suite struct SyncLockTests {
    /// A vdir whose listing and writes wait until the test lets them go on.
    final class GatedTransport: SyncTransport, @unchecked Sendable {
        let folder: VdirTransport
        let listed = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        var name: String { folder.name }

        init(_ folder: VdirTransport) { self.folder = folder }

        func list(since token: String?) throws(SyncError) -> RemoteListing {
            listed.signal()
            proceed.wait()
            return try folder.list(since: token)
        }

        func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] { try folder.fetch(hrefs) }

        func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?) {
            try folder.create(name: name, bytes: bytes)
        }

        func update(href: String, bytes: [UInt8], etag: String?) throws(SyncError) -> String? {
            try folder.update(href: href, bytes: bytes, etag: etag)
        }

        func delete(href: String, etag: String?) throws(SyncError) { try folder.delete(href: href, etag: etag) }
    }

    @Test func aChangeMadeWhileTheOtherSideIsSlowIsNotBlockedAndGoesWithTheNextSync() throws {
        let world = try SyncWorld()
        let laptop = world.device("laptop")
        try laptop.add("Buy milk")
        let gate = GatedTransport(VdirTransport(folder: world.folder))
        let finished = DispatchSemaphore(value: 0)
        let result = Locked<Result<SyncReport, Error>?>(nil)
        Thread.detachNewThread {
            result.withLock { $0 = Result { try laptop.sync(transport: gate) } }
            finished.signal()
        }
        gate.listed.wait()
        // The sync waits for the other side: the store is free meanwhile (another process's
        // storage object, as `todo add` in a terminal is).
        let other = JSONFileTodoStorage(path: laptop.storage.path, options: .init(lockTimeout: 0))
        let provider = TodoServiceProvider(storage: other, clock: world.clock.clock, uuids: .random)
        let added = try provider.todoService.create(TodoDraft(title: "Call mum")).toBlocking().single()
        #expect(added.title == "Call mum")
        gate.proceed.signal()
        finished.wait()
        let report = try #require(try result.withLock { $0 }?.get())
        #expect(report.sent >= 1)
        // Whatever that sync missed, the next one sends: both todos are there.
        try laptop.sync()
        #expect(try world.folderTitles() == ["Buy milk", "Call mum"])
        #expect(try laptop.sync().isEmpty)
    }
}
