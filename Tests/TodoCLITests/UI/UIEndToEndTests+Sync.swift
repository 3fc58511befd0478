import Foundation
import TestSupport
import Testing

extension UIEndToEndTests {
    /// A second device's change arrives through a vdir folder: after `S`, it shows in the list,
    /// the status line says `synced just now` and the message line what the sync did; with the
    /// folder gone, `S` says `sync failed: …` in the status line, and the screen stays whole.
    @Test func aChangeFromAnotherDeviceShowsAfterSAndTheStatusLineSaysHowTheSyncWent() throws {
        let vdir = todo.folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let phone = TodoSandbox()
        todo.writeConfig("sync.url = file://\(vdir)\n")
        phone.writeConfig("sync.url = file://\(vdir)\n")
        todo.run("add Buy milk")
        let pane = try startUI(columns: 120)
        #expect(pane.waitFor("1 [ ] Buy milk").seen)
        let before = pane.capture()
        #expect(!before.contains { $0.contains("synced") }, "no sync yet: \(before)")

        phone.run("add Call mum")
        #expect(phone.run("sync").status == 0)
        pane.press("S")
        let synced = pane.waitFor { screen in
            screen.contains { $0.contains("2 [ ] Call mum") }
                && screen.contains { $0.contains("2 pending · 0 done") && $0.contains("synced just now · ? help") }
                && screen.contains { $0.contains("Synced with \(vdir): 1 received, 1 sent, 0 deleted here") }
        }
        #expect(synced.seen, "\(synced.screen)")
        #expect(stored().compactMap { $0["title"] as? String } == ["Buy milk", "Call mum"])
        // The other way: the phone gets what was sent.
        #expect(phone.run("sync").stdout.contains("1 received"))

        // A change on the phone that the next S brings: the list follows (an edit, a delete).
        phone.run(["1", "edit", "--title", "Call mum and dad"])
        phone.run(["2", "done"])
        phone.run("sync")
        pane.press("S")
        let changed = pane.waitFor { screen in
            screen.contains { $0.contains("Call mum and dad") } && screen.contains { $0.contains("[x]") }
                && screen.contains { $0.contains("1 pending · 1 done") }
        }
        #expect(changed.seen, "\(changed.screen)")

        // The folder gone: the sync fails, said in the status line; nothing else changes.
        try FileManager.default.moveItem(atPath: vdir, toPath: vdir + ".away")
        pane.press("S")
        let failed = pane.waitFor { screen in
            screen.contains { $0.contains("sync failed: ") && $0.contains("? help") }
                && screen.contains { $0.hasPrefix(" Sync failed: ") }
        }
        #expect(failed.seen, "\(failed.screen)")
        #expect(failed.screen.first?.hasPrefix(" todo  all · by position") == true, "the screen is whole")
        #expect(stored().count == 2)
        pane.press("q")
        expectTerminalRestored(pane)
    }

    /// With `sync.interval` set, the first sync comes by itself shortly after the start.
    @Test func withAnIntervalTheFirstSyncComesByItself() throws {
        let vdir = todo.folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let phone = TodoSandbox()
        phone.writeConfig("sync.url = file://\(vdir)\n")
        phone.run("add Call mum")
        phone.run("sync")
        todo.writeConfig("sync.url = file://\(vdir)\nsync.interval = 10m\n")
        let pane = try startUI(columns: 120)
        let arrived = pane.waitFor { screen in
            screen.contains { $0.contains("1 [ ] Call mum") } && screen.contains { $0.contains("synced just now") }
        }
        #expect(arrived.seen, "\(arrived.screen)")
        // A background sync says nothing on the message line: the keys stay there.
        #expect(arrived.screen.contains { $0.contains("a add · space done") })
        pane.press("q")
        expectTerminalRestored(pane)
    }
}
