import Foundation
import Testing

@testable import TodoCore

extension Formats {
    /// todo.txt export: canonical lines, and what survives a round trip.
    @Suite struct TodoTxtFormatExportTests {
        let created = instant("2026-11-21T07:58:42Z")

        @Test func pendingAndDoneTodosAsCanonicalLines() {
            let pending = Todo(
                id: 1, uuid: uuid(1), title: "Buy milk", note: "Oat milk\nt:2026-11-25", priority: .high,
                due: day("2026-12-01"), tags: ["@store", "errands"], createdAt: created, position: 0,
                recurrence: .everyWeeks(2))
            let done = Todo(
                id: 2, uuid: uuid(2), title: "Renew\npassport", isDone: true, priority: .medium, tags: ["admin"],
                createdAt: created, completedAt: instant("2026-11-23T10:00:00Z"), position: 1)
            let plain = Todo(id: 3, uuid: uuid(3), title: "Call Anaïs", createdAt: created, position: 2)
            #expect(
                TodoTxtFormat.export([pending, done, plain]) == """
                    (A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+2w t:2026-11-25
                    x 2026-11-23 2026-11-21 Renew passport +admin pri:B
                    2026-11-21 Call Anaïs

                    """)
            #expect(TodoTxtFormat.export([]) == "")
        }

        @Test func daysAreLocalDays() {
            let late = Todo(
                id: 1, uuid: uuid(1), title: "Late", createdAt: instant("2026-11-21T23:30:00Z"), position: 0)
            #expect(TodoTxtFormat.export([late], utcOffset: { _ in 3600 }) == "2026-11-22 Late\n")
            #expect(TodoTxtFormat.export([late], utcOffset: { _ in -3600 }) == "2026-11-21 Late\n")
        }

        @Test func theFixtureLinesWithACreationDateComeBackByteForByte() throws {
            for fixture in [FormatFixture.todoTxt, .doneTxt] {
                let text = String(decoding: try fixture.bytes, as: UTF8.self)
                let imported = try TodoTxtFormat.parse(text, file: fixture.rawValue)
                let todos = imported.enumerated().map { index, item in todo(from: item, id: index + 1) }
                let lines = text.split(separator: "\n")
                for (index, line) in TodoTxtFormat.export(todos).split(separator: "\n").enumerated()
                where imported[index].createdAt != nil {
                    #expect(line == lines[index])
                }
            }
        }

        @Test func exportingThenImportingKeepsTitlesDoneFlagsPrioritiesTagsDueDaysAndRecurrences() throws {
            var todos = demandingTodos()
            todos.append(
                Todo(
                    id: 20, uuid: uuid(20), title: "x marks the spot", priority: .none, createdAt: created, position: 9)
            )
            todos.append(
                Todo(id: 21, uuid: uuid(21), title: "2026-01-01 party (A) now", createdAt: created, position: 10))
            todos.append(
                Todo(
                    id: 22, uuid: uuid(22), title: "(B) done", isDone: true, createdAt: created,
                    completedAt: created, position: 11))
            let imported = try TodoTxtFormat.parse(TodoTxtFormat.export(todos), file: "todo.txt")
            try #require(imported.count == todos.count)
            for (todo, item) in zip(todos, imported) {
                #expect(item.title == todo.title.replacingOccurrences(of: "\n", with: " "))
                #expect(item.isDone == todo.isDone)
                #expect(item.priority == todo.priority)
                #expect(item.tags == todo.tags)
                #expect(item.due == todo.due)
                #expect(item.recurrence == todo.recurrence)
                #expect(
                    item.createdAt
                        == midnight(CalendarDay(localDayOf: todo.createdAt, utcOffset: { _ in 0 }).description))
                #expect(
                    item.completedAt
                        == todo.completedAt.map {
                            midnight(CalendarDay(localDayOf: $0, utcOffset: { _ in 0 }).description)
                        })
            }
        }

        @Test func noteLinesThatAreKeyValuePairsGoBackAndOthersAreLeftOut() throws {
            let todo = Todo(
                id: 1, uuid: uuid(1), title: "Keep",
                note: "free text\nt:2026-01-01\n  h:1  \nrec:5b\ndue:soon\nsee: this",
                createdAt: created, position: 0)
            let line = TodoTxtFormat.export([todo])
            #expect(line == "2026-11-21 Keep t:2026-01-01 h:1 rec:5b due:soon\n")
            #expect(try TodoTxtFormat.parse(line, file: "t").first?.note == "t:2026-01-01\nh:1\nrec:5b\ndue:soon")
            // A due:, rec: or pri: the todo has no value for would set one on import: left out.
            let setting = Todo(
                id: 1, uuid: uuid(1), title: "Keep", note: "due:2026-01-01\nrec:1w\npri:A", createdAt: created,
                position: 0)
            #expect(TodoTxtFormat.export([setting]) == "2026-11-21 Keep\n")
            // With values of their own, they go back to the note.
            var having = setting
            having.due = day("2026-02-02")
            having.recurrence = .daily
            having.priority = .low
            #expect(
                TodoTxtFormat.export([having])
                    == "(C) 2026-11-21 Keep due:2026-02-02 rec:+1d due:2026-01-01 rec:1w pri:A\n")
            let back = try TodoTxtFormat.parse(TodoTxtFormat.export([having]), file: "t")[0]
            #expect(back.note == "due:2026-01-01\nrec:1w\npri:A")
            #expect(back.due == day("2026-02-02"))
            #expect(back.recurrence == .daily)
            #expect(back.priority == .low)
        }

        /// The todo an imported one becomes (as the service would store it).
        private func todo(from item: ImportedTodo, id: Int) -> Todo {
            Todo(
                id: id, uuid: uuid(id), title: item.title, note: item.note, isDone: item.isDone,
                priority: item.priority,
                due: item.due, tags: item.tags, createdAt: item.createdAt ?? created, updatedAt: item.updatedAt,
                completedAt: item.completedAt, position: id, recurrence: item.recurrence)
        }
    }
}
