import Foundation
import Testing

@testable import TodoCore

/// `todo config KEY VALUE` and `--unset`: one key rewritten, atomically, keeping the rest of the
/// file as it was.
@Suite struct TodoConfigFileTests {
    let folder = TemporaryFolder()
    var path: String { folder.file("config") }
    var file: TodoConfigFile { TodoConfigFile(path: path) }

    func text() -> String? {
        folder.bytes("config").map { String(decoding: $0, as: UTF8.self) }
    }

    func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    /// The error `body` throws.
    func failure(_ body: () throws -> Void) -> TodoConfigError? {
        do {
            try body()
            return nil
        } catch let error as TodoConfigError {
            return error
        } catch {
            return TodoConfigError(
                file: "?", origin: nil, key: nil, problem: "not a TodoConfigError: \(error)", fix: "")
        }
    }

    /// A file with comments, a blank line, a key set twice and trailing spaces.
    let sample = [
        "# todo's settings", "week.start = monday", "", "# Shortcuts", "alias.t = next +today",
        "alias.t = next +today +work", "color = auto   ", "",
    ].joined(separator: "\n")

    @Test func settingAKeyRewritesItsLineAndKeepsEverythingElse() throws {
        folder.write("config", sample)
        let config = try file.set("week.start", to: " sunday ")
        #expect(config.weekStart == .sunday)
        try file.set("alias.t", to: "next +today +home")
        #expect(
            text()
                == "# todo's settings\nweek.start = sunday\n\n# Shortcuts\nalias.t = next +today +home\ncolor = auto   \n"
        )
        #expect(
            try TodoConfig.load(environment: ["TODO_CONFIG": path]).expansion(ofAlias: "t") == [
                "next", "+today", "+home",
            ])
    }

    @Test func aNewKeyGoesAfterItsFamilyElseAtTheEnd() throws {
        folder.write("config", sample)
        try file.set("alias.w", to: "list +work")
        try file.set("hooks", to: "off")
        try file.set("color", to: "never")
        let lines = text()!.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines == [
                "# todo's settings", "week.start = monday", "", "# Shortcuts", "alias.t = next +today",
                "alias.t = next +today +work", "alias.w = list +work", "color = never", "hooks = off", "",
            ])
    }

    @Test func theFileAndItsFolderAreCreatedWhenMissing() throws {
        let nested = TodoConfigFile(path: folder.file("a/b/config"))
        let config = try nested.set("context.work", to: "project:Work +office")
        #expect(config.contexts["work"]?.project == "Work")
        #expect(
            folder.bytes("a/b/config").map { String(decoding: $0, as: UTF8.self) }
                == "context.work = project:Work +office\n")
        try nested.set("context", to: "work")
        #expect(
            try TodoConfig.load(environment: ["TODO_CONFIG": folder.file("a/b/config")]).activeContext?.name == "work")
    }

    @Test func unsettingRemovesEveryLineOfTheKey() throws {
        folder.write("config", sample)
        #expect(try file.unset("alias.t"))
        #expect(text() == "# todo's settings\nweek.start = monday\n\n# Shortcuts\ncolor = auto   \n")
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        #expect(try !file.unset("alias.t"))
        #expect(try !file.unset("hooks"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == before)
        // A key todo does not know can be removed too.
        folder.write("config", "colour = never\ncolor = auto\n")
        #expect(try file.unset("colour"))
        #expect(text() == "color = auto\n")
        // Removing every line leaves an empty file.
        #expect(try file.unset("color"))
        #expect(text() == "")
        // No file: nothing to remove, nothing created.
        #expect(try !TodoConfigFile(path: folder.file("none/config")).unset("color"))
        #expect(!folder.exists("none/config"))
    }

    @Test func anUnknownKeyOrABadValueIsRefusedAndTheFileUnchanged() throws {
        folder.write("config", sample)
        let unknown = try #require(failure { try file.set("week.stat", to: "sunday") })
        #expect(unknown.origin == nil && unknown.key == "week.stat")
        #expect(
            unknown.description
                == "config \(path): week.stat: todo has no setting 'week.stat'; did you mean 'week.start'?")
        let bad = try #require(failure { try file.set("week.start", to: "tuesday") })
        #expect(
            bad.description == "config \(path): week.start: 'tuesday' is not monday or sunday; use monday or sunday")
        #expect(failure { try file.set("alias.t", to: "next\nlist") }?.problem == "a value is one line")
        #expect(failure { try file.set("alias.-t", to: "next") }?.problem == "'-t' cannot name an alias")
        #expect(text() == sample)
    }

    @Test func aChangeThatWouldMakeTheFileContradictItselfIsRefused() throws {
        folder.write("config", "context.work = +office\ncontext = work\n")
        let unset = try #require(failure { _ = try file.unset("context.work") })
        #expect(unset.key == "context" && unset.line == 1)
        #expect(unset.problem == "no context named 'work' is defined")
        #expect(failure { try file.set("context", to: "home") }?.problem == "no context named 'home' is defined")
        #expect(failure { try file.set("alias.a", to: "b") } == nil)
        #expect(
            failure { try file.set("alias.b", to: "a") }?.problem.hasPrefix("the aliases expand to each other") == true)
        let commands: Set<String> = ["list", "next"]
        #expect(
            failure { try file.set("alias.list", to: "next", commands: commands) }?.problem
                == "the alias would hide the command list")
        #expect(text() == "context.work = +office\ncontext = work\nalias.a = b\n")
    }

    @Test func aFileWithAnErrorCanStillBeFixed() throws {
        folder.write("config", "week.start = tuesday\nhooks = maybe\n")
        #expect(throws: TodoConfigError.self) { try TodoConfig.load(environment: ["TODO_CONFIG": path]) }
        try file.set("week.start", to: "sunday")  // hooks = maybe is still wrong, as it was
        try file.set("hooks", to: "off")
        let config = try TodoConfig.load(environment: ["TODO_CONFIG": path])
        #expect(config.weekStart == .sunday && !config.hooksEnabled)
    }

    @Test func thePermissionsLineEndingsAndByteOrderMarkAreKept() throws {
        folder.write("config", "\u{FEFF}# mine\r\ncolor = auto\r\n")
        chmod(path, 0o600)
        try file.set("color", to: "never")
        try file.set("hooks", to: "off")
        #expect(text() == "\u{FEFF}# mine\r\ncolor = never\r\nhooks = off\r\n")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aLinkedFileIsRewrittenWhereItIsAndTheLinkStays() throws {
        try FileManager.default.createDirectory(atPath: folder.file("dotfiles"), withIntermediateDirectories: true)
        folder.write("dotfiles/todo.conf", "color = auto\n")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "dotfiles/todo.conf")
        try file.set("color", to: "never")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "dotfiles/todo.conf")
        #expect(folder.bytes("dotfiles/todo.conf").map { String(decoding: $0, as: UTF8.self) } == "color = never\n")
    }

    @Test func aFailureInTheMiddleLeavesTheOldFile() throws {
        folder.write("config", sample)
        for point in StoreFaults.Point.allCases {
            let faulty = TodoConfigFile(path: path, faults: StoreFaults(failing: point, with: ENOSPC))
            let found = try #require(failure { try faulty.set("week.start", to: "sunday") }, "\(point)")
            #expect(found.reason == .fileSystem, "\(point)")
            #expect(found.description.hasSuffix("no space left on the device; nothing was changed"), "\(point)")
            #expect(text() == sample, "\(point)")
            #expect(names() == ["config", "config.lock"], "\(point): no temporary file left")
        }
        try file.set("week.start", to: "sunday")
        #expect(try TodoConfig.load(environment: ["TODO_CONFIG": path]).weekStart == .sunday)
    }

    @Test func twoWritersAtOnceBothLand() throws {
        folder.write("config", "# start\n")
        let path = self.path
        let keys = (0..<8).map { "alias.a\($0)" }
        DispatchQueue.concurrentPerform(iterations: keys.count) { index in
            _ = try? TodoConfigFile(path: path).set(keys[index], to: "next +t\(index)")
        }
        let config = try TodoConfig.load(environment: ["TODO_CONFIG": path])
        #expect(config.aliases.keys.map { "alias.\($0)" }.sorted() == keys.sorted())
    }
}
