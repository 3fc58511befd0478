/// Counts over every todo in the store.
public struct TodoStats: Sendable, Hashable {
    /// Todos not done (waiting ones included).
    public var pending: Int
    /// Todos done.
    public var done: Int
    /// Pending todos due before today.
    public var overdue: Int
    /// Pending todos due today.
    public var dueToday: Int
    /// For each tag, how many pending and done todos carry it. Tags compare without regard to
    /// case, so tags that differ only in case (`Work`, `work`) are one entry, under the
    /// lower-case spelling (`work`).
    public var tags: [String: TagCount]
    /// Todos not done whose `wait` day is to come (also counted in ``pending``).
    public var waiting: Int
    /// Todos not done that wait for a todo not done (also counted in ``pending``).
    public var blocked: Int
    /// Todos started and not done (also counted in ``pending``).
    public var active: Int
    /// For each project, how many pending and done todos belong to it — to it exactly: the todos
    /// of `Home.Garden` count under `home.garden`, not under `home` as well (``SummaryReport``
    /// adds them up). Projects compare without regard to case, as filters compare them, so the
    /// keys are the lower-case spellings, as for ``tags``. Todos without a project are not counted.
    public var projects: [String: TagCount]

    /// Pending and done todos with one tag, or of one project.
    public struct TagCount: Sendable, Hashable {
        /// Pending todos with the tag (or of the project).
        public var pending: Int
        /// Done todos with the tag (or of the project).
        public var done: Int

        /// Creates a count.
        public init(pending: Int = 0, done: Int = 0) {
            self.pending = pending
            self.done = done
        }
    }

    /// Every todo.
    public var total: Int { pending + done }

    /// Creates stats from counts.
    public init(
        pending: Int = 0, done: Int = 0, overdue: Int = 0, dueToday: Int = 0, tags: [String: TagCount] = [:],
        waiting: Int = 0, blocked: Int = 0, active: Int = 0, projects: [String: TagCount] = [:]
    ) {
        self.pending = pending
        self.done = done
        self.overdue = overdue
        self.dueToday = dueToday
        self.tags = tags
        self.waiting = waiting
        self.blocked = blocked
        self.active = active
        self.projects = projects
    }

    /// Counts `todos` as seen on `today`.
    ///
    /// - Parameters:
    ///   - todos: The todos to count.
    ///   - today: The day that decides what is overdue, due today and waiting.
    ///   - relations: Which todos are blocked; when `nil`, worked out among `todos` themselves
    ///     (right when they are every todo of the store; give the store's relations otherwise).
    public init(todos: some Sequence<Todo>, today: CalendarDay, relations: TodoRelations? = nil) {
        self.init()
        let todos = Array(todos)  // no copy when they are an array already
        // Without relations, the open todos that depend on others are noted in the one pass (it
        // reads their fields anyway) and checked after it.
        var dependents: [(id: Int, depends: [Int])] = []
        var projectCounts: [String: TagCount] = [:]
        for todo in todos {
            if todo.isDone {
                done += 1
            } else {
                pending += 1
                if let due = todo.due {
                    if due < today { overdue += 1 } else if due == today { dueToday += 1 }
                }
                if todo.isWaiting(today: today) { waiting += 1 }
                if todo.startedAt != nil { active += 1 }
                if let relations {
                    if !relations.blocked.isEmpty && relations.isBlocked(todo.id) { blocked += 1 }
                } else if !todo.depends.isEmpty {
                    dependents.append((todo.id, todo.depends))
                }
            }
            TodoStats.count(tagsOf: todo, into: &tags)
            if let project = todo.project {
                if todo.isDone {
                    projectCounts[project, default: TagCount()].done += 1
                } else {
                    projectCounts[project, default: TagCount()].pending += 1
                }
            }
        }
        if !dependents.isEmpty {
            blocked = TodoStats.blockedCount(dependents, among: todos)
        }
        // Counted by spelling first (one hash of the name per todo), then merged by lower-case
        // spelling (one lower-casing per name).
        for (project, count) in projectCounts {
            let key = TodoStats.mayChangeWhenLowercased(project) ? project.lowercased() : project
            projects[key, default: TagCount()].pending += count.pending
            projects[key, default: TagCount()].done += count.done
        }
    }

    /// How many of `dependents` (open todos) depend on a todo of `todos` that is not done, as
    /// ``TodoRelations`` sees it.
    private static func blockedCount(_ dependents: [(id: Int, depends: [Int])], among todos: [Todo]) -> Int {
        let wanted = Set(dependents.flatMap(\.depends))
        var open = Set<Int>()
        for todo in todos where !todo.isDone && wanted.contains(todo.id) {
            open.insert(todo.id)
        }
        return dependents.filter { $0.depends.contains(where: open.contains) }.count
    }

    /// Adds `todo` to the counts of its tags, once per tag whatever its case.
    static func count(tagsOf todo: Todo, into tags: inout [String: TagCount]) {
        count(tags: todo.tags, isDone: todo.isDone, by: 1, into: &tags)
    }

    /// Adds `delta` (1, or -1 to take a todo out) to the counts of `tags`, once per tag whatever
    /// its case, for a done or pending todo; a count that falls to zero leaves the table.
    static func count(tags todoTags: Set<String>, isDone: Bool, by delta: Int, into tags: inout [String: TagCount]) {
        guard !todoTags.isEmpty else { return }
        var counted = todoTags
        if todoTags.contains(where: Self.mayChangeWhenLowercased) {
            // One entry per tag whatever its case; a todo carrying `Work` and `work` counts once.
            counted = Set(todoTags.map { $0.lowercased() })
        }
        for tag in counted {
            if isDone {
                tags[tag, default: TagCount()].done += delta
            } else {
                tags[tag, default: TagCount()].pending += delta
            }
            if delta < 0, tags[tag] == TagCount() { tags[tag] = nil }
        }
    }

    /// Whether `text` may change when lower-cased (an ASCII capital, or any non-ASCII byte).
    static func mayChangeWhenLowercased(_ text: String) -> Bool {
        text.utf8.contains { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }
    }
}
