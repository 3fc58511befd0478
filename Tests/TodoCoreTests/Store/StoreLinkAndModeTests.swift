import Foundation
import ReactorKitTesting
import Testing

@testable import TodoCore

/// A store path that is a symbolic link (the store is the file it names, and every file of
/// the store lives beside that one), and the permission bits a rewrite keeps.
@Suite struct StoreLinkAndModeTests {
    let folder = TemporaryFolder()
    let providers = ProviderPool()
    let uuids = UUIDSource.sequential()

    func service(_ path: String, _ options: JSONFileTodoStorage.Options = .init()) -> TodoServiceType {
        providers.keep(makeProvider(storage: JSONFileTodoStorage(path: path, options: options), uuids: uuids))
            .todoService
    }

    func titles(_ path: String) throws -> [String] {
        try service(path).fetch(TodoQuery(status: .all)).toBlocking().single().map(\.title)
    }

    func link(_ name: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.file(name), withDestinationPath: target)
    }

    /// The link's target, or `nil` when `name` is not a symbolic link.
    func linkTarget(_ name: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: folder.file(name))
    }

    /// The names in the folder `name` (the temporary folder itself for `""`), sorted.
    func names(in name: String = "") -> [String] {
        let path = name.isEmpty ? folder.path : folder.file(name)
        return ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// The permission bits of `name`.
    func mode(_ name: String) -> mode_t? {
        var info = stat()
        guard stat(folder.file(name), &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    // MARK: Symbolic links

    @Test(arguments: [false, true])
    func writesThroughALinkGoToItsTargetAndTheStoresFilesLiveBesideIt(journaled: Bool) throws {
        let options = journaled ? JSONFileStoreTests.journaled : JSONFileTodoStorage.Options()
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        let real = folder.file("real/todos.json")
        _ = try service(real, options).create(TodoDraft(title: "a")).toBlocking().single()
        try link("link.json", to: real)
        let throughLink = service(folder.file("link.json"), options)
        for index in 1...8 {
            _ = try throughLink.create(TodoDraft(title: "todo number \(index)")).toBlocking().single()
        }
        _ = try throughLink.markDone(ids: [2]).toBlocking().single()
        #expect(linkTarget("link.json") == real, "the link stays a link")
        #expect(names() == ["link.json", "real"], "nothing is created beside the link")
        var expected = ["todos.json", "todos.json.bak", "todos.json.lock"]
        if journaled { expected.append("todos.json.journal") }
        #expect(names(in: "real") == expected.sorted())
        let all = ["a"] + (1...8).map { "todo number \($0)" }
        #expect(try titles(real) == all)
        #expect(try titles(folder.file("link.json")) == all)
    }

    @Test func bothPathsToOneStoreTakeOneLock() throws {
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        let real = folder.file("real/todos.json")
        _ = try service(real).create(TodoDraft(title: "a")).toBlocking().single()
        try link("link.json", to: "real/todos.json")
        let lock = try #require(
            try StoreLock.acquire(real + ".lock", exclusive: true, timeout: 0, store: real))
        defer { lock.release() }
        let error = todoError {
            try service(folder.file("link.json"), .init(lockTimeout: 0)).create(TodoDraft(title: "b")).toBlocking()
                .single()
        }
        guard case .storeLocked? = error else {
            Issue.record("expected the store to be locked, got \(String(describing: error))")
            return
        }
        #expect(!folder.exists("link.json.lock"))
    }

    @Test func aRelativeLinkAndAChainOfLinksAreFollowedFromEachLinksFolder() throws {
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
        try link("first.json", to: "real/todos.json")  // relative to the folder holding the link
        try link("sub/second.json", to: "../first.json")
        try link("sub/third.json", to: folder.file("sub/second.json"))
        _ = try service(folder.file("first.json")).create(TodoDraft(title: "one")).toBlocking().single()
        _ = try service(folder.file("sub/third.json")).create(TodoDraft(title: "two")).toBlocking().single()
        #expect(linkTarget("first.json") == "real/todos.json")
        #expect(linkTarget("sub/second.json") == "../first.json")
        #expect(names(in: "sub") == ["second.json", "third.json"])
        #expect(names(in: "real") == ["todos.json", "todos.json.bak", "todos.json.lock"])
        #expect(try titles(folder.file("real/todos.json")) == ["one", "two"])
    }

    @Test func aDanglingLinkCreatesTheStoreAtItsTarget() throws {
        try link("link.json", to: "missing/todos.json")
        #expect(try titles(folder.file("link.json")) == [])
        #expect(names() == ["link.json"], "reading creates nothing")
        _ = try service(folder.file("link.json")).create(TodoDraft(title: "first")).toBlocking().single()
        #expect(linkTarget("link.json") == "missing/todos.json")
        #expect(names(in: "missing") == ["todos.json", "todos.json.bak", "todos.json.lock"])
        #expect(try titles(folder.file("missing/todos.json")) == ["first"])
    }

    @Test func aLoopOfLinksIsAnIOErrorNamingThePath() throws {
        try link("a.json", to: "b.json")
        try link("b.json", to: "a.json")
        let path = folder.file("a.json")
        for operation in StoreDamageTests.everyOperation(service(path)) {
            guard case .io(let file, _, let reason)? = operation.1() else {
                Issue.record("\(operation.0): expected an I/O error")
                continue
            }
            #expect(file == path, "\(operation.0)")
            #expect(reason.contains("loop of symbolic links"), "\(reason)")
        }
        #expect(names() == ["a.json", "b.json"])
    }

    @Test func aLongLivedStorageFollowsALinkThatChanges() throws {
        try FileManager.default.createDirectory(atPath: folder.file("one"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("two"), withIntermediateDirectories: true)
        try link("link.json", to: "one/todos.json")
        let service = self.service(folder.file("link.json"))
        _ = try service.create(TodoDraft(title: "in one")).toBlocking().single()
        try FileManager.default.removeItem(atPath: folder.file("link.json"))
        try link("link.json", to: "two/todos.json")
        _ = try service.create(TodoDraft(title: "in two")).toBlocking().single()
        #expect(try titles(folder.file("one/todos.json")) == ["in one"])
        #expect(try titles(folder.file("two/todos.json")) == ["in two"])
    }

    // MARK: File modes

    @Test(arguments: [0o600, 0o640, 0o444] as [mode_t])
    func aRewriteKeepsTheStoresModeAndItsBackupIsNoMoreReadable(mode: mode_t) throws {
        let path = folder.file("todos.json")
        _ = try service(path).create(TodoDraft(title: "a")).toBlocking().single()
        #expect(chmod(path, mode) == 0)
        _ = try service(path).create(TodoDraft(title: "b")).toBlocking().single()
        #expect(self.mode("todos.json") == mode)
        #expect(self.mode("todos.json.bak") == mode)
        #expect(try titles(path) == ["a", "b"])
    }

    @Test func aJournaledStoreKeepsItsModeThroughCompactionsAndSoDoItsJournalAndBackup() throws {
        let path = folder.file("todos.json")
        let options = JSONFileStoreTests.journaled
        _ = try service(path, options).create(TodoDraft(title: "todo number 0")).toBlocking().single()
        #expect(chmod(path, 0o600) == 0)
        for index in 1...40 {
            _ = try service(path, options).create(TodoDraft(title: "todo number \(index)")).toBlocking().single()
        }
        #expect(folder.exists("todos.json.journal"))
        #expect(mode("todos.json") == 0o600)
        #expect(mode("todos.json.journal") == 0o600)
        #expect(mode("todos.json.bak") == 0o600)
        #expect(try titles(path).count == 41)
    }

    @Test func aBackupMoreReadableThanItsStoreIsNarrowedWhenReplaced() throws {
        let path = folder.file("todos.json")
        _ = try service(path).create(TodoDraft(title: "a")).toBlocking().single()
        #expect(chmod(folder.file("todos.json.bak"), 0o644) == 0)
        #expect(chmod(path, 0o600) == 0)
        _ = try service(path).create(TodoDraft(title: "b")).toBlocking().single()
        #expect(mode("todos.json") == 0o600)
        #expect(mode("todos.json.bak") == 0o600)
    }

    @Test func aNewStoreGetsTheDefaultMode() throws {
        guard let mask = Self.umask() else { return }  // no way to read it here
        let path = folder.file("todos.json")
        _ = try service(path).create(TodoDraft(title: "a")).toBlocking().single()
        #expect(mode("todos.json") == 0o644 & ~mask)
        #expect(mode("todos.json.bak") == 0o644 & ~mask)
    }

    @Test func theModeOfALinkedStoreIsTheTargetsAndTheLinkStaysALink() throws {
        try FileManager.default.createDirectory(atPath: folder.file("real"), withIntermediateDirectories: true)
        let real = folder.file("real/todos.json")
        _ = try service(real).create(TodoDraft(title: "a")).toBlocking().single()
        #expect(chmod(real, 0o600) == 0)
        try link("link.json", to: real)
        _ = try service(folder.file("link.json")).create(TodoDraft(title: "b")).toBlocking().single()
        #expect(mode("real/todos.json") == 0o600)
        #expect(mode("real/todos.json.bak") == 0o600)
        #expect(linkTarget("link.json") == real)
    }

    /// The process's umask, read without changing it (`/proc/self/status`), or `nil`.
    static func umask() -> mode_t? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
            return mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        }
        return nil
    }
}
