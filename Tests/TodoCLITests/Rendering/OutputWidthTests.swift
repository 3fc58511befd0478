import Foundation
import Testing
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// No line of `todo`'s human-readable output is wider than the terminal: every command, at 20,
/// 30, 40 and 80 columns, on many generated stores (long titles and words, many tags, wide
/// East Asian characters, emoji, combining marks, control characters, five-digit ids), in
/// colour on a terminal and plain in a pipe.
@Suite struct OutputWidthTests {
    static let widths = [20, 30, 40, 80]

    /// Each width with a few seeds (a failure names its seed: `generatedTodos(seed:)` repeats it).
    static let cases: [(columns: Int, seed: UInt64)] = widths.flatMap { columns in (1...6).map { (columns, UInt64($0)) }
    }

    @Test(arguments: cases)
    func everyLineFits(columns: Int, seed: UInt64) throws {
        let todos = generatedTodos(seed: seed)
        let folder =
            NSTemporaryDirectory() + "todo-width-\(UUID().uuidString)-" + String(repeating: "long-folder-", count: 4)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let toImport = folder + "/todo.txt"
        try Data(
            "(A) Call the plumber about the kitchen sink +home @phone due:2030-01-09\nx 2030-01-02 Buy milk\n".utf8
        )
        .write(to: URL(fileURLWithPath: toImport))
        for terminal in [true, false] {
            let todo = InProcessTodo(todos)
            let ids = todos.map(\.id)
            let recurring = todos.filter { $0.recurrence != nil && !$0.isDone }.map(\.id)
            var commands: [[String]] = [
                ["list"], ["list", "--all"], ["list", "--done"], ["list", "--all", "--limit", "3"],
                ["list", "--sort", "due"], ["list", "--sort", "priority", "--all"], ["list", "e"],
                ["list", "nothing-matches-this"], ["list", "--tag", "work", "--priority", "high", "--overdue"],
                ["stats"], ["list", "status:all"], ["list", "is:waiting"], ["+work", "list", "or", "project:Home"],
                ["next"], ["next", "--limit", "5"], ["project:Work", "next"], ["+nothing-has-this", "list"],
                ["calendar"], ["calendar", "2029-12", "--months", "4"], ["+work", "calendar"], ["burndown"],
                ["burndown", "--by", "week"], ["burndown", "--by", "month"], ["summary"], ["history"],
                ["history", "--by", "week"], ["projects"], ["tags"], ["+nothing-has-this", "summary"],
            ]
            commands += ids.prefix(8).map { ["show", String($0)] }
            commands += [
                ["done"] + recurring.prefix(3).map(String.init) + ids.prefix(3).map(String.init), ["undo"],
                ["undone"] + ids.suffix(4).map(String.init), ["undo"],
                [
                    "add", "A title", String(repeating: "verylongword", count: 6), "日本語のタイトルはとても長いです", "--due",
                    "2031-02-03", "--priority", "high", "--repeat", "2w", "--tag", "a-rather-long-tag",
                ],
                ["edit", String(ids[0]), "--title", "Café 🎉 " + String(repeating: "x", count: 90)],
                ["move", String(ids[1]), "1"], ["undo"], ["rm", String(ids[2])], ["undo"],
                ["rm", String(ids[3]), String(ids[4]), "--yes"], ["undo"], ["clear", "--yes"], ["undo"], ["undo"],
                ["export", "--output", folder + "/export.json"], ["import", toImport], ["undo"],
                ["+work", "done", "--yes"], ["undo"], ["start", "status:pending", "--yes"], ["undo"],
                ["annotate", String(ids[0]), String(repeating: "annotation ", count: 12)], ["show", String(ids[0])],
                ["denotate", String(ids[0]), "1"], ["+home", "edit", "pri:low", "project:Home.Garden", "--yes"],
                ["undo"], ["log", "Called", "about", String(repeating: "something ", count: 10), "project:Work"],
                ["+work", "done"], ["stop", "status:all", "--yes"],
            ]
            for arguments in commands {
                let result = todo.run(arguments, columns: columns, terminal: terminal)
                for line in result.lines {
                    #expect(
                        DisplayWidth.of(line) <= columns,
                        "seed \(seed), \(terminal ? "terminal" : "pipe"), todo \(arguments.joined(separator: " ")): '\(line)' takes \(DisplayWidth.of(line)) of \(columns) columns"
                    )
                }
            }
        }
    }

    /// Issue 17: `stats`'s heading took 19 columns at 18 and fewer, `show` overflowed at 11 and
    /// fewer: both fit any width from 1 on, cut with `…` when nothing else helps.
    @Test(arguments: 1...20)
    func statsAndShowFitEveryWidth(columns: Int) {
        let todos = generatedTodos(seed: 3)
        for terminal in [true, false] {
            let todo = InProcessTodo(todos)
            for arguments in [["stats"]] + todos.prefix(12).map({ ["show", String($0.id)] }) {
                let result = todo.run(arguments, columns: columns, terminal: terminal)
                #expect(result.code == .success, "\(result)")
                for line in result.lines {
                    #expect(
                        DisplayWidth.of(line) <= columns,
                        "\(terminal ? "terminal" : "pipe"), todo \(arguments.joined(separator: " ")): '\(line)' takes \(DisplayWidth.of(line)) of \(columns) columns"
                    )
                }
            }
        }
    }

    @Test(arguments: widths)
    func theListingKeepsTheTitleReadable(columns: Int) {
        let todos = generatedTodos(seed: 7)
        let lines = InProcessTodo(todos).run(["list", "--all"], columns: columns).lines
        #expect(lines.count == todos.count)
        for line in lines {
            #expect(DisplayWidth.of(line) <= columns, "\(line)")
            #expect(!line.contains("+…") && !line.hasSuffix("+"), "no tag cut to nothing: \(line)")
        }
    }
}

