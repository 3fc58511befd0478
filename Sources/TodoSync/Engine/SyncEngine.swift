import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Two-way sync of a store with the other side of a ``SyncTransport``: incremental, offline-first,
/// merging field by field (`TodoMerge`) against the copy both sides last agreed on (``SyncState``).
///
/// A round lists what changed there and fetches it (no lock held), merges it with the store and
/// writes the store and the state together under the store's lock, then writes there what changed
/// here (no lock held: a `todo add` is never blocked by a slow server) and records the new etags
/// under the lock again. A write there that finds the resource changed meanwhile (HTTP 412) makes
/// another round, which fetches and merges it. Killed at any point, the next sync finishes the
/// work: todos are matched by uuid, so a state that lags the store compares more and never
/// duplicates or loses a todo.
///
/// ```swift
/// let engine = SyncEngine(
///     storage: storage, state: SyncStateFile(path: SyncStateFile.path(besideStore: storage.location)),
///     transport: try VdirTransport(url: "file:///home/me/tasks"), url: "file:///home/me/tasks")
/// let report = try engine.sync()
/// print("\(report.received) received, \(report.sent) sent")
/// ```
public final class SyncEngine: @unchecked Sendable {
    // @unchecked Sendable: immutable; a sync runs on the caller's thread
    /// How a sync behaves.
    public struct Options: Sendable {
        /// This side's name in conflict annotations.
        public var localName: String
        /// The clock.
        public var now: @Sendable () -> Date
        /// The local time zone's offset at an instant, for local days and floating times.
        public var utcOffset: @Sendable (Date) -> Int
        /// Called as the sync goes: the step, how many are done, and how many there are.
        public var progress: (@Sendable (SyncProgress) -> Void)?
        /// After how many writes there the state is saved on the way (a long first sync that is
        /// stopped keeps what it did).
        public var checkpoint: Int

        /// Options; by default this device is `this device`, the clock the system's, UTC.
        public init(
            localName: String = "this device", now: @escaping @Sendable () -> Date = { Date() },
            utcOffset: @escaping @Sendable (Date) -> Int = { _ in 0 },
            progress: (@Sendable (SyncProgress) -> Void)? = nil, checkpoint: Int = 100
        ) {
            self.localName = localName
            self.now = now
            self.utcOffset = utcOffset
            self.progress = progress
            self.checkpoint = max(1, checkpoint)
        }
    }

    /// The store.
    public let storage: any TodoStorageType
    /// Where the state is kept.
    public let state: any SyncStateStore
    /// The other side.
    public let transport: any SyncTransport
    /// The other side's URL, which the state is for.
    public let url: String
    /// How the sync behaves.
    public let options: Options

    /// An engine syncing `storage` with `transport`.
    public init(
        storage: any TodoStorageType, state: any SyncStateStore, transport: any SyncTransport, url: String,
        options: Options = Options()
    ) {
        self.storage = storage
        self.state = state
        self.transport = transport
        self.url = url
        self.options = options
    }

    /// The most rounds one sync makes when the other side keeps changing under it.
    static let rounds = 4

    /// Syncs both ways.
    ///
    /// - Parameter dryRun: Work out what would happen, and change nothing, here or there.
    /// - Returns: What was done (or would be).
    /// - Throws: ``SyncError`` when the other side fails (nothing written there is lost: the next
    ///   sync goes on from it), or a `TodoError` when the store cannot be read or written.
    public func sync(dryRun: Bool = false) throws -> SyncReport {
        var report = SyncReport(name: transport.name)
        for _ in 0..<Self.rounds {
            let again = try round(into: &report, dryRun: dryRun)
            if !again || dryRun { break }
        }
        return report
    }

