import Foundation
import TestSupport
import Testing

/// `todo sync --setup` and `todo sync` with a real CalDAV server (Radicale, with Basic
/// authentication), from the built binaries (`todo` starts `todo-caldav` beside it). Skipped
/// when Radicale is not installed, a failure in CI (`.ci/run` installs it).
@Suite(.enabled(if: DAVServer.path(of: .radicale) != nil || DAVServer.isCI, "Radicale is not installed"))
struct SyncSetupEndToEndTests {
    @Test func setupFindsTheTodoCollectionChecksTheCredentialsAndWritesTheSettings() throws {
        let server = try DAVServer(.radicale, auth: true)
        try server.makeCalendar("/alice/events/", displayName: "Events", todos: false)
        let sandbox = TodoSandbox()
        let wrong = sandbox.run(
            ["sync", "--setup", server.baseURL + "/", "--user", "alice"], environment: ["TODO_SYNC_PASSWORD": "wrong"])
        #expect(wrong.status == 77, "\(wrong)")
        #expect(wrong.stderr.contains("refused") && !wrong.stderr.contains("wrong"))
        #expect(sandbox.configText == nil)
        let password = ["TODO_SYNC_PASSWORD": server.password!]
        let unknown = sandbox.run(
            ["sync", "--setup", server.baseURL + "/", "--user", "alice", "--collection", "work"], environment: password)
        #expect(
            unknown.status == 1 && unknown.stderr.contains("'work'") && unknown.stderr.contains("tasks"), "\(unknown)")
        let setup = sandbox.run(["sync", "--setup", server.baseURL + "/", "--user", "alice"], environment: password)
        #expect(setup.status == 0, "\(setup)")
        #expect(setup.stdout.contains("* tasks") && !setup.stdout.contains("events"))
        let config = try #require(sandbox.configText)
        #expect(config.contains("sync.url = \(server.collectionURL)") && config.contains("sync.username = alice"))
        #expect(!config.contains(server.password!))
        // And the sync goes through the helper.
        sandbox.run(["add", "Buy milk", "due:2030-01-09"])
        let synced = sandbox.run(["sync", "--json"], environment: password)
        #expect(synced.status == 0, "\(synced)")
        #expect((synced.json as? [String: Any])?["sent"] as? Int == 1)
        let again = sandbox.run(["sync"], environment: password)
        #expect(
            again.stdout
                == "Synced with 127.0.0.1:\(server.port)/tasks: 0 received, 0 sent, 0 deleted here, 0 conflicts\n")
        // Another device gets it.
        let other = TodoSandbox()
        other.writeConfig(config)
        let received = other.run(["sync"], environment: password)
        #expect(received.stdout.contains("1 received"), "\(received)")
        #expect(other.run(["list"]).stdout.contains("Buy milk"))
        server.stop()
        let down = sandbox.run(["sync"], environment: password)
        #expect(down.status == 69 && down.stderr.contains("cannot reach"), "\(down)")
    }

    @Test func setupOfAFolderMakesItAndWritesTheURL() throws {
        let sandbox = TodoSandbox()
        let url = "file://\(sandbox.folder)/calendars/tasks"
        let result = sandbox.run(["sync", "--setup", url])
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: sandbox.folder + "/calendars/tasks"))
        #expect(sandbox.configText?.contains("sync.url = \(url)") == true)
        let insecure = sandbox.run(["sync", "--setup", "http://dav.example.com/"])
        #expect(insecure.status == 78 && insecure.stderr.contains("sync.allow_insecure"), "\(insecure)")
        let loose = sandbox.run(["sync", "--user", "ann"])
        #expect(loose.status == 64 && loose.stderr.contains("--setup"), "\(loose)")
    }
}
