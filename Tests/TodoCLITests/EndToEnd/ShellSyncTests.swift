import Foundation
import TestSupport
import Testing

/// `todo shell` with `sync.url`: `sync` goes through the session's sync service, so that what it
/// brings in reaches the live counts (the store watcher could not see it: the shell's own
/// process wrote the store); with `sync.interval`, background syncs say what they did.
@Suite struct ShellSyncTests {
    let todo = TodoSandbox()
    let phone = TodoSandbox()
    var vdir: String { todo.folder + "/vdir" }

    init() throws {
        try FileManager.default.createDirectory(atPath: todo.folder + "/vdir", withIntermediateDirectories: true)
        phone.writeConfig("sync.url = file://\(todo.folder)/vdir\n")
    }

    @Test func syncReportsAndWhatItBringsInReachesTheLiveCounts() async throws {
        todo.writeConfig("sync.url = file://\(vdir)\n")
        await phone.run("add Call mum")
        await phone.run("sync")
        let result = await todo.run(["shell"], input: "add Buy milk\nsync\nsync --json\nquit\n")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let synced = try #require(
            lines.firstIndex(of: "Synced with \(vdir): 1 received, 1 sent, 0 deleted here, 0 conflicts"), "\(lines)")
        #expect(lines.dropFirst(synced + 1).first == "2 pending, 0 done", "the counts follow the sync: \(lines)")
        #expect(lines.contains { $0.hasPrefix("{\"conflicts\":[]") || $0.contains("\"received\":0") })
        #expect((await phone.run("sync")).stdout.contains("1 received"))
    }

    @Test func aFailingSyncIsAnErrorAndTheShellGoesOn() async throws {
        todo.writeConfig("sync.url = file://\(todo.folder)/nowhere\n")
        let result = await todo.run(["shell"], input: "sync\nadd Buy milk\nquit\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Error: the folder \(todo.folder)/nowhere does not exist"), "\(result)")
        #expect(result.stdout.contains("1 pending, 0 done"))
    }

    @Test func withAnIntervalABackgroundSyncSaysWhatItBroughtInBeforeTheNextLine() async throws {
        todo.writeConfig("sync.url = file://\(vdir)\nsync.interval = 10m\n")
        await phone.run("add Call mum")
        await phone.run("sync")
        let input = ChildPipe()
        let output = ChildPipe()
        let process = try todo.start(["shell"], input: input, output: output)
        // The first sync comes by itself, about a second after the start.
        let arrived = await onOwnThread { [todo] () -> Bool in
            let deadline = Date().addingTimeInterval(Patience.seconds)
            while Date() < deadline {
                if todo.run(["list", "--json"]).stdout.contains("Call mum") { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }
        #expect(arrived, "the background sync brought nothing")
        input.write(Data("stats --json\nquit\n".utf8))
        input.closeWriteEnd()
        let text = await onOwnThread { String(decoding: output.readToEnd(), as: UTF8.self) }
        await onOwnThread { process.waitUntilExit() }
        #expect(process.terminationStatus == 0)
        let said = try #require(
            text.range(of: "Synced with \(vdir): 1 received, 0 sent, 0 deleted here, 0 conflicts\n1 pending, 0 done"),
            "\(text)")
        let stats = try #require(text.range(of: "\"pending\":1"), "\(text)")
        #expect(said.upperBound < stats.lowerBound, "\(text)")
    }
}
