import Foundation
import TestSupport
import Testing

@testable import TodoCore

extension Formats {
    /// todo.txt import: the files todo.txt-cli wrote, field by field, and each rule of the format.
    @Suite struct TodoTxtFormatTests {
        /// Parses `text` as todo.txt in UTC.
        func parse(_ text: String, utcOffset: Int = 0) throws -> [ImportedTodo] {
            try Self.exact(TodoTxtFormat.parse(text, file: "todo.txt", utcOffset: { _ in utcOffset }))
        }

        /// `todos`, which must all be of todo.txt's precision, with the default precision, so that
        /// they compare equal to the `ImportedTodo(…)` the tests spell out.
        static func exact(_ todos: [ImportedTodo], sourceLocation: SourceLocation = #_sourceLocation) -> [ImportedTodo]
        {
            todos.map { todo in
                #expect(todo.precision == .lineWithDays, sourceLocation: sourceLocation)
                var todo = todo
                todo.precision = .exact
                return todo
            }
        }

        /// The one todo of a one-line file.
        func todo(_ line: String) throws -> ImportedTodo {
            let todos = try parse(line)
            try #require(todos.count == 1)
            return todos[0]
        }

        @Test func theTodoTxtFixtureImportsFieldByField() throws {
            let todos = Self.exact(try TodoTxtFormat.parse(FormatFixture.todoTxt.bytes, file: "todo.txt"))
            let created = midnight("2026-11-21")
            #expect(
                todos == [
                    ImportedTodo(
                        title: "Buy milk", priority: .high, due: day("2026-12-01"), tags: ["errands", "@store"],
                        createdAt: created),
                    ImportedTodo(
                        title: "Write the quarterly report", priority: .medium, due: day("2026-11-28"),
                        tags: ["work", "@office"], createdAt: created),
                    ImportedTodo(title: "Call Anaïs about the café ☕", tags: ["@phone"]),
                    ImportedTodo(
                        title: #"Fix "quoted" title, with commas; and semicolons"#, priority: .medium,
                        createdAt: created),
                    ImportedTodo(
                        title: "Renew passport", isDone: true, tags: ["admin"], createdAt: created, updatedAt: created,
                        completedAt: created),
                ])
            // Every field, spelled out for one of them.
            let milk = todos[0]
            #expect(milk.id == nil)
            #expect(milk.uuid == nil)
            #expect(milk.note == nil)
            #expect(!milk.isDone)
            #expect(milk.updatedAt == nil)
            #expect(milk.completedAt == nil)
            #expect(milk.recurrence == nil)
        }

        @Test func theDoneTxtFixtureImportsFieldByField() throws {
            let todos = Self.exact(try TodoTxtFormat.parse(FormatFixture.doneTxt.bytes, file: "done.txt"))
            let day21 = midnight("2026-11-21")
            #expect(
                todos == [
                    ImportedTodo(
                        title: "Pay rent", isDone: true, due: day("2026-11-05"), tags: ["bills"], createdAt: day21,
                        updatedAt: day21, completedAt: day21)
                ])
        }

        @Test func theFixtureCopiesAreTheOriginals() throws {
            for fixture in FormatFixture.allCases {
                guard let original = fixture.originalBytes else { continue }  // outside the workspace
                #expect(try fixture.bytes == original, "\(fixture.rawValue) differs from ../shared/fixtures")
            }
        }

