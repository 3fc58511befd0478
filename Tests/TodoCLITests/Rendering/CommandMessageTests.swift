import Foundation
import Testing
import TodoCore

@testable import todo_cli

/// What `done`, `undone` and `undo` say, and what `list` counts under the listing: what the
/// user did, each todo's next occurrence under it, and every todo the query matches.
@Suite struct CommandMessageTests {
    /// A store of `count` pending todos, `recurring` of them repeating daily.
    func store(_ titles: [String], recurring: Set<String> = []) -> InProcessTodo {
        let todo = InProcessTodo()
        for title in titles {
            var arguments = ["add"] + title.split(separator: " ").map(String.init)
            if recurring.contains(title) { arguments += ["--repeat", "daily"] }
            _ = todo.run(arguments, columns: 80)
        }
        return todo
    }

    // MARK: done and its next occurrences

    @Test func eachNextOccurrenceFollowsItsOwnTodo() {
        let todo = store(
            ["a", "b", "c", "Water plants", "e", "f", "Pay rent"], recurring: ["Water plants", "Pay rent"])
        let done = todo.run("done 7 4 1")
        #expect(
            done.stdout == """
                Completed 7: Pay rent
                Next: 8: Pay rent (due 2030-01-08)
                Completed 4: Water plants
                Next: 9: Water plants (due 2030-01-08)
                Completed 1: a

                """)
    }

    @Test func doneJSONCarriesEachTodosNextOccurrence() throws {
        let todo = store(["Water plants", "b"], recurring: ["Water plants"])
        let one = try #require(json(todo.run("done 1 --json").stdout) as? [String: Any])
        #expect(one["id"] as? Int == 1 && one["changed"] as? Bool == true)
        let next = try #require(one["next"] as? [String: Any])
        #expect(next["id"] as? Int == 3 && next["title"] as? String == "Water plants")
        #expect(next["due"] as? String == "2030-01-08" && next["recurrence"] as? String == "daily")
        #expect(Set(next.keys).isSuperset(of: ["uuid", "isDone", "tags", "createdAt", "completedAt"]))
        let several = try #require(json(todo.run("done 3 2 1 --json").stdout) as? [[String: Any]])
        #expect(several.map { $0["id"] as? Int } == [3, 2, 1])
        #expect(several.map { ($0["next"] as? [String: Any])?["id"] as? Int } == [4, nil, nil])
        #expect(several[1]["next"] is NSNull, "null without a next occurrence")
        #expect(several.map { $0["changed"] as? Bool } == [true, true, false], "1 was done already")
        let reopened = try #require(json(todo.run("undone 2 --json").stdout) as? [String: Any])
        #expect(reopened["changed"] as? Bool == true && reopened["next"] == nil)
    }

    @Test func theJSONSaysWhatTheTextSays() throws {
        let todo = store(["Buy milk"])
        let edited = try #require(json(todo.run("edit 1 --title Milk --json").stdout) as? [String: Any])
        #expect(edited["title"] as? String == "Milk" && edited["changed"] as? Bool == true)
        #expect(todo.run("edit 1 --title Milk").stdout == "Unchanged 1: Milk\n")
        let unchanged = try #require(json(todo.run("edit 1 --title Milk --json").stdout) as? [String: Any])
        #expect(unchanged["changed"] as? Bool == false)
        let folder = NSTemporaryDirectory() + "todo-json-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(
            todo.run(["export", "--output", folder + "/out.txt"], columns: 80).stdout.hasPrefix("Exported 1 todo to "))
        let exported = try #require(
            json(
                todo.run(["export", "--output", folder + "/out.txt", "--format", "todotxt", "--json"], columns: 80)
                    .stdout)
                as? [String: Any])
        #expect(exported["exported"] as? Int == 1 && exported["file"] as? String == folder + "/out.txt")
        #expect(exported["format"] as? String == "todotxt")
        let imported = try #require(
            json(todo.run(["import", folder + "/out.txt", "--json"], columns: 80).stdout) as? [String: Any])
        #expect(imported["format"] as? String == "todotxt", "the format the file was read as, guessed")
        // The export of this very store: its todo is there already (importing it again adds nothing).
        #expect((imported["created"] as? [Any])?.count == 0 && imported["unchanged"] as? Int == 1)
    }

    // MARK: undo

    @Test func undoingACompletionCountsTheTodosCompleted() {
        let todo = store(["A", "B"], recurring: ["A"])
        _ = todo.run("done 1 2")
        #expect(todo.run("undo").stdout == "Undid completing 2 todos (removed the next occurrence 3)\n")
        _ = todo.run("done 1")
        #expect(todo.run("undo").stdout == "Undid completing 1: A (removed its next occurrence 4)\n")
        _ = todo.run("done 2")
        #expect(todo.run("undo").stdout == "Undid completing 2: B\n")
        let more = store(["A", "B", "C"], recurring: ["A", "C"])
        _ = more.run("done 1 2 3")
        #expect(more.run("undo").stdout == "Undid completing 3 todos (removed the next occurrences 4, 5)\n")
    }

    @Test func everyKindOfUndoNamesWhatWasDone() {
        let todo = store(["a", "b", "c"])
        #expect(todo.run("undo").stdout == "Undid adding 3: c\n")
        _ = todo.run("add c")
        _ = todo.run("edit 4 --title C")
        #expect(todo.run("undo").stdout == "Undid editing 4: c\n")
        _ = todo.run("rm 1 2 --yes")
        #expect(todo.run("undo").stdout == "Undid deleting 2 todos\n")
        _ = todo.run("done 1 2")
        _ = todo.run("undone 1 2")
        #expect(todo.run("undo").stdout == "Undid reopening 2 todos\n")
        _ = todo.run("clear --yes")
        #expect(todo.run("undo").stdout == "Undid clearing 2 done todos\n")
        _ = todo.run("add d")
        _ = todo.run("move 5 1")
        #expect(todo.run("undo").stdout == "Undid moving 5: d\n")
    }

    @Test func undoingAMoveNamesTheMovedTodoEvenWhenOthersWereRenumbered() {
        let todo = store(["a", "b", "c"])
        // Moving back and forth between two neighbours halves the room until the list is renumbered.
        for round in 0..<40 {
            _ = todo.run(round % 2 == 0 ? "move 3 2" : "move 2 2")
            let undone = todo.run("undo").stdout
            #expect(undone == "Undid moving \(round % 2 == 0 ? "3: c" : "2: b")\n", "round \(round)")
            _ = todo.run(round % 2 == 0 ? "move 3 2" : "move 2 2")
        }
    }

    // MARK: the summary under the list

    @Test func theSummaryCountsWhatMatchesNotWhatIsShown() {
        let todo = store((1...19).map { "task \($0)" })
        let limited = todo.run("list --limit 4", columns: 80, terminal: true).lines
        #expect(limited.count == 5)
        #expect(limited.last == "showing 4 of 19 pending")
        #expect(todo.run("list", columns: 80, terminal: true).lines.last == "19 pending")
        _ = todo.run("done 1 2")
        #expect(
            todo.run("list --all --limit 3", columns: 80, terminal: true).lines.last
                == "showing 3 of 19 todos (17 pending, 2 done)")
        #expect(todo.run("list --done --limit 1", columns: 80, terminal: true).lines.last == "showing 1 of 2 done")
        #expect(todo.run("list task --limit 20", columns: 80, terminal: true).lines.last == "17 pending")
        #expect(todo.run("list --limit 4").lines.count == 4, "no summary in a pipe")
    }

    @Test func aSearchOrFilterThatMatchesNothingSaysSo() {
        let todo = store(["Buy milk", "Call mum"])
        func summary(_ line: String) -> String? { todo.run(line, columns: 80, terminal: true).lines.last }
        #expect(summary("list zebra") == "No pending todos match \"zebra\".")
        #expect(summary("list --all zebra crossing") == "No todos match \"zebra crossing\".")
        #expect(summary("list --tag shop") == "No pending todos match +shop.")
        #expect(summary("list --done --priority high") == "No done todos match high priority.")
        #expect(summary("list milk --overdue") == "No pending todos match \"milk\", overdue.")
        #expect(summary("list --done") == "No done todos.")
        _ = todo.run("done 1 2")
        #expect(summary("list") == "No pending todos.")
    }

    func json(_ text: String) -> Any? {
        try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }
}
