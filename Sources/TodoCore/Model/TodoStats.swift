/// Counts over every todo in the store.
public struct TodoStats: Sendable, Hashable {
    /// Todos not done.
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

    /// Pending and done todos with one tag.
    public struct TagCount: Sendable, Hashable {
        /// Pending todos with the tag.
        public var pending: Int
        /// Done todos with the tag.
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
    public init(pending: Int = 0, done: Int = 0, overdue: Int = 0, dueToday: Int = 0, tags: [String: TagCount] = [:]) {
        self.pending = pending
        self.done = done
        self.overdue = overdue
        self.dueToday = dueToday
        self.tags = tags
    }

    /// Counts `todos` as seen on `today`.
    public init(todos: some Sequence<Todo>, today: CalendarDay) {
        self.init()
        for todo in todos {
            if todo.isDone {
                done += 1
            } else {
                pending += 1
                if let due = todo.due {
                    if due < today { overdue += 1 } else if due == today { dueToday += 1 }
                }
            }
            var counted = todo.tags
            if todo.tags.contains(where: Self.mayChangeWhenLowercased) {
                // One entry per tag whatever its case; a todo carrying `Work` and `work` counts once.
                counted = Set(todo.tags.map { $0.lowercased() })
            }
            for tag in counted {
                if todo.isDone {
                    tags[tag, default: TagCount()].done += 1
                } else {
                    tags[tag, default: TagCount()].pending += 1
                }
            }
        }
    }

    /// Whether `tag` may change when lower-cased (an ASCII capital, or any non-ASCII byte).
    private static func mayChangeWhenLowercased(_ tag: String) -> Bool {
        tag.utf8.contains { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }
    }
}
