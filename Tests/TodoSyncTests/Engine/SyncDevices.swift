import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing
import TodoCore
import TodoCoreTesting
import TodoSync

@testable import TodoCalDAV

/// The other side the devices of a test sync with: a vdir folder, or the todo collection of a
/// real CalDAV server (Radicale, Xandikos) reached through the `todo-caldav` helper, as `todo sync`
/// reaches it, or through ``CalDAVTransport`` in the test's process.
enum SyncSide: Sendable, CustomTestStringConvertible {
    /// A vdir folder.
    case vdir
    /// A server's collection; with Basic authentication when `auth`; through the helper when
    /// `helper`; listed with `sync-collection` or with `PROPFIND` only.
    case server(DAVServer.Kind, auth: Bool, helper: Bool, syncCollection: Bool)

    /// Every server, with and without authentication (Xandikos's behind a proxy that checks it),
    /// through the helper and in process, listing both ways.
    static let servers: [SyncSide] = [
        .server(.radicale, auth: true, helper: true, syncCollection: true),
        .server(.radicale, auth: false, helper: false, syncCollection: true),
        .server(.xandikos, auth: true, helper: true, syncCollection: true),
        .server(.xandikos, auth: false, helper: false, syncCollection: false),
    ]

    /// The sides the merge tests run against: the folder, and the servers when they can run (they
    /// are installed, or this is CI, where a missing one fails the run).
    static let all: [SyncSide] = [.vdir] + (serversCanRun ? servers : [])

    var testDescription: String {
        switch self {
        case .vdir: return "vdir"
        case .server(let kind, let auth, let helper, let syncCollection):
            return "\(kind)" + (auth ? ", Basic auth" : "") + (helper ? ", through todo-caldav" : ", in process")
                + (syncCollection ? "" : ", PROPFIND listings")
        }
    }
}

/// A temporary folder holding the other side (a vdir in `vdir/`, or a server started for the
/// world) and the stores of the devices that sync with it, removed (and the server stopped) when
/// the object goes.
final class SyncWorld: @unchecked Sendable {
    // @unchecked Sendable: set up once, then only read
    let path: String
    let side: SyncSide
    /// The server, for a server side.
    let server: DAVServer?
    let clock = FakeClock(Date(timeIntervalSince1970: 1_893_456_000))  // 2030-01-01 00:00 UTC

    init(_ side: SyncSide = .vdir) throws {
        self.side = side
        path = NSTemporaryDirectory() + "todo-sync-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path + "/vdir", withIntermediateDirectories: true)
        if case .server(let kind, let auth, _, _) = side {
            server = try DAVServer(kind, auth: auth)
        } else {
            server = nil
        }
    }

    deinit {
        server?.stop()
        try? FileManager.default.removeItem(atPath: path)
    }

    var folder: String { path + "/vdir" }
    /// The other side's URL (`sync.url`).
    var url: String { server?.collectionURL ?? "file://" + folder }

    /// The other side's name, as conflict annotations give it.
    var name: String {
        guard let server else { return folder }
        return "127.0.0.1:\(server.port)/tasks"
    }

    /// A transport to the other side, as a sync opens one.
    func transport() throws -> any SyncTransport {
        guard case .server(_, _, let helper, let syncCollection) = side, let server else {
            return VdirTransport(folder: folder)
        }
        if helper { return try ProcessTransport.open(server.endpoint, helper: CalDAVHelperTests.helper) }
        return try CalDAVTransport(server.endpoint, timeout: .seconds(60), useSyncCollection: syncCollection)
    }

    /// A device: its own store in this folder.
    func device(_ name: String) -> SyncDevice { SyncDevice(name: name, world: self) }

    /// The resources there: by file name (an href's last segment), their etag and content.
    func resources() throws -> [String: RemoteResource] {
        let transport: any SyncTransport
        if let server {
            transport = try CalDAVTransport(server.endpoint, timeout: .seconds(60), useSyncCollection: false)
        } else {
            transport = VdirTransport(folder: folder)
        }
        let listing = try transport.list(since: nil)
        var resources: [String: RemoteResource] = [:]
        for resource in try transport.fetch(listing.resources.keys.sorted()) {
            resources[String(resource.href.split(separator: "/").last ?? "")] = resource
        }
        return resources
    }

    /// The resources there by file name, their content as text.
    func files() throws -> [String: String] {
        try resources().mapValues { String(decoding: $0.bytes, as: UTF8.self) }
    }

    /// The todos there, read as a sync reads them.
    func remoteTodos() throws -> [ImportedTodo] {
        try resources().values.flatMap { try ICalendarFormat.parse($0.bytes, file: $0.href) }
    }

