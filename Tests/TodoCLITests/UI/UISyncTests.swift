import Foundation
import ReactorKitTesting
import Testing
import TodoCore
import TodoCoreTesting
import TodoSync

@testable import todo_cli

/// The sync in `todo ui` without a terminal: the status line's words for each status (cut to
/// fit, control characters shown as `�`), `S` without `sync.url`, and `S` with a sync service
/// whose delivery the loop polls, bringing a todo from a vdir folder into the list.
@Suite struct UISyncTests {
    /// The status line of the sample screen with `sync` (the line with `? help`).
    func statusLine(_ sync: SyncStatus?, columns: Int = 80) -> String {
        var input = screenInput(sampleTodos, columns: columns)
        input.sync = sync
        let lines = screenText(input)
        return lines.first { $0.hasSuffix("? help ") } ?? lines.joined(separator: "\n")
    }

    @Test func theStatusLineSaysWhereTheSyncStands() {
        let counts = " 3 pending · 1 done · 1 overdue"
        #expect(statusLine(nil).hasPrefix(counts) && statusLine(nil).hasSuffix("   ? help "))
        #expect(statusLine(.idle) == statusLine(nil), "nothing before the first sync")
        #expect(statusLine(.syncing).hasSuffix("   syncing… · ? help "))
        let twoMinutesAgo = uiNow.addingTimeInterval(-150)
        #expect(statusLine(.synced(SyncReport(name: "x"), at: twoMinutesAgo)).hasSuffix(" synced 2 min ago · ? help "))
        #expect(statusLine(.synced(SyncReport(name: "x"), at: uiNow)).hasSuffix(" synced just now · ? help "))
        let failure = SyncFailure(
            message: "the folder /home/ann/tasks does not exist; create it (mkdir -p /home/ann/tasks) or fix sync.url",
            at: uiNow)
        let failed = statusLine(.failed(failure), columns: 120)
        #expect(failed.hasSuffix(" sync failed: the folder /home/ann/tasks does not exist · ? help "), "\(failed)")
        #expect(failed.hasPrefix(counts))
        let cut = statusLine(.failed(failure))
        #expect(cut.hasSuffix(" sync failed: the folder /home/ann/tas… · ? help "), "\(cut)")
    }

    @Test func aLongOrHostileReasonIsCutToFitAndCannotActOnTheTerminal() {
        let failure = SyncFailure(
            message:
                "dav.example.com said \u{1B}[2J something very long indeed, far longer than any terminal line is wide",
            at: uiNow)
        let line = statusLine(.failed(failure))
        #expect(DisplayWidth.of(line) == 80)
        #expect(line.contains("sync failed: dav.example.com said �[") && line.hasSuffix("… · ? help "), "\(line)")
        #expect(!line.unicodeScalars.contains("\u{1B}"))
        // Too narrow for it: the counts and the help only.
        let narrow = statusLine(.failed(failure), columns: 50)
        #expect(!narrow.contains("sync failed") && narrow.hasPrefix(" 3 pending"), "\(narrow)")
    }

    @Test func sWithoutSyncURLSaysHowToSetIt() {
        let session = UISession(
            shell: AppShell(provider: uiProvider(sampleTodos)), alerts: UIAlertService(),
            size: TerminalSize(rows: 24, columns: 80))
        session.handle([.character("S")])
        #expect(!session.needsSync)
        let message = session.frame().text.suffix(3).joined(separator: " ")
        #expect(message.contains("S syncs with sync.url, which is not set:"), "\(message)")
        session.tearDown()
    }

    @Test func sAsksTheLoopToSyncAndWhatTheSyncBringsInShowsOnceDelivered() throws {
        let folder = NSTemporaryDirectory() + "todo-ui-sync-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let vtodo =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:call-mum@phone\r\n"
            + "SUMMARY:Call mum\r\nDTSTAMP:20300101T000000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        try vtodo.write(toFile: folder + "/call-mum.ics", atomically: true, encoding: .utf8)
        let provider = uiProvider([Todo.fixture(1, "Buy milk")])
        let scheduler = TestScheduler(initialClock: 0)
        let sync = SyncService(
            provider: provider, url: "file://" + folder, state: InMemorySyncStateStore(),
            transport: { VdirTransport(folder: folder) }, scheduler: scheduler, delivery: .polled)
        let session = UISession(
            shell: AppShell(provider: provider), alerts: UIAlertService(), size: TerminalSize(rows: 24, columns: 80),
            syncService: sync)
        defer { session.tearDown() }
        session.handle([.character("S")])
        #expect(session.needsSync, "the loop starts it")
        // What the loop does: start it; the sync runs elsewhere; deliver on the loop's thread.
        session.needsSync = false
        sync.syncNow()
        scheduler.start()
        #expect(!session.frame().text.contains { $0.contains("Call mum") }, "written, not yet delivered")
        #expect(session.frame().text.contains { $0.hasSuffix("syncing… · ? help ") })
        #expect(sync.deliver())
        session.syncDelivered()
        let screen = session.frame().text
        #expect(screen.contains { $0.contains("2 [ ]") && $0.contains("Call mum") }, "\(screen)")
        #expect(screen.contains { $0.contains("2 pending · 0 done") && $0.hasSuffix("synced just now · ? help ") })
        let message = screen.suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(message == "Synced with \(folder): 1 received, 1 sent, 0 deleted here, 0 conflicts", "\(screen)")
    }
}
