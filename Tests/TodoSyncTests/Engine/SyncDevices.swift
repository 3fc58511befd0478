import Foundation
import ReactorKit
import TodoCore
import TodoCoreTesting
import TodoSync

/// A temporary folder holding a vdir (`vdir/`) and the stores of the devices that sync with it,
/// removed when the object goes.
final class SyncWorld: @unchecked Sendable {
    // @unchecked Sendable: set up once, then only read
    let path: String
    let clock = FakeClock(Date(timeIntervalSince1970: 1_893_456_000))  // 2030-01-01 00:00 UTC

    init() {
        path = NSTemporaryDirectory() + "todo-sync-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path + "/vdir", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    var folder: String { path + "/vdir" }
    var url: String { "file://" + folder }

    /// A device: its own store in this folder.
    func device(_ name: String) -> SyncDevice { SyncDevice(name: name, world: self) }

    /// The `.ics` files of the vdir, by name.
    func files() -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var files: [String: String] = [:]
        for name in names where name.hasSuffix(".ics") && !name.hasPrefix(".") {
            files[name] = String(decoding: FileManager.default.contents(atPath: folder + "/" + name)!, as: UTF8.self)
        }
        return files
    }

    /// The todos in the vdir, read as a sync reads them, by title.
    func folderTitles() throws -> [String] {
        try files().values.flatMap { try ICalendarFormat.parse(Array($0.utf8), file: "x").map(\.title) }.sorted()
    }

    /// Moves every device's clock on (changes made after this are later).
    func tick(_ seconds: Double = 60) { clock.advance(seconds: seconds) }
}

/// One device: a store, its service, and a sync with the world's folder.
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

    /// Syncs with the world's folder.
    @discardableResult
    func sync(dryRun: Bool = false, transport: (any SyncTransport)? = nil) throws -> SyncReport {
        let engine = SyncEngine(
            storage: storage, state: SyncStateFile(path: statePath),
            transport: transport ?? VdirTransport(folder: world.folder), url: world.url,
            options: SyncEngine.Options(localName: name, now: world.clock.clock.now))
        return try engine.sync(dryRun: dryRun)
    }

    @discardableResult
    func add(_ title: String, _ configure: (inout TodoDraft) -> Void = { _ in }) throws -> Todo {
        var draft = TodoDraft(title: title)
        configure(&draft)
        return try service.create(draft).value()
    }

    @discardableResult
    func update(_ title: String, _ patch: TodoPatch) throws -> Todo {
        try service.update(id: id(of: title), patch).value()
    }

    func done(_ title: String) throws { _ = try service.markDone(ids: [id(of: title)]).value() }

    func delete(_ title: String) throws { _ = try service.delete(ids: [id(of: title)]).value() }

    /// Every todo, done ones included.
    func all() throws -> [Todo] { try service.fetch(TodoQuery(status: .all)).value() }

    func todo(_ title: String) throws -> Todo? { try all().first { $0.title == title } }

    func id(of title: String) throws -> Int {
        guard let todo = try todo(title) else { throw SyncTestError("\(name) has no todo \(title)") }
        return todo.id
    }

    /// What a device says of its todos, ids and places aside: the same on every device that agrees.
    func contents() throws -> [String] {
        try all().map { todo in
            let depends = todo.depends.compactMap { id in try? all().first { $0.id == id }?.title }.sorted()
            return [
                todo.uuid.uuidString, todo.title, todo.note ?? "-", todo.isDone ? "done" : "pending",
                "\(todo.priority)",
                todo.due.map { "\($0)" } ?? "-", todo.tags.sorted().joined(separator: ","), todo.project ?? "-",
                todo.recurrence.map { "\($0)" } ?? "-", depends.joined(separator: ","),
                todo.annotations.map(\.text).sorted().joined(separator: "|"),
            ].joined(separator: " ")
        }.sorted()
    }
}

struct SyncTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Observable {
    /// The one value a service operation emits, or its error (they are synchronous).
    func value() throws -> Element {
        var result: Result<Element, Error>?
        _ = subscribe(onNext: { result = .success($0) }, onError: { result = .failure($0) })
        return try result!.get()
    }
}
