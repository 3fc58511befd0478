import Foundation
import TestSupport
import Testing

/// The store's files as `todo` leaves them: a store path that is a symbolic link, and the
/// permission bits a write keeps.
@Suite struct StoreFilesEndToEndTests {
    let todo = TodoSandbox()

    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    @Test func aStorePathThatIsALinkIsWrittenAtItsTargetAndStaysALink() async throws {
        #expect(await todo.run("add a").status == 0)
        let links = todo.folder + "/links"
        try FileManager.default.createDirectory(atPath: links, withIntermediateDirectories: true)
        let link = links + "/link.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../store/todos.json")
        let added = await todo.run(["add", "b"], environment: ["TODO_FILE": link])
        #expect(added.status == 0, "\(added)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../store/todos.json")
        #expect(names(in: links) == ["link.json"])
        #expect(names(in: todo.folder + "/store") == ["todos.json", "todos.json.bak", "todos.json.lock"])
        let listed = await todo.run("list --all --json")
        #expect((listed.json as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["a", "b"])
    }

    @Test func commandsThatFailOrChangeNothingCreateNoFolderAndNoLock() async {
        let store = todo.folder + "/store"
        #expect(!FileManager.default.fileExists(atPath: store))
        #expect(await todo.run("done 1").status == 1)
        #expect(await todo.run("undo").status == 1)
        #expect(await todo.run("clear --yes").status == 0)
        #expect(await todo.run("edit 1 --title x").status == 1)
        #expect(!FileManager.default.fileExists(atPath: store), "\(names(in: store))")
        #expect(await todo.run("add first").status == 0)
        #expect(names(in: store) == ["todos.json", "todos.json.bak", "todos.json.lock"])
    }

    @Test func inAFolderWithoutAStoreCommandsThatFailOrChangeNothingCreateNoLock() async throws {
        let store = todo.folder + "/store"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        #expect(await todo.run("done 1").status == 1)
        #expect(await todo.run("undo").status == 1)
        #expect(await todo.run("clear --yes").status == 0)
        #expect(await todo.run("rm 1 --yes").status == 1)
        #expect(await todo.run("list").status == 0)
        #expect(names(in: store) == [])
        #expect(await todo.run("add first").status == 0)
        #expect(names(in: store) == ["todos.json", "todos.json.bak", "todos.json.lock"])
        // With a store, a command that fails takes the lock to find out: the file stays.
        #expect(await todo.run("done 9").status == 1)
        #expect(names(in: store) == ["todos.json", "todos.json.bak", "todos.json.lock"])
    }

    @Test func aLoopOfLinksExits74NamingThePath() async throws {
        let first = todo.folder + "/first.json"
        try FileManager.default.createSymbolicLink(atPath: first, withDestinationPath: "second.json")
        try FileManager.default.createSymbolicLink(
            atPath: todo.folder + "/second.json", withDestinationPath: "first.json")
        let result = await todo.run(["add", "x"], environment: ["TODO_FILE": first])
        #expect(result.status == 74 && result.stdout == "", "\(result)")
        #expect(result.stderr.contains(first) && result.stderr.contains("symbolic links"), "\(result)")
    }

    @Test func aPrivateStoreStaysPrivate() async {
        #expect(await todo.run("add a").status == 0)
        #expect(chmod(todo.storePath, 0o600) == 0)
        #expect(await todo.run("add b").status == 0)
        #expect(mode(todo.storePath) == 0o600)
        #expect(mode(todo.storePath + ".bak") == 0o600)
    }
}
