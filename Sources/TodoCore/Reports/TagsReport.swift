/// What `todo tags` shows: each tag with its pending and done todos.
///
/// Tags compare without regard to case, as ``TodoStats`` counts them: `Work` and `work` are one
/// line, under the lower-case spelling, and a todo carrying both counts once. Pending means not
/// done: waiting todos are pending.
///
/// ```swift
/// for line in TagsReport(todos: todos).lines { print(line.tag, line.pending, line.done) }
/// ```
public struct TagsReport: Sendable, Hashable {
    /// The tags in alphabetical order.
    public var lines: [Line]

    /// One tag and its todos.
    public struct Line: Sendable, Hashable {
        /// The tag, in lower case.
        public var tag: String
        /// Its todos not done.
        public var pending: Int
        /// Its todos done.
        public var done: Int

        /// Creates a line.
        public init(tag: String, pending: Int, done: Int) {
            self.tag = tag
            self.pending = pending
            self.done = done
        }
    }

    /// Counts the tags of `todos` (a filter may have narrowed them).
    public init(todos: some Sequence<Todo>) {
        let todos = Array(todos)  // no copy for an array; the loop below then reads it without generics
        var tags: [String: TodoStats.TagCount] = [:]
        for todo in todos {
            TodoStats.count(tagsOf: todo, into: &tags)
        }
        lines = tags.keys.sorted().map { Line(tag: $0, pending: tags[$0]!.pending, done: tags[$0]!.done) }
    }
}
