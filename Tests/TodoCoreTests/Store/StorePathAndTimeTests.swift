import Foundation
import ReactorKitTesting
import Testing

@testable import TodoCore

/// What the store does with paths that cannot name a store file, with reading where nothing
/// is stored, with file times far in the future, and with a backup it cannot write: no stray
/// file, no crash, no backup lost.
@Suite struct StorePathAndTimeTests {
    let folder = TemporaryFolder()
    let providers = ProviderPool()
    let uuids = UUIDSource.sequential()

    func service(_ path: String, _ options: JSONFileTodoStorage.Options = .init()) -> TodoServiceType {
        providers.keep(makeProvider(storage: JSONFileTodoStorage(path: path, options: options), uuids: uuids))
            .todoService
    }

    /// The names in the temporary folder, sorted.
    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    // MARK: Paths

    @Test func readingAStoreThatDoesNotExistCreatesNoFileInAnExistingFolder() throws {
        let service = self.service(folder.file("todos.json"))
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single() == [])
        #expect(try service.stats().toBlocking().single().total == 0)
        #expect(throws: TodoError.unknownTodos([1])) { try service.todo(id: 1).toBlocking().single() }
        #expect(try service.reloadIfChangedOutside().toBlocking().single() == false)
        #expect(names() == [], "no lock file, no store")
        _ = try service.create(TodoDraft(title: "now it exists")).toBlocking().single()
        #expect(names().contains("todos.json.lock") && names().contains("todos.json"))
    }

    @Test(arguments: ["folder", "fifo", "/dev/null"])
    func aPathThatIsNotARegularFileIsRefusedWithoutALockBesideIt(kind: String) throws {
        let path: String
        switch kind {
        case "folder":
            path = folder.file("dir")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "fifo":
            path = folder.file("fifo")
            #expect(mkfifo(path, 0o600) == 0)
        default:
            path = kind
        }
        let lockExisted = FileManager.default.fileExists(atPath: path + ".lock")  // left by something else
        let before = names()
        let service = self.service(path)
        for (name, operation) in StoreDamageTests.everyOperation(service) {
            let error = operation()
            guard case .io(let file, _, let reason)? = error else {
                Issue.record("\(name): expected an I/O error, got \(String(describing: error))")
                continue
            }
            #expect(file == path && (reason.contains("folder") || reason.contains("regular file")), "\(name)")
        }
        #expect(names() == before, "no lock file and no temporary beside it")
        #expect(FileManager.default.fileExists(atPath: path + ".lock") == lockExisted)
    }

    @Test func aPathEndingWithASlashIsRefusedAndCreatesNothing() throws {
        for path in [folder.file("missing/"), folder.file("") + "/"] {
            let service = self.service(path)
            for (name, operation) in StoreDamageTests.everyOperation(service) {
                let error = operation()
                guard case .io(_, _, let reason)? = error else {
                    Issue.record("\(name): expected an I/O error, got \(String(describing: error))")
                    continue
                }
                #expect(reason.contains("ends with '/'"), "\(name)")
            }
        }
        #expect(names() == [], "no folder, no lock")
    }

    @Test func aRelativeHomeIsNotUsedForTheStore() throws {
        #expect(throws: TodoError.self) { try TodoStoreLocation.resolve(environment: ["HOME": "relative/home"]) }
        #expect(throws: TodoError.self) { try TodoStoreLocation.resolve(environment: ["HOME": "."]) }
        let error = todoError { try TodoStoreLocation.resolve(environment: ["HOME": "here"]) }
        #expect(error?.description.contains("absolute") == true)
        // An absolute one, and the other rules, as before.
        #expect(try TodoStoreLocation.resolve(environment: ["HOME": "/h"]) == "/h/.local/share/todo/todos.json")
        #expect(try TodoStoreLocation.resolve(environment: ["HOME": "rel", "TODO_FILE": "t.json"]) == "t.json")
        #expect(
            try TodoStoreLocation.resolve(environment: ["HOME": "rel", "XDG_DATA_HOME": "/x"]) == "/x/todo/todos.json")
    }

    // MARK: Times

    /// Sets the modification (and access) time of `path` to `seconds` since 1970.
    func setTime(_ path: String, _ seconds: Int) {
        var times = [
            timespec(tv_sec: seconds, tv_nsec: 123_456_789), timespec(tv_sec: seconds, tv_nsec: 987_654_321),
        ]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0, "utimensat \(path)")
    }

    @Test(arguments: [
        10_413_792_000,  // 2300-01-01
        253_402_214_400,  // 9999-12-31
        -11_676_096_000,  // 1600-01-01
    ])
    func fileTimesOutsideTheNanosecondRangeAreNoProblem(seconds: Int) throws {
        for options in [JSONFileTodoStorage.Options(), JSONFileStoreTests.journaled] {
            let path = folder.file(options.compactionThreshold == 600 ? "journaled.json" : "small.json")
            let service = self.service(path, options)
            for index in 1...8 {
                _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single()
            }
            for file in [path, path + ".bak", path + ".journal", folder.path]
            where FileManager.default.fileExists(
                atPath: file)
            {
                setTime(file, seconds)
            }
            for (name, operation) in StoreDamageTests.everyOperation(self.service(path, options)) {
                let error = operation()
                #expect(error == nil || error?.category == .failed, "\(name): \(String(describing: error))")
            }
            #expect(try self.service(path, options).fetch(TodoQuery(status: .all)).toBlocking().single().count >= 8)
        }
    }

    // MARK: The backup

    @Test func aBackupThatCannotBeWrittenLeavesTheOldOneInPlace() throws {
        let path = folder.file("todos.json")
        _ = try service(path).create(TodoDraft(title: "first")).toBlocking().single()
        let oldBackup = try #require(folder.bytes("todos.json.bak"))
        for code in [ENOSPC, EDQUOT, EIO] {
            let full = JSONFileTodoStorage.Options(
                faults: StoreFaults(failing: .write, with: code, onFilesEndingWith: ".bak"))
            _ = try service(path, full).create(TodoDraft(title: "written while the disk is full")).toBlocking().single()
            #expect(folder.bytes("todos.json.bak") == oldBackup, "the old backup is kept")
            #expect(!names().contains("todos.json.bak.tmp"))
        }
        // The store itself was written each time, and what follows works and refreshes the backup.
        #expect(try service(path).fetch(TodoQuery(status: .all)).toBlocking().single().count == 4)
        _ = try service(path).create(TodoDraft(title: "after")).toBlocking().single()
        #expect(folder.bytes("todos.json.bak") == folder.bytes("todos.json"))
    }

    @Test func aJournaledStoresBackupThatCannotBeWrittenLeavesTheOldOneInPlace() throws {
        let path = folder.file("todos.json")
        let options = JSONFileStoreTests.journaled
        let service = self.service(path, options)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        let oldBackup = try #require(folder.bytes("todos.json.bak"))
        var full = options
        full.faults = StoreFaults(failing: .sync, with: ENOSPC, onFilesEndingWith: ".bak")
        // Enough changes to fill the journal, so that it is folded into a new snapshot.
        for index in 1...30 {
            _ = try self.service(path, full).create(TodoDraft(title: "more \(index)")).toBlocking().single()
        }
        #expect(folder.bytes("todos.json.bak") == oldBackup)
        #expect(try self.service(path, options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 38)
    }
}