    /// The todos there, by title.
    func folderTitles() throws -> [String] { try remoteTodos().map(\.title).sorted() }

    /// What the other side says of its todos, as ``SyncDevice/contents()`` says it of a device's.
    func contents() throws -> [String] {
        let todos = try remoteTodos()
        let titles = Dictionary(todos.compactMap { todo in todo.uuid.map { ($0, todo.title) } }) { first, _ in first }
        return todos.map { todo in
            SyncDevice.describe(
                uuid: todo.uuid!, title: todo.title, note: todo.note, isDone: todo.isDone, priority: todo.priority,
                due: todo.due, tags: todo.tags, project: todo.project, recurrence: todo.recurrence,
                depends: todo.dependsOnUUIDs.compactMap { titles[$0] }, annotations: todo.annotations)
        }.sorted()
    }

    /// Moves every device's clock on (changes made after this are later).
    func tick(_ seconds: Double = 60) { clock.advance(seconds: seconds) }
}

/// One device: a store, its service, and a sync with the world's other side.
final class SyncDevice: @unchecked Sendable {
    // @unchecked Sendable: used by one test thread
    let name: String
    let storage: JSONFileTodoStorage
    let provider: TodoServiceProvider
    let world: SyncWorld

    init(name: String, world: SyncWorld) {
        self.name = name
        self.world = world
        storage = JSONFileTodoStorage(path: world.path + "/\(name).json")
        provider = TodoServiceProvider(storage: storage, clock: world.clock.clock, uuids: .random)
    }

    var service: TodoServiceType { provider.todoService }

    var statePath: String { SyncStateFile.path(besideStore: storage.location) }

    /// Syncs with the world's other side (through `transport` when given).
    @discardableResult
    func sync(dryRun: Bool = false, transport: (any SyncTransport)? = nil) throws -> SyncReport {
        let engine = SyncEngine(
            storage: storage, state: SyncStateFile(path: statePath), transport: try transport ?? world.transport(),
            url: world.url, options: SyncEngine.Options(localName: name, now: world.clock.clock.now))
        return try engine.sync(dryRun: dryRun)
    }

    @discardableResult
    func add(_ title: String, _ configure: (inout TodoDraft) -> Void = { _ in }) throws -> Todo {
        var draft = TodoDraft(title: title)
        configure(&draft)
        return try service.create(draft).toBlocking().single()
    }

    @discardableResult
    func update(_ title: String, _ patch: TodoPatch) throws -> Todo {
        try service.update(id: id(of: title), patch).toBlocking().single()
    }

    func done(_ title: String) throws { _ = try service.markDone(ids: [id(of: title)]).toBlocking().single() }

    func delete(_ title: String) throws { _ = try service.delete(ids: [id(of: title)]).toBlocking().single() }

    /// Every todo, done ones included.
    func all() throws -> [Todo] { try service.fetch(TodoQuery(status: .all)).toBlocking().single() }

    func todo(_ title: String) throws -> Todo? { try all().first { $0.title == title } }

    func id(of title: String) throws -> Int {
        guard let todo = try todo(title) else { throw SyncTestError("\(name) has no todo \(title)") }
        return todo.id
    }

    /// What a device says of its todos, ids and places aside: the same on every device that agrees.
    func contents() throws -> [String] {
        let todos = try all()
        let titles = Dictionary(todos.map { ($0.id, $0.title) }) { first, _ in first }
        return todos.map { todo in
            Self.describe(
                uuid: todo.uuid, title: todo.title, note: todo.note, isDone: todo.isDone, priority: todo.priority,
                due: todo.due, tags: todo.tags, project: todo.project, recurrence: todo.recurrence,
                depends: todo.depends.compactMap { titles[$0] }, annotations: todo.annotations)
        }.sorted()
    }

    /// One line saying what a todo is, ids and places aside.
    static func describe(
        uuid: UUID, title: String, note: String?, isDone: Bool, priority: Priority, due: CalendarDay?,
        tags: Set<String>, project: String?, recurrence: Recurrence?, depends: [String], annotations: [Annotation]
    ) -> String {
        [
            uuid.uuidString, title, note ?? "-", isDone ? "done" : "pending", "\(priority)", due.map { "\($0)" } ?? "-",
            tags.sorted().joined(separator: ","), project ?? "-", recurrence.map { "\($0)" } ?? "-",
            depends.sorted().joined(separator: ","), annotations.map(\.text).sorted().joined(separator: "|"),
        ].joined(separator: " ")
    }
}

struct SyncTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
