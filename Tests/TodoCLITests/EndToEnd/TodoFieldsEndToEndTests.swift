import Foundation
import TestSupport
import Testing

/// Issue 18's fields and commands on the real binary: `add` and `edit` with inline attributes
/// and the new options, `log`, `annotate` and `denotate`, `start` and `stop`, `next`, and the
/// listing's project column and state marks.
@Suite struct TodoFieldsEndToEndTests {
    let todo = TodoSandbox()

    func object(_ id: Int) async -> [String: Any] {
        await todo.run(["show", String(id), "--json"]).json as? [String: Any] ?? [:]
    }

    /// Today in UTC (the sandbox's time zone), as `YYYY-MM-DD`, moved by `days`.
    func day(_ days: Int = 0) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(byAdding: .day, value: days, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test func addWithInlineAttributes() async {
        await todo.run(["add", "Prepare", "-q"])
        let added = await todo.run([
            "add", "Call", "Bob", "due:+3d", "+sales", "pri:h", "project:Work", "wait:+2d", "scheduled:+1d",
            "repeat:weekly", "dep:1", "--json",
        ])
        let todo2 = added.json as? [String: Any] ?? [:]
        #expect(added.status == 0, "\(added)")
        #expect(todo2["title"] as? String == "Call Bob")
        #expect(todo2["due"] as? String == day(3))
        #expect(todo2["tags"] as? [String] == ["sales"])
        #expect(todo2["priority"] as? String == "high")
        #expect(todo2["project"] as? String == "Work")
        #expect(todo2["wait"] as? String == day(2))
        #expect(todo2["scheduled"] as? String == day(1))
        #expect(todo2["recurrence"] as? String == "weekly")
        #expect(todo2["depends"] as? [Int] == [1])
        #expect(todo2["status"] as? String == "waiting")
        #expect(todo2["isBlocked"] as? Bool == true)
        let text = await todo.run(["add", "Pay", "rent", "--project", "Home", "--depends", "1,2"])
        #expect(text.stdout == "Added 3: Pay rent (project Home, depends on 1, 2)\n")
    }

    @Test func addRefusesWhatItCannotRead() async {
        let twice = await todo.run(["add", "x", "due:fri", "--due", "mon"])
        #expect(twice.status == 64)
        #expect(
            twice.stderr.hasPrefix("Error: the due date is given twice, with --due and inline (due:); give it once\n"))
        let bad = await todo.run(["add", "x", "due:someday"])
        #expect(bad.status == 64 && bad.stderr.hasPrefix("Error: 'due:someday': 'someday' is not a date"))
        let unknown = await todo.run(["add", "x", "dep:9"])
        #expect(unknown.status == 1, "\(unknown)")
        let circle = await todo.run(["add", "y", "-q"])
        #expect(circle.status == 0)
        #expect(await todo.run(["edit", "1", "dep:1"]).status == 64, "a todo cannot wait for itself")
        #expect(todo.storeBytes != nil)
    }