/// A store of 40 todos made from `seed`: always the same for one seed.
func generatedTodos(seed: UInt64) -> [Todo] {
    var random = SeededRandom(seed: seed)
    let words = [
        "Buy", "milk", "quarterly", "report", "e", "Café", "naïve", "cre\u{300}me", "日本語", "のタイトル", "한국어", "中文",
        "🎉", "👨‍👩‍👧", "🍵", "✅", "Z\u{301}\u{30C}", "control\u{1B}[31m", "tab\there", "line\nbreak", "bell\u{7}",
        String(repeating: "supercalifragilistic", count: 3), "ｆｕｌｌｗｉｄｔｈ", "a", "to", "the",
    ]
    let tagWords = ["work", "home", "q4", "shop", "買い物", "a-very-long-tag-name-indeed", "x", "🎂", "projectalpha"]
    let ids = (1...39).map { $0 } + [12_345]
    return ids.enumerated().map { index, id in
        let title = (0..<random.next(upTo: 14) + 1).map { _ in words[random.next(upTo: words.count)] }
            .joined(separator: " ")
        let tags = Set((0..<random.next(upTo: 7)).map { _ in tagWords[random.next(upTo: tagWords.count)] })
        let dueChoices: [String?] = [nil, "2030-01-03", "2030-01-08", "2030-12-31", "2031-06-01", "2029-11-30"]
        let note: String? =
            random.next(upTo: 3) == 0
            ? "First line of a note that is long enough to need wrapping on a narrow terminal\n\tindented\n\n"
                + String(repeating: "ü", count: 70) : nil
        var todo = Todo.fixture(
            id, title, isDone: random.next(upTo: 4) == 0, priority: Priority(rawValue: random.next(upTo: 4)) ?? .none,
            due: dueChoices[random.next(upTo: dueChoices.count)], tags: tags, note: note)
        todo.position = (index + 1) * 1024
        if random.next(upTo: 3) == 0 { todo.recurrence = [Recurrence.daily, .weekly, .monthly][random.next(upTo: 3)] }
        // Issue 18's fields: projects (long and wide ones too), waiting, active and blocked todos.
        let projects = ["Home", "Work.Q4.Reports", "日本語.プロジェクト", "a-very-long-project-name.with-parts-indeed"]
        if random.next(upTo: 3) == 0 { todo.project = projects[random.next(upTo: projects.count)] }
        if random.next(upTo: 6) == 0 { todo.wait = try? CalendarDay(parsing: "2030-02-01") }
        if !todo.isDone, random.next(upTo: 6) == 0 { todo.startedAt = uiNow }
        if index > 0, random.next(upTo: 5) == 0 { todo.depends = [ids[index - 1]] }
        return todo
    }
}

/// SplitMix64: a small random generator that repeats for a seed.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number from 0 to `bound - 1`.
    mutating func next(upTo bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
