import Foundation
import Testing

@testable import todo_cli

/// The history file of `todo shell`: where it is, what it keeps, who can read it.
@Suite struct ShellHistoryTests {
    let sandbox = TodoSandbox()

    /// The permission bits of `path`.
    func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o777
    }

    func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func itLivesInTodosDataFolder() {
        #expect(
            ShellHistory.path(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me", "TODO_FILE": "/x/t.json"])
                == "/data/todo/shell-history")
        #expect(
            ShellHistory.path(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/h"]) == "/data/todo/shell-history")
        #expect(
            ShellHistory.path(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/me"])
                == "/home/me/.local/share/todo/shell-history")
        #expect(ShellHistory.path(environment: ["HOME": "/home/me"]) == "/home/me/.local/share/todo/shell-history")
        #expect(ShellHistory.path(environment: [:]) == nil)
    }

    @Test func linesAreAppendedToAPrivateFileInAPrivateFolder() throws {
        let path = sandbox.folder + "/data/todo/shell-history"
        let history = ShellHistory(path: path)
        #expect(try history.load() == [], "no file yet: no entries, nothing created")
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder + "/data"))
        try history.add("add Buy milk")
        try history.add("list --all")
        #expect(contents(path) == "add Buy milk\nlist --all\n")
        #expect(mode(path) == 0o600)
        #expect(mode(sandbox.folder + "/data/todo") == 0o700)
        #expect(mode(sandbox.folder + "/data") == 0o700)
        #expect(try ShellHistory(path: path).load() == ["add Buy milk", "list --all"])
    }

    @Test func aFileOthersCouldReadIsMadePrivate() throws {
        let path = sandbox.folder + "/shell-history"
        try "list\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        #expect(try ShellHistory(path: path).load() == ["list"])
        #expect(mode(path) == 0o600)
        chmod(path, 0o666)
        try ShellHistory(path: path).add("stats")
        #expect(mode(path) == 0o600)
        #expect(contents(path) == "list\nstats\n")
    }

    @Test func theFileKeepsTheLastEntriesUpToTheLimit() throws {
        let path = sandbox.folder + "/shell-history"
        let history = ShellHistory(path: path, limit: 3)
        for line in ["one", "two", "three", "four", "five"] { try history.add(line) }
        #expect(contents(path) == "three\nfour\nfive\n")
        #expect(mode(path) == 0o600)
        try "a\nb\nc\nd\ne\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try ShellHistory(path: path, limit: 3).load() == ["c", "d", "e"])
        #expect(contents(path) == "c\nd\ne\n", "a file over the limit is cut down when read")
        #expect(ShellHistory.limit == 1000)
    }

    @Test func aLineTooLongIsNotKept() throws {
        let path = sandbox.folder + "/shell-history"
        let history = ShellHistory(path: path)
        try history.add("add " + String(repeating: "x", count: ShellHistory.longestEntry))
        try history.add("list")
        #expect(contents(path) == "list\n")
    }

    @Test func twoShellsAtOnceBothKeepTheirLines() throws {
        let path = sandbox.folder + "/shell-history"
        let first = ShellHistory(path: path)
        let second = ShellHistory(path: path)
        _ = try first.load()
        _ = try second.load()
        try first.add("add one")
        try second.add("add two")
        try first.add("list")
        #expect(try ShellHistory(path: path).load() == ["add one", "add two", "list"])
    }

    @Test func aHistoryThatCannotBeWrittenSaysWhy() throws {
        let blocker = sandbox.folder + "/file"
        try "".write(toFile: blocker, atomically: false, encoding: .utf8)
        let history = ShellHistory(path: blocker + "/todo/shell-history")
        #expect(throws: (any Error).self) { try history.add("list") }
        do {
            try history.add("list")
        } catch {
            #expect(error.description.contains(blocker), "\(error.description)")
        }
    }
}
