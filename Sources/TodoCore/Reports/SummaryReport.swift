#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `todo summary` and `todo projects` show: a line per project of the hierarchy, with its
/// pending and done todos, the average age of the pending ones, and how much of it is complete.
///
/// A project counts its own todos and those of the projects below it (`Home` counts the todos of
/// `Home.Garden`); every level of a dotted name has its line, whether or not a todo names it
/// exactly (`Work.Ops.Infra` alone gives `Work`, `Work.Ops` and `Work.Ops.Infra`). Projects
/// compare without regard to case, as filters compare them: `Home` and `home` are one, shown as
/// the spelling most of its todos use (the first in code-point order on a tie). The todos without
/// a project come last, as `(none)`. Pending means not done: waiting todos are pending.
///
/// ```swift
/// let report = SummaryReport(todos: todos, now: context.now)
/// for line in report.lines {
///     let indent = String(repeating: "  ", count: line.depth)
///     print(indent + line.name, line.pending, "\(line.percentComplete)%")
/// }
/// ```
public struct SummaryReport: Sendable, Hashable {
    /// The lines: each project followed by those below it, siblings in alphabetical order
    /// (without regard to case), then `(none)`.
    public var lines: [Line]

    /// One project and the projects below it.
    public struct Line: Sendable, Hashable {
        /// The project's dotted name (`Home.Garden`); `nil` for the todos without a project.
        public var project: String?
        /// The last part of the name (`Garden`), or `(none)`.
        public var name: String
        /// How many projects it is below: 0 for a top-level project and `(none)`.
        public var depth: Int
        /// Its todos not done.
        public var pending: Int
        /// Its todos done.
        public var done: Int
        /// The average time since its pending todos were created, in seconds; `nil` without
        /// pending todos.
        public var averageAge: Double?

        /// Creates a line.
        public init(project: String?, name: String, depth: Int, pending: Int, done: Int, averageAge: Double?) {
            self.project = project
            self.name = name
            self.depth = depth
            self.pending = pending
            self.done = done
            self.averageAge = averageAge
        }

        /// Its todos.
        public var total: Int { pending + done }

        /// The part of its todos that is done, in percent rounded down (99 until the last is done).
        public var percentComplete: Int { total == 0 ? 0 : done * 100 / total }
    }

    /// Sums up `todos` by project.
    ///
    /// - Parameters:
    ///   - todos: The todos to count (a filter may have narrowed them).
    ///   - now: The instant ages are measured to (a todo created later counts as age 0).
    public init(todos: some Sequence<Todo>, now: Date) {
        let todos = Array(todos)  // no copy for an array; the loop below then reads it without generics
        let now = Timestamp.seconds(now)
        // Counted by exact project name first (one hash of the name per todo, none when it is the
        // previous todo's), then merged into the hierarchy by name (once per name).
        var byName: [String: Tally] = [:]
        var none = Tally()
        var lastName: String?
        var last = Tally()
        for todo in todos {
            let project = todo.project
            if project != lastName {
                if let lastName { byName[lastName] = last } else { none = last }
                lastName = project
                last = project.flatMap { byName[$0] } ?? (project == nil ? none : Tally())
            }
            last.add(todo, now: now)
        }
        if let lastName { byName[lastName] = last } else { none = last }
        self.init(byName: byName, none: none)
    }

    /// The hierarchy over the counts of each project (by its exact name) and of the todos
    /// without one.
    init(byName: [String: Tally], none: Tally) {
        var nodes: [String: Node] = [:]
        for (name, tally) in byName {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            var key = ""
            for (depth, part) in parts.enumerated() {
                let folded = TodoStats.mayChangeWhenLowercased(String(part)) ? part.lowercased() : String(part)
                key += depth == 0 ? folded : "." + folded
                nodes[key, default: Node(depth: depth, folded: folded)].add(tally, spelling: String(part))
            }
        }
        // Parents before children, siblings in order: sort by the folded parts.
        let keys = nodes.keys.sorted { a, b in
            a.split(separator: ".", omittingEmptySubsequences: false).lexicographicallyPrecedes(
                b.split(separator: ".", omittingEmptySubsequences: false))
        }
        var lines: [Line] = []
        var spelled: [String: String] = [:]  // folded key → the project as shown
        for key in keys {
            let node = nodes[key]!
            let name = node.spelling
            let parent = key.lastIndex(of: ".").map { spelled[String(key[..<$0])]! }
            let project = parent.map { $0 + "." + name } ?? name
            spelled[key] = project
            lines.append(node.tally.line(project: project, name: name, depth: node.depth))
        }
        if none.total > 0 {
            lines.append(none.line(project: nil, name: "(none)", depth: 0))
        }
        self.lines = lines
    }
}

extension SummaryReport {
    /// The counts of one project, or of one node of the hierarchy.
    struct Tally {
        var pending = 0
        var done = 0
        /// The ages of the pending todos, in seconds, added up.
        var ageSum = 0

        var total: Int { pending + done }

        mutating func add(_ todo: Todo, now: Int) {
            if todo.isDone {
                done += 1
            } else {
                pending += 1
                ageSum += max(0, now - Timestamp.seconds(todo.createdAt))
            }
        }

        mutating func add(_ other: Tally) {
            pending += other.pending
            done += other.done
            ageSum += other.ageSum
        }

        func line(project: String?, name: String, depth: Int) -> SummaryReport.Line {
            SummaryReport.Line(
                project: project, name: name, depth: depth, pending: pending, done: done,
                averageAge: pending == 0 ? nil : Double(ageSum) / Double(pending))
        }
    }
}

/// A level of the hierarchy: its counts and the spellings its todos give it.
private struct Node {
    let depth: Int
    let folded: String
    var tally = SummaryReport.Tally()
    /// Spelling → the todos that spell it so.
    var spellings: [String: Int] = [:]

    init(depth: Int, folded: String) {
        self.depth = depth
        self.folded = folded
    }

    mutating func add(_ other: SummaryReport.Tally, spelling: String) {
        tally.add(other)
        spellings[spelling, default: 0] += other.total
    }

    /// The spelling most todos give, the first in code-point order on a tie.
    var spelling: String {
        spellings.max { a, b in
            a.value != b.value
                ? a.value < b.value : b.key.unicodeScalars.lexicographicallyPrecedes(a.key.unicodeScalars)
        }!.key
    }
}