    /// One round; whether another is needed (something there changed while it was written).
    private func round(into report: inout SyncReport, dryRun: Bool) throws -> Bool {
        let remote = try fetchChanges(into: &report)
        let name = report.name
        let work = { (contents: any TodoStoreContents) throws -> SyncPlan in
            try self.plan(remote, contents: contents, name: name)
        }
        let plan: SyncPlan
        if dryRun {
            plan = try storage.read(work)
        } else {
            plan = try storage.write(
                { contents in
                    let plan = try work(contents)
                    return (plan.change, plan)
                },
                then: { plan in
                    // With writes there to follow, the state is saved once, after them: a state
                    // that lags the store is safe (todos are matched by uuid), one ahead is not.
                    if plan.uploads.isEmpty { try self.save(plan.patch) }
                })
            if let change = plan.change { report.changesHere.append(change) }
        }
        report.add(plan.report)
        guard !dryRun else {
            report.actions += plan.uploads.map(\.action)
            report.sent += plan.uploads.filter(\.isWrite).count
            report.deletedThere += plan.uploads.count - plan.uploads.filter(\.isWrite).count
            return false
        }
        do {
            return try upload(
                plan.uploads, into: &report, after: plan.uploads.isEmpty ? SyncStatePatch() : plan.patch)
        } catch SyncError.unreachable(let reason) where plan.change != nil || report.sent > 0 {
            // Lost on the way: what this sync did so far stays, and the next one goes on from it.
            let cause = reason.hasSuffix("; nothing was changed here") ? String(reason.dropLast(26)) : reason
            throw SyncError.unreachable(
                cause + "; what this sync received and sent so far is kept, and the next sync goes on from there")
        }
    }

    // MARK: There → here

    /// What changed there since the state: the resources to merge, those gone, and the patch.
    struct RemoteChanges {
        var state: SyncState
        var incoming: [UUID: (resource: RemoteResource, item: ImportedTodo, order: Int?)] = [:]
        var gone: [UUID: String] = [:]
        var patch = SyncStatePatch()
    }

    private func fetchChanges(into report: inout SyncReport) throws(SyncError) -> RemoteChanges {
        var changes = RemoteChanges(state: try state.load(url: url))
        let state = changes.state
        let listing = try transport.list(since: state.token)
        // A token the state holds already is not written again: a sync with nothing to do
        // leaves the state file alone.
        if listing.token != state.token { changes.patch.token = .some(listing.token) }
        let uuidsByHref = state.uuidsByHref()
        var changed: [String] = []
        for (href, etag) in listing.resources {
            if let uuid = uuidsByHref[href], let seen = state.entries[uuid]?.etag, seen == etag { continue }
            if let seen = state.ignored[href] ?? nil, seen == etag { continue }
            changed.append(href)
        }
        var removed: [String] = []
        if listing.isComplete {
            removed = uuidsByHref.keys.filter { listing.resources[$0] == nil }
            removed += state.ignored.keys.filter { listing.resources[$0] == nil }
        } else {
            removed = listing.removed.filter { listing.resources[$0] == nil }
        }
        changed.sort()
        options.progress?(SyncProgress(step: .receiving, done: 0, total: changed.count))
        let resources = changed.isEmpty ? [] : try transport.fetch(changed)
        let fetched = Set(resources.map(\.href))
        removed += changed.filter { !fetched.contains($0) }  // gone between the listing and the fetch
        let synced = SyncedTodo(utcOffset: options.utcOffset)
        let skippedBefore = report.skipped.count
        for resource in resources {
            switch synced.read(resource) {
            case .none:
                changes.patch.ignored[resource.href] = .some(resource.etag)
            case .unusable(let reason):
                report.skipped.append(SkippedResource(href: resource.href, reason: reason))
            case .todo(let item, let order):
                let uuid = item.uuid!
                if let other = changes.incoming[uuid] {
                    // Two resources with one UID: the one this device knows, else the first.
                    let keepOther = state.entries[uuid]?.href != resource.href
                    let skipped = keepOther ? resource.href : other.resource.href
                    report.skipped.append(
                        SkippedResource(href: skipped, reason: "another resource holds the same todo (UID)"))
                    if keepOther { continue }
                }
                changes.incoming[uuid] = (resource, item, order)
            }
        }
        if report.skipped.count > skippedBefore {
            // A resource that cannot be synced is listed (and named) again by the next sync, until
            // it can be read: the listing token stays where it was, not past it.
            changes.patch.token = nil
        }
        for href in Set(removed) {
            if state.ignored[href] != nil {
                changes.patch.unignored.insert(href)
            } else if let uuid = uuidsByHref[href], changes.incoming[uuid] == nil {
                changes.gone[uuid] = href
            }
        }
        return changes
    }