        @Test func prioritiesAToZ() throws {
            #expect(try todo("(A) a").priority == .high)
            #expect(try todo("(B) b").priority == .medium)
            #expect(try todo("(C) c").priority == .low)
            #expect(try todo("(D) d").priority == .low)
            #expect(try todo("(Z) z").priority == .low)
            // Not priorities: lower case, not first, not followed by a space.
            #expect(try todo("(b) Get back to the boss") == ImportedTodo(title: "(b) Get back to the boss"))
            #expect(
                try todo("Really call Mom (A) @phone") == ImportedTodo(title: "Really call Mom (A)", tags: ["@phone"]))
            #expect(try todo("(B)->Submit TPS report").title == "(B)->Submit TPS report")
        }

        @Test func doneTodosAndTheirDates() throws {
            let day1 = midnight("2026-01-01")
            let day2 = midnight("2026-01-02")
            #expect(
                try todo("x 2026-01-02 2026-01-01 Both dates")
                    == ImportedTodo(
                        title: "Both dates", isDone: true, createdAt: day1, updatedAt: day2, completedAt: day2))
            // Only the completion date: created then too.
            #expect(
                try todo("x 2026-01-02 Completion only")
                    == ImportedTodo(
                        title: "Completion only", isDone: true, createdAt: day2, updatedAt: day2, completedAt: day2))
            #expect(try todo("x No dates") == ImportedTodo(title: "No dates", isDone: true))
            // A priority kept after the x, or as pri:, as clients do.
            #expect(try todo("x (A) 2026-01-02 2026-01-01 Kept priority").priority == .high)
            #expect(try todo("x 2026-01-02 2026-01-01 Pri kept +p pri:B").priority == .medium)
            #expect(try todo("x 2026-01-02 2026-01-01 Pri kept +p pri:B").note == nil)
            // Not done: upper case X, x not followed by a space, x after the priority.
            #expect(try todo("X 2012-01-01 Make resolutions") == ImportedTodo(title: "X 2012-01-01 Make resolutions"))
            #expect(try todo("xylophone lesson") == ImportedTodo(title: "xylophone lesson"))
            #expect(
                try todo("(A) x Find ticket prices") == ImportedTodo(title: "x Find ticket prices", priority: .high))
        }

        @Test func creationDates() throws {
            #expect(try todo("2011-03-02 Document +TodoTxt task format").createdAt == midnight("2011-03-02"))
            #expect(try todo("(A) 2011-03-02 Call Mom").createdAt == midnight("2011-03-02"))
            #expect(try todo("(A) Call Mom 2011-03-02") == ImportedTodo(title: "Call Mom 2011-03-02", priority: .high))
            // Not a day of the calendar: part of the title.
            #expect(try todo("2026-02-30 Party") == ImportedTodo(title: "2026-02-30 Party"))
            // A local day is local midnight.
            #expect(try parse("2026-11-21 East", utcOffset: 3600)[0].createdAt == instant("2026-11-20T23:00:00Z"))
            #expect(try parse("2026-11-21 West", utcOffset: -18_000)[0].createdAt == instant("2026-11-21T05:00:00Z"))
        }

        @Test func projectsAndContextsAreTagsWithTheirSigilsDecided() throws {
            let todo = try todo("Plan +GarageSale +work.reports @phone @home and +more")
            #expect(todo.title == "Plan and")
            #expect(todo.tags == ["GarageSale", "work.reports", "@phone", "@home", "more"])
            // Not projects or contexts: inside a word, alone, or not a tag.
            #expect(try self.todo("Email soandso@example.com") == ImportedTodo(title: "Email soandso@example.com"))
            #expect(try self.todo("Learn how to add 2+2") == ImportedTodo(title: "Learn how to add 2+2"))
            #expect(try self.todo("A + B @ C") == ImportedTodo(title: "A + B @ C"))
            #expect(try self.todo("Call @mom, then @dad") == ImportedTodo(title: "Call @mom, then", tags: ["@dad"]))
            #expect(try self.todo("Odd ++double +#hash") == ImportedTodo(title: "Odd ++double +#hash"))
            // Unicode: letters are tags; white space of any kind inside keeps the word in the title.
            #expect(try self.todo("Appeler +métier @téléphone ☕").tags == ["métier", "@téléphone"])
            #expect(try self.todo("Odd +a\u{A0}b @c\u{3000}d +e\u{2009}f").tags == [])
            for tag in try self.todo("Tags +a @b +ü @日本 +☕ @x\u{85}").tags {
                #expect(try Todo.validTag(tag) == tag)
            }
        }

        @Test func dueDates() throws {
            #expect(try todo("Pay due:2026-12-01") == ImportedTodo(title: "Pay", due: day("2026-12-01")))
            #expect(try todo("Pay DUE:2026-12-01").due == day("2026-12-01"))
            // Not a date: kept in the note. A second due: too.
            #expect(try todo("Pay due:2026-02-30") == ImportedTodo(title: "Pay", note: "due:2026-02-30"))
            #expect(try todo("Pay due:tomorrow") == ImportedTodo(title: "Pay", note: "due:tomorrow"))
            #expect(
                try todo("Pay due:2026-12-01 due:2026-12-02")
                    == ImportedTodo(title: "Pay", note: "due:2026-12-02", due: day("2026-12-01")))
        }

        @Test func recurrencesThatMapAndThoseKeptInTheNote() throws {
            let cases: [(String, Recurrence?)] = [
                ("rec:1d", .daily), ("rec:+1d", .daily), ("rec:3d", .everyDays(3)), ("rec:1w", .weekly),
                ("rec:+2w", .everyWeeks(2)), ("rec:1m", .monthly), ("rec:+1m", .monthly), ("rec:1y", .yearly),
                ("rec:weekly", .weekly), ("rec:2m", nil), ("rec:3y", nil), ("rec:5b", nil), ("rec:soon", nil),
                ("rec:0d", nil), ("rec:99999999999999999999d", nil),
            ]
            for (word, recurrence) in cases {
                let todo = try todo("Water the plants \(word)")
                #expect(todo.title == "Water the plants")
                #expect(todo.recurrence == recurrence, "\(word)")
                #expect(todo.note == (recurrence == nil ? word : nil), "\(word)")
            }
        }

        @Test func otherKeyValuePairsAreKeptInTheNoteOnePerLine() throws {
            let todo = try todo("(A) Call t:2026-01-01 the bank h:1 id:42 url:example.com pri:C")
            #expect(todo.title == "Call the bank")
            #expect(todo.priority == .high)
            #expect(todo.note == "t:2026-01-01\nh:1\nid:42\nurl:example.com\npri:C")
            // Not pairs: a time, a link, two colons, nothing on one side, a key not starting with a letter.
            for title in ["Meet at 10:30", "See http://example.com/a", "a:b:c here", "Note: this", "Why :x", "_k:v ok"]
            {
                #expect(try self.todo(title) == ImportedTodo(title: title), "\(title)")
            }
        }

        @Test func notePairsAreTheNoteDecoded() throws {
            #expect(
                try todo("Call note:Bring%20ID%0Aand%20passport")
                    == ImportedTodo(title: "Call", note: "Bring ID\nand passport"))
            // Lower-case hex, a % without two hex digits after it, any case of the key.
            #expect(try todo("a NOTE:%c3%a9t%C3%A9%2 b").note == "été%2")
            #expect(try todo("a note:100%25%").note == "100%%")
            // With other pairs and several note: pairs: lines in the order of their words.
            #expect(try todo("a t:1 note:x%0Ay h:2 note:z").note == "t:1\nx\ny\nh:2\nz")
            // The todo.sh note add-on's reference to a file: its name, written back as it was.
            let reference = try todo("2026-11-21 Plan the trip note:Ab3dE9.txt")
            #expect(reference.title == "Plan the trip")
            #expect(reference.note == "Ab3dE9.txt")
            let todo = Todo(
                id: 1, uuid: uuid(1), title: reference.title, note: reference.note, createdAt: reference.createdAt!,
                position: 0)
            #expect(TodoTxtFormat.export([todo]) == "2026-11-21 Plan the trip note:Ab3dE9.txt\n")
            // Not UTF-8 once decoded: kept as it is; no value, or a link: not a pair at all.
            #expect(try self.todo("a note:%FF%FE").note == "note:%FF%FE")
            #expect(try self.todo("a note: b") == ImportedTodo(title: "a note: b"))
            #expect(try self.todo("a note://x") == ImportedTodo(title: "a note://x"))
        }

        @Test func titlesAreTheRestWithSingleSpaces() throws {
            #expect(try todo("  Buy \t  milk   +shop  now ") == ImportedTodo(title: "Buy milk now", tags: ["shop"]))
            #expect(
                try todo("Ünïcödé ☕ «quotes» “curly” 'single' \"double\" \\ back").title
                    == "Ünïcödé ☕ «quotes» “curly” 'single' \"double\" \\ back")
        }

        @Test func linesBlankLinesLineBreaksAndAByteOrderMark() throws {
            let text = "\u{FEFF}First\r\n\r\n   \t \nSecond\rThird\n\nFourth"
            #expect(try parse(text).map(\.title) == ["First", "Second", "Third", "Fourth"])
            #expect(try parse("") == [])
            #expect(try parse("\n\n  \n") == [])
        }

        @Test func aHundredThousandLinesImportInLinearTime() throws {
            func lines(_ count: Int) -> [UInt8] {
                var text = ""
                for index in 0..<count {
                    text += "(B) 2026-11-21 Todo number \(index) +project @context due:2026-12-01 key:value\n"
                }
                return Array(text.utf8)
            }
            let (small, large) = (lines(10_000), lines(100_000))
            var todos: [ImportedTodo] = []
            // Ten times the lines take about ten times as long (a hundred if it were quadratic).
            // Both sizes are timed in the same run, in processor time (which other processes'
            // load does not inflate, and a sanitizer build slows alike), the best of three each.
            var (smallBest, largeBest) = (Duration.seconds(3_600), Duration.seconds(3_600))
            for _ in 0..<3 {
                smallBest = min(smallBest, try threadCPUTime { _ = try TodoTxtFormat.parse(small, file: "small.txt") })
                largeBest = min(
                    largeBest, try threadCPUTime { todos = try TodoTxtFormat.parse(large, file: "big.txt") })
            }
            #expect(todos.count == 100_000)
            #expect(todos[99_999].title == "Todo number 99999")
            print("TodoTxtFormatTests: 10,000 lines in \(smallBest), 100,000 in \(largeBest)")
            #expect(largeBest < smallBest * 40, "10,000 lines in \(smallBest), 100,000 in \(largeBest)")
        }
    }
}
