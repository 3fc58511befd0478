import Foundation
import TestSupport
import Testing

/// The store's integrity through the `todo` command: a damaged key name, a number no store can
/// hold, a duplicate key or uuid is exit 65 with every file byte for byte as it was; no number,
/// date or file time crashes a command; reading and refused paths make no file.
@Suite struct StoreIntegrityEndToEndTests {
    let todo = TodoSandbox()

    var folder: String { (todo.storePath as NSString).deletingLastPathComponent }

    /// The store, its backup and its journal, as they are now.
    func files() -> [String: Data?] {
        Dictionary(
            uniqueKeysWithValues: ["", ".bak", ".journal"].map {
                ($0, FileManager.default.contents(atPath: todo.storePath + $0))
            })
    }

    /// Runs each command on the damaged store: exit 65, an error naming the store, nothing on
    /// standard output, and no file changed.
    func expectRefused(_ commands: [[String]] = Self.commands, sourceLocation: SourceLocation = #_sourceLocation) async
    {
        let before = files()
        for arguments in commands {
            let result = await todo.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result)", sourceLocation: sourceLocation)
            #expect(result.stdout == "", "\(arguments)", sourceLocation: sourceLocation)
            #expect(
                result.stderr.contains("cannot be read"), "\(arguments): \(result.stderr)",
                sourceLocation: sourceLocation)
        }
        #expect(files() == before, "every file byte for byte as it was", sourceLocation: sourceLocation)
    }

    static let commands = [
        ["show", "1"], ["list", "--all"], ["add", "x"], ["done", "1"], ["edit", "1", "--title", "y"],
        ["rm", "1", "--yes"],
        ["undo"], ["clear", "--yes"], ["stats"], ["export"],
    ]

    @Test func aDamagedByteInAKeyNameIsRefusedAndNothingIsLost() async throws {
        let added = await todo.run([
            "add", "Pay rent", "--note", "account 123", "--due", "2030-01-08", "--tag", "home", "--priority", "high",
        ])
        #expect(added.status == 0)
        await todo.run(["done", "1"])
        await todo.run(["add", "second"])
        let good = try #require(todo.storeBytes)
        for key in [
            "note", "isDone", "due", "tags", "position", "nextPosition", "nextId", "priority", "completedAt", "version",
        ] {
            let text = String(decoding: good, as: UTF8.self)
            #expect(text.contains("\"\(key)\""), "\(key)")
            var bytes = Array(good)
            let quoted = Array("\"\(key)\"".utf8)
            let at = try #require(
                (0...(bytes.count - quoted.count)).first { bytes[$0..<$0 + quoted.count].elementsEqual(quoted) })
            bytes[at + 2] = 0xFE
            todo.writeStore(String(decoding: [], as: UTF8.self))
            _ = FileManager.default.createFile(atPath: todo.storePath, contents: Data(bytes))
            await expectRefused()
        }
        _ = FileManager.default.createFile(atPath: todo.storePath, contents: good)
        let shown = await todo.run(["show", "1"])
        #expect(shown.status == 0 && shown.stdout.contains("account 123"))
    }

    @Test func aDuplicatedKeyOrUUIDIsRefused() async throws {
        await todo.run(["add", "one"])
        await todo.run(["add", "two"])
        let text = String(decoding: try #require(todo.storeBytes), as: UTF8.self)
        todo.writeStore(text.replacingOccurrences(of: #"{"version":3,"#, with: #"{"version":3,"version":3,"#))
        await expectRefused()
        let uuids = text.matches(of: /"uuid":"([0-9a-f-]{36})"/).map { String($0.output.1) }
        #expect(uuids.count == 2)
        todo.writeStore(text.replacingOccurrences(of: uuids[1], with: uuids[0]))
        await expectRefused()
    }

    @Test func aDamagedJournalRecordNameIsRefusedAndNoIdIsReused() async throws {
        // A store large enough to keep a journal (128 KiB).
        let lines = (1...900).map { "(A) todo number \($0) with a title long enough to fill the store +tag" }
        let file = todo.folder + "/import.txt"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(await todo.run(["import", file]).status == 0)
        #expect(await todo.run(["add", "in the journal"]).status == 0)
        let journal = try #require(FileManager.default.contents(atPath: todo.storePath + ".journal"))
        let text = String(decoding: journal, as: UTF8.self)
        #expect(text.contains(#""kind":"created","put":"#))
        try Data(text.replacingOccurrences(of: #""put":"#, with: #""pvt":"#).utf8).write(
            to: URL(fileURLWithPath: todo.storePath + ".journal"))
        await expectRefused()
        try journal.write(to: URL(fileURLWithPath: todo.storePath + ".journal"))
        let shown = await todo.run(["show", "901"])
        #expect(shown.status == 0 && shown.stdout.contains("in the journal"))
    }

    @Test func hugeNumbersAreRefusedNeverACrash() async throws {
        await todo.run(["add", "one"])
        await todo.run(["add", "two"])
        let text = String(decoding: try #require(todo.storeBytes), as: UTF8.self)
        let cases = [
            (#"{"id":2,"#, #"{"id":9223372036854775807,"#), (#""nextId":3,"#, #""nextId":9223372036854775807,"#),
            (#""nextId":3,"#, #""nextId":9223372036854775806,"#),
            (#","position":2048}"#, #","position":9223372036854775807}"#),
            (#""nextPosition":3072,"#, #""nextPosition":9223372036854775000,"#),
        ]
        for (original, huge) in cases {
            #expect(text.contains(original), "\(original)")
            todo.writeStore(text.replacingOccurrences(of: original, with: huge))
            await expectRefused()
        }
        // The largest id is usable; after it, `add` fails with 1 and the store still works.
        todo.writeStore(text.replacingOccurrences(of: #""nextId":3,"#, with: #""nextId":9000000000000000000,"#))
        #expect(await todo.run(["add", "the last"]).stdout.contains("Added 9000000000000000000"))
        let full = await todo.run(["add", "one too many"])
        #expect(full.status == 1 && full.stderr.contains("9000000000000000000"), "\(full)")
        #expect(await todo.run(["rm", "9000000000000000000", "--yes"]).status == 0)
        #expect(await todo.run(["undo"]).status == 0)
        #expect(await todo.run(["list"]).status == 0)
    }

    @Test func anImportWithAnIdPastTheLargestIsRefusedWith65() async throws {
        let file = todo.folder + "/big.json"
        for id in ["9223372036854775806", "9000000000000000001", "99999999999999999999"] {
            try
                #"[{"id":\#(id),"uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3309","title":"Far","createdAt":"2030-01-01T09:00:00Z"}]"#
                .write(toFile: file, atomically: true, encoding: .utf8)
            let result = await todo.run(["import", file])
            #expect(result.status == 65, "\(id): \(result)")
            #expect(todo.storeBytes == nil, "nothing imported")
        }
        #expect(await todo.run(["add", "still works"]).status == 0)
    }

    @Test func fileTimesAfter2262CrashNothing() async throws {
        await todo.run(["add", "one"])
        for path in [todo.storePath, todo.storePath + ".bak", folder] {
            var times = [timespec(tv_sec: 10_413_792_000, tv_nsec: 0), timespec(tv_sec: 10_413_792_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        }
        for arguments in [["list"], ["add", "two"], ["done", "1"], ["stats"], ["undo"], ["show", "2"]] {
            let result = await todo.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
    }

    @Test func readingAndRefusedPathsMakeNoFile() async throws {
        let empty = todo.folder + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for arguments in [["list"], ["stats"], ["show", "1"], ["export"], ["list", "--json"]] {
            let result = await todo.run(["--file", empty + "/t.json"] + arguments)
            #expect([0, 1].contains(result.status), "\(arguments): \(result)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty) == [], "reading made no lock or store")

        let slash = await todo.run(["list"], environment: ["TODO_FILE": empty + "/dir/"])
        #expect(slash.status == 74 && slash.stderr.contains("ends with '/'"), "\(slash)")
        #expect(await todo.run(["add", "x"], environment: ["TODO_FILE": empty + "/dir/"]).status == 74)
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty) == [], "no folder, no lock")

        for path in ["/dev/null", empty] {
            let existed = FileManager.default.fileExists(atPath: path + ".lock")
            for arguments in [["list"], ["add", "x"]] {
                let result = await todo.run(["--file", path] + arguments)
                #expect(result.status == 74, "\(path) \(arguments): \(result)")
            }
            #expect(FileManager.default.fileExists(atPath: path + ".lock") == existed, "no lock beside \(path)")
        }

        let relative = await todo.run(
            ["add", "x"], environment: ["TODO_FILE": "", "XDG_DATA_HOME": "", "HOME": "relative-home"])
        #expect(relative.status == 74 && relative.stderr.contains("absolute"), "\(relative)")
        #expect(!FileManager.default.fileExists(atPath: "relative-home"), "nothing under the current folder")
    }

    @Test func aBackupThatCannotBeWrittenIsNotDeleted() async throws {
        await todo.run(["add", "one"])
        let backup = try #require(FileManager.default.contents(atPath: todo.storePath + ".bak"))
        for fault in ["write:ENOSPC:.bak", "sync:EIO:.bak", "rename:EACCES:.bak"] {
            let result = await todo.run(["add", "while the disk is full"], environment: ["TODO_SIMULATE_FAULT": fault])
            #expect(result.status == 0, "\(fault): \(result)")
            #expect(FileManager.default.contents(atPath: todo.storePath + ".bak") == backup, "\(fault)")
        }
        #expect(await todo.run(["list"]).stdout.components(separatedBy: "while the disk is full").count == 4)
    }

    @Test func nineteenDigitIdsAreShownFromAJournaledStore() async throws {
        let lines = (1...900).map { "todo number \($0) with a title long enough to fill the store quickly" }
        let file = todo.folder + "/import.json"
        let objects = lines.enumerated().map { index, title in
            #"{"id":\#(1_000_000_000_000_000_000 + index),"uuid":"\#(UUID().uuidString)","title":"\#(title)","createdAt":"2030-01-01T09:00:00Z"}"#
        }
        try ("[" + objects.joined(separator: ",\n") + "]").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(await todo.run(["import", file]).status == 0)
        #expect(await todo.run(["add", "journaled"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: todo.storePath + ".journal"))
        for id in [1_000_000_000_000_000_005, 1_000_000_000_000_000_899, 1_000_000_000_000_000_900] {
            let shown = await todo.run(["show", String(id)])
            #expect(shown.status == 0, "\(id): \(shown)")
        }
    }
}