    // MARK: Merging

    private func plan(_ remote: RemoteChanges, contents: any TodoStoreContents, name: String) throws -> SyncPlan {
        var plan = SyncPlan(report: SyncReport(name: name))
        plan.patch = remote.patch
        let state = remote.state
        let synced = SyncedTodo(utcOffset: options.utcOffset)
        let now = options.now()
        let todos = try contents.allTodos()
        var byUUID: [UUID: Todo] = [:]
        byUUID.reserveCapacity(todos.count)
        for todo in todos { byUUID[todo.uuid] = todo }
        var ids: [UUID: Int] = [:]
        ids.reserveCapacity(todos.count)
        for todo in todos { ids[todo.uuid] = todo.id }
        var nextID = try contents.nextID()
        var nextPosition = try contents.nextPosition()
        // New todos join the list in the other side's order (X-APPLE-SORT-ORDER), else by age.
        let incoming = remote.incoming.sorted { first, second in
            let (a, b) = (first.value, second.value)
            return (a.order ?? Int.max, a.item.createdAt ?? .distantFuture, a.resource.href)
                < (b.order ?? Int.max, b.item.createdAt ?? .distantFuture, b.resource.href)
        }
        for (uuid, _) in incoming where ids[uuid] == nil {
            ids[uuid] = nextID
            nextID += 1
        }
        // The todos as they will be, by id: the UIDs of the todos one waits for come from them.
        var current: [Int: Todo] = [:]
        current.reserveCapacity(todos.count + incoming.count)
        for todo in todos { current[todo.id] = todo }
        var newTodos: [UUID: Todo] = [:]
        for (uuid, change) in incoming where byUUID[uuid] == nil {
            let todo = synced.todo(change.item, id: ids[uuid]!, position: nextPosition, ids: ids, now: now)
            nextPosition += 1024
            newTodos[uuid] = todo
            current[todo.id] = todo
        }
        func uids(_ todo: Todo) -> [Int: String] {
            var uids: [Int: String] = [:]
            for id in todo.depends { if let other = current[id] { uids[id] = ICalendarFormat.uid(of: other) } }
            return uids
        }
        func baseTodo(_ entry: SyncState.Entry?, like todo: Todo) -> Todo? {
            guard let entry,
                case .todo(let item, _) = synced.read(
                    RemoteResource(href: entry.href, etag: nil, bytes: Array(entry.base.utf8)))
            else { return nil }
            return synced.todo(item, id: todo.id, position: todo.position, ids: ids, now: now)
        }

        for (uuid, change) in incoming {
            let local = byUUID[uuid]
            let remoteTodo: Todo
            if let local {
                remoteTodo = synced.todo(change.item, id: local.id, position: local.position, ids: ids, now: now)
            } else {
                remoteTodo = newTodos[uuid]!
            }
            let entry = state.entries[uuid]
            let localNormal = local.map { synced.normalized($0, uids: uids($0), ids: ids, now: now) }
            let outcome = TodoMerge.merge(
                base: baseTodo(entry, like: remoteTodo), local: localNormal, remote: remoteTodo,
                localName: options.localName, remoteName: name, now: now)
            for conflict in outcome.conflicts {
                plan.report.conflicts.append(
                    SyncConflict(
                        uuid: uuid, id: remoteTodo.id, title: outcome.todo?.title ?? remoteTodo.title,
                        conflict: conflict))
            }
            guard var merged = outcome.todo else {
                // Deleted here and unchanged there since: deleted there too.
                plan.uploads.append(
                    .delete(href: change.resource.href, etag: change.resource.etag, uuid: uuid, title: remoteTodo.title)
                )
                plan.patch.remove(uuid)
                continue
            }
            merged.id = remoteTodo.id
            merged.position = remoteTodo.position
            let mergedBytes = synced.bytes(of: merged, uids: uids(merged))
            var stored = local
            if let local, let localNormal, mergedBytes == synced.bytes(of: localNormal, uids: uids(localNormal)) {
                stored = local  // nothing changes here
            } else {
                plan.puts.append(merged)
                if let local { plan.before.append(local) }
                plan.report.received += 1
                plan.report.actions.append(
                    SyncAction(kind: local == nil ? .createHere : .updateHere, uuid: uuid, title: merged.title))
                plan.report.changedHere.append(merged)
                stored = merged
                current[merged.id] = merged
            }
            let remoteBytes = synced.bytes(of: remoteTodo, uids: uids(remoteTodo))
            if mergedBytes == remoteBytes {
                plan.patch.set(
                    uuid,
                    SyncState.Entry(
                        href: change.resource.href, etag: change.resource.etag, stamp: stored!.contentDigest,
                        base: String(decoding: mergedBytes, as: UTF8.self)))
            } else {
                // Both sides changed it: the merge goes there too. Until it is written, the
                // state says both agreed on what is there, which the merge differs from.
                plan.patch.set(
                    uuid,
                    SyncState.Entry(
                        href: change.resource.href, etag: change.resource.etag, stamp: "",
                        base: String(decoding: remoteBytes, as: UTF8.self)))
                plan.uploads.append(
                    .update(href: change.resource.href, etag: change.resource.etag, todo: stored!, bytes: mergedBytes))
            }
        }

        for (uuid, _) in remote.gone {
            guard let local = byUUID[uuid] else {
                plan.patch.remove(uuid)  // deleted on both sides
                continue
            }
            let localNormal = synced.normalized(local, uids: uids(local), ids: ids, now: now)
            let outcome = TodoMerge.merge(
                base: baseTodo(state.entries[uuid], like: local), local: localNormal, remote: nil,
                localName: options.localName, remoteName: name, now: now)
            plan.patch.remove(uuid)
            if outcome.todo == nil {
                plan.deletes.append(local.id)
                plan.before.append(local)
                plan.report.deletedHere += 1
                plan.report.deletedHereIDs.append(local.id)
                plan.report.actions.append(SyncAction(kind: .deleteHere, uuid: uuid, title: local.title))
            } else {
                // Changed here since: the change wins, and the todo goes back there.
                plan.uploads.append(
                    .create(
                        name: Self.resourceName(uuid), todo: local, bytes: synced.bytes(of: local, uids: uids(local))))
            }
        }

        // Here → there: what changed here since the state, and what was deleted here.
        for todo in todos where remote.incoming[todo.uuid] == nil && remote.gone[todo.uuid] == nil {
            guard let entry = state.entries[todo.uuid] else {
                plan.uploads.append(
                    .create(
                        name: Self.resourceName(todo.uuid), todo: todo, bytes: synced.bytes(of: todo, uids: uids(todo)))
                )
                continue
            }
            let digest = todo.contentDigest
            if digest == entry.stamp { continue }
            let bytes = synced.bytes(of: todo, uids: uids(todo))
            if bytes == Array(entry.base.utf8) {
                var entry = entry
                entry.stamp = digest  // a change that says nothing iCalendar says
                plan.patch.set(todo.uuid, entry)
                continue
            }
            plan.uploads.append(.update(href: entry.href, etag: entry.etag, todo: todo, bytes: bytes))
        }
        for (uuid, entry) in state.entries.sorted(by: { $0.value.href < $1.value.href })
        where byUUID[uuid] == nil && remote.incoming[uuid] == nil && remote.gone[uuid] == nil {
            let title: String
            if case .todo(let item, _) = synced.read(
                RemoteResource(href: entry.href, etag: nil, bytes: Array(entry.base.utf8)))
            {
                title = item.title
            } else {
                title = entry.href
            }
            plan.uploads.append(.delete(href: entry.href, etag: entry.etag, uuid: uuid, title: title))
        }
        return plan
    }

