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
                    (A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+2w note:Oat%20milk t:2026-11-25
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

        /// Notes that are hard to carry on one line, as the store keeps them (no trailing white
        /// space).
        static let demandingNotes: [String] = [
            "Oat milk if no whole milk",
            "Line one\nLine two\n\nafter a blank line\n\n\nand two",
            "key: value, at 10:30, ratio 1:2, a:b:c, trailing colon:",
            "Café ☕ 日本語のメモ 👩‍👩‍👧 «quotes» “curly” 'single' \"double\"",
            "\tindented with a tab\n   spaced   out",
            "100% sure, %41 is not A, %zz, %%, and a lone %",
            "back\\slash | pipe & ampersand $HOME `tick` (A) x 2026-01-01",
            "note:inside\nnote:%20\nNOTE:upper",
            "due:2026-01-01\nrec:1w\npri:A",
            "+project @context #hash\nhttp://example.com/a?b=c#d\n//starts with slashes\n/one slash",
            "no-break\u{A0}space ideographic\u{3000}space line\u{2028}separator next\u{85}line",
            "windows\r\nline ends\rold mac",
            "controls \u{1}\u{7}\u{1B}[31m and DEL \u{7F} and C1 \u{9B}",
            "t:2026-01-01\nfree text between\nh:1",
            "t:2026-01-01\n\nh:1",
            "t:2026-01-01\nh:1",
            "\nstarts with a line break",
            "\n\nt:2026-01-01",
            "ends with a pair\nt:2026-01-01",
            "url:http://example.com\nspaced: pair\nu:ü\ntab:\tx",
            ":",
            "%",
        ]

        @Test(arguments: demandingNotes)
        func everyFieldTodoTxtCarriesSurvivesExportThenImport(note: String) throws {
            #expect(Todo.normalizedNote(note) == note, "the case must be a note as the store keeps it")
            let done = instant("2026-11-23T10:00:00Z")
            let todos = [
                Todo(id: 1, uuid: uuid(1), title: "Plain", note: note, createdAt: created, position: 0),
                Todo(
                    id: 2, uuid: uuid(2), title: "Café ☕ \"full\"", note: note, priority: .high,
                    due: day("2026-12-01"), tags: ["errands", "@store", "Ünï"], createdAt: created, position: 1,
                    recurrence: .everyWeeks(2)),
                Todo(
                    id: 3, uuid: uuid(3), title: "Done", note: note, isDone: true, priority: .low, tags: ["x"],
                    createdAt: created, updatedAt: done, completedAt: done, position: 2),
            ]
            for utcOffset in [0, 3600 * 14, -3600 * 11] {
                let text = TodoTxtFormat.export(todos, utcOffset: { _ in utcOffset })
                #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == todos.count + 1)
                let imported = try TodoTxtFormat.parse(text, file: "todo.txt", utcOffset: { _ in utcOffset })
                try #require(imported.count == todos.count)
                for (todo, item) in zip(todos, imported) {
                    #expect(item.note == todo.note, "\(text)")
                    #expect(item.title == todo.title)
                    #expect(item.isDone == todo.isDone)
                    #expect(item.priority == todo.priority)
                    #expect(item.due == todo.due)
                    #expect(item.tags == todo.tags)
                    #expect(item.recurrence == todo.recurrence)
                    let days = { (date: Date) in CalendarDay(localDayOf: date, utcOffset: { _ in utcOffset }) }
                    #expect(item.createdAt.map(days) == days(todo.createdAt))
                    #expect(item.completedAt.map(days) == todo.completedAt.map(days))
                }
            }
        }

        @Test(arguments: demandingNotes)
        func aNoteIsWrittenAsKeyValuePairsOfTheFormat(note: String) {
            let todo = Todo(id: 1, uuid: uuid(1), title: "Keep", note: note, createdAt: created, position: 0)
            let line = TodoTxtFormat.export([todo]).dropLast()
            #expect(!line.contains("\n") && !line.contains("\r"))
            // Each word after the title is one key:value pair: non-blank, one colon; todo.txt-cli
            // splits words on spaces only.
            let words = line.split(separator: " ").dropFirst(2)
            #expect(!words.isEmpty)
            for word in words {
                #expect(word.filter { $0 == ":" }.count == 1, "\(word)")
                #expect(!word.hasSuffix(":") && !word.hasPrefix(":"), "\(word)")
                #expect(!word.unicodeScalars.contains { $0.properties.isWhitespace }, "\(word)")
                #expect(
                    !word.unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(word)")
            }
        }

        @Test func theNoteIsOnePercentEncodedPairAndItsKeyValueLinesStayPairs() throws {
            let todo = Todo(
                id: 1, uuid: uuid(1), title: "Keep", note: "Café: 2 × ☕\nthen call 100%", createdAt: created,
                position: 0)
            #expect(
                TodoTxtFormat.export([todo]) == "2026-11-21 Keep note:Café%3A%202%20×%20☕%0Athen%20call%20100%25\n")
            // Lines that are pairs stay pairs, in their place among the encoded runs.
            var mixed = todo
            mixed.note = "free text\nt:2026-01-01\nh:1\n  indented:x\nrec:5b\ndue:soon\nsee: this"
            let line = TodoTxtFormat.export([mixed])
            #expect(
                line
                    == "2026-11-21 Keep note:free%20text t:2026-01-01 h:1 note:%20%20indented%3Ax rec:5b due:soon "
                    + "note:see%3A%20this\n")
            #expect(try TodoTxtFormat.parse(line, file: "t").first?.note == mixed.note)
            // A due:, rec: or pri: the todo has no value for would set one on import: encoded.
            let setting = Todo(
                id: 1, uuid: uuid(1), title: "Keep", note: "due:2026-01-01\nrec:1w\npri:A", createdAt: created,
                position: 0)
            #expect(TodoTxtFormat.export([setting]) == "2026-11-21 Keep note:due%3A2026-01-01%0Arec%3A1w%0Apri%3AA\n")
            #expect(try TodoTxtFormat.parse(TodoTxtFormat.export([setting]), file: "t").first?.note == setting.note)
            // With values of their own, they go back as pairs.
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