    @Test func logRecordsATodoAlreadyDone() async {
        let logged = await todo.run(["log", "Called", "Bob", "+sales"])
        #expect(logged.stdout == "Logged 1: Called Bob\n", "\(logged)")
        let object = await object(1)
        #expect(object["isDone"] as? Bool == true && object["completedAt"] is String)
        #expect(object["status"] as? String == "done")
        let repeating = await todo.run(["log", "Water", "plants", "repeat:weekly"])
        #expect(repeating.status == 64)
        #expect(
            repeating.stderr.hasPrefix(
                "Error: a todo recorded as done cannot repeat (weekly); add it, then complete it, to start a series\n"))
    }

    @Test func editWithInlineChangesAndOptions() async {
        await todo.run(["add", "Buy", "milk", "+errands", "due:+1d", "project:Home", "-q"])
        await todo.run(["add", "Other", "-q"])
        await todo.run(["add", "Third", "-q"])
        let edited = await todo.run([
            "edit", "1", "Buy", "oat", "milk", "-errands", "+shop", "due:", "pri:m", "dep:2,3",
        ])
        #expect(edited.stdout == "Updated 1: Buy oat milk\n", "\(edited)")
        var object = await object(1)
        #expect(object["title"] as? String == "Buy oat milk")
        #expect(object["tags"] as? [String] == ["shop"])
        #expect(object["due"] is NSNull)
        #expect(object["priority"] as? String == "medium")
        #expect(object["depends"] as? [Int] == [2, 3])
        await todo.run(["1", "edit", "dep:-2", "--project", "none", "--wait", "+4d", "-q"])
        object = await self.object(1)
        #expect(object["depends"] as? [Int] == [3])
        #expect(object["project"] is NSNull)
        #expect(object["wait"] as? String == day(4))
        await todo.run(["edit", "1", "--depends", "none", "wait:none", "-q"])
        object = await self.object(1)
        #expect(object["depends"] as? [Int] == [] && object["wait"] is NSNull)
        let json = await todo.run(["edit", "1", "pri:m", "--json"])
        #expect((json.json as? [String: Any])?["changed"] as? Bool == false, "\(json)")
        let nothing = await todo.run(["edit", "1"])
        #expect(nothing.status == 64 && nothing.stderr.hasPrefix("Error: nothing to change;"))
    }

    @Test func annotateAndDenotate() async {
        await todo.run(["add", "Call", "Bob", "+sales", "-q"])
        await todo.run(["add", "Call", "Ann", "+sales", "-q"])
        #expect(await todo.run(["annotate", "1", "No", "answer"]).stdout == "Annotated 1: Call Bob\n")
        #expect(await todo.run(["1", "annotate", "Left", "a", "message"]).status == 0)
        var annotations = await object(1)["annotations"] as? [[String: Any]] ?? []
        #expect(annotations.compactMap { $0["text"] as? String } == ["No answer", "Left a message"])
        #expect(annotations.allSatisfy { $0["at"] is String })
        let both = await todo.run(["+sales", "annotate", "Prices", "go", "up", "--yes"])
        #expect(both.stdout == "Annotated 1: Call Bob\nAnnotated 2: Call Ann\n")
        #expect(await todo.run(["undo"]).stdout == "Undid annotating 2 todos\n")
        let removed = await todo.run(["denotate", "1", "1"])
        #expect(removed.stdout == "Removed an annotation of 1: Call Bob (1 left)\n", "\(removed)")
        #expect(
            await todo.run(["denotate", "1", "MESSAGE"]).stdout == "Removed an annotation of 1: Call Bob (none left)\n")
        annotations = await object(1)["annotations"] as? [[String: Any]] ?? []
        #expect(annotations.isEmpty)
        let unknown = await todo.run(["denotate", "1", "3"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr == "Error: todo 1 has no annotation '3'; give its number (1 is the oldest) or its text\n")
        #expect(await todo.run(["annotate", "1", " "]).status == 64)
    }

    @Test func startAndStop() async {
        await todo.run(["add", "Write", "-q"])
        await todo.run(["log", "Done", "already", "-q"])
        #expect(await todo.run(["start", "1"]).stdout == "Started 1: Write\n")
        #expect(
            await todo.run(["start", "1", "2"]).stdout == "Already started 1: Write\nAlready done 2: Done already\n")
        #expect(await object(1)["startedAt"] is String)
        #expect(await todo.run(["list"]).stdout == "1 [*] Write\n")
        #expect(await todo.run(["list", "is:active"]).stdout == "1 [*] Write\n")
        #expect(await todo.run(["1", "stop"]).stdout == "Stopped 1: Write\n")
        #expect(await todo.run(["stop", "1"]).stdout == "Not started 1: Write\n")
        #expect(await object(1)["startedAt"] is NSNull)
    }

    @Test func theListingShowsTheProjectAndTheStates() async {
        await todo.run(["add", "Plain", "-q"])
        await todo.run(["add", "Blocked", "dep:1", "project:Home.Garden", "-q"])
        await todo.run(["add", "Waiting", "wait:+3d", "-q"])
        await todo.run(["add", "Active", "project:Work", "-q"])
        await todo.run(["start", "4", "-q"])
        #expect(
            await todo.run(["list", "--all"]).stdout == """
                1 [ ]             Plain
                2 [b] Home.Garden Blocked
                3 [w]             Waiting
                4 [*] Work        Active

                """)
    }

    @Test func nextListsThePendingTodosByUrgency() async throws {
        await todo.run(["add", "Low", "-q"])
        await todo.run(["add", "Urgent", "pri:h", "due:+1d", "-q"])
        await todo.run(["add", "Later", "wait:+3d", "pri:h", "-q"])
        await todo.run(["log", "Done", "pri:h", "-q"])
        await todo.run(["add", "Medium", "pri:m", "-q"])
        let json = await todo.run(["next", "--json"])
        let objects = try #require(json.json as? [[String: Any]])
        #expect(objects.compactMap { $0["id"] as? Int } == [2, 5, 1])
        let urgencies = objects.compactMap { $0["urgency"] as? Double }
        #expect(urgencies == urgencies.sorted(by: >))
        let text = await todo.run(["next"])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(text)")
        #expect(lines[0].hasPrefix("2 [ ] "), "\(lines[0])")
        #expect(lines[0].contains(" high "))
        // The urgency column, one decimal, aligned to the right.
        let first = String(format: "%.1f", urgencies[0])
        #expect(lines[0].hasPrefix("2 [ ] \(first) "), "\(lines[0])")
        #expect(await todo.run(["next", "--limit", "1"]).stdout.split(separator: "\n").count == 1)
        let page = await todo.run(["next"], environment: ["LINES": "4"])
        #expect(page.stdout.split(separator: "\n").count == 2, "LINES less the summary and the prompt: \(page)")
        #expect(await todo.run(["next", "pri:m"]).stdout.split(separator: "\n").count == 1)
    }
}