    /// The resource name of a todo created here: `<uuid>.ics`.
    static func resourceName(_ uuid: UUID) -> String { uuid.uuidString.lowercased() + ".ics" }

    // MARK: Here → there

    /// Makes the writes there; whether another round is needed (one found its resource changed).
    ///
    /// - Parameter merged: What the state learns from the change written here, saved with the
    ///   first writes there.
    private func upload(
        _ uploads: [SyncPlan.Upload], into report: inout SyncReport, after merged: SyncStatePatch
    ) throws -> Bool {
        var again = false
        var patch = merged
        var pending = 0
        defer {
            // What was written there stays known, once it is durable there.
            if !patch.isEmpty, (try? transport.flush()) != nil { try? commit(patch) }
        }
        for (index, upload) in uploads.enumerated() {
            options.progress?(SyncProgress(step: .sending, done: index, total: uploads.count))
            do {
                switch upload {
                case .create(let name, let todo, let bytes):
                    let (href, etag) = try transport.create(name: name, bytes: bytes)
                    patch.set(todo.uuid, entry(href: href, etag: etag, todo: todo, bytes: bytes))
                    report.sent += 1
                case .update(let href, let etag, let todo, let bytes):
                    let newEtag = try transport.update(href: href, bytes: bytes, etag: etag)
                    patch.set(todo.uuid, entry(href: href, etag: newEtag, todo: todo, bytes: bytes))
                    report.sent += 1
                case .delete(let href, let etag, let uuid, _):
                    try transport.delete(href: href, etag: etag)
                    patch.remove(uuid)
                    report.deletedThere += 1
                }
                report.actions.append(upload.action)
            } catch .changedMeanwhile {
                again = true
            }
            pending += 1
            if pending >= options.checkpoint {
                try transport.flush()
                try commit(patch)
                patch = SyncStatePatch()
                pending = 0
            }
        }
        options.progress?(SyncProgress(step: .sending, done: uploads.count, total: uploads.count))
        try transport.flush()
        try commit(patch)
        patch = SyncStatePatch()
        return again
    }

    private func entry(href: String, etag: String?, todo: Todo, bytes: [UInt8]) -> SyncState.Entry {
        SyncState.Entry(href: href, etag: etag, stamp: todo.contentDigest, base: String(decoding: bytes, as: UTF8.self))
    }

    // MARK: The state

    /// Applies `patch` to the state on disk, under the store's lock.
    private func commit(_ patch: SyncStatePatch) throws {
        guard !patch.isEmpty else { return }
        try storage.write({ _ in (nil, ()) }, then: { _ in try self.save(patch) })
    }

    /// Applies `patch` to the state on disk; called under the store's lock.
    private func save(_ patch: SyncStatePatch) throws(SyncError) {
        guard !patch.isEmpty else { return }
        try state.save(patch.applied(to: try state.load(url: url)))
    }
}

/// How far a sync has got.
public struct SyncProgress: Sendable, Hashable {
    /// A step of a sync.
    public enum Step: Sendable, Hashable {
        /// Fetching what changed there.
        case receiving
        /// Writing there what changed here.
        case sending
    }

    /// The step.
    public var step: Step
    /// How many of its items are done.
    public var done: Int
    /// How many there are.
    public var total: Int
}

extension SyncPlan.Upload {
    /// The step as a report lists it.
    var action: SyncAction {
        switch self {
        case .create(_, let todo, _): return SyncAction(kind: .createThere, uuid: todo.uuid, title: todo.title)
        case .update(_, _, let todo, _): return SyncAction(kind: .updateThere, uuid: todo.uuid, title: todo.title)
        case .delete(_, _, let uuid, let title): return SyncAction(kind: .deleteThere, uuid: uuid, title: title)
        }
    }

    /// Whether it creates or changes (rather than deletes).
    var isWrite: Bool {
        if case .delete = self { return false }
        return true
    }
}

extension SyncReport {
    /// Adds what a round did here.
    mutating func add(_ round: SyncReport) {
        received += round.received
        deletedHere += round.deletedHere
        conflicts += round.conflicts
        skipped += round.skipped.filter { !skipped.contains($0) }
        actions += round.actions
        changedHere += round.changedHere
        deletedHereIDs += round.deletedHereIDs
    }
}
