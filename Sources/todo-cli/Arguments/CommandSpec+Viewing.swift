import TodoCore

/// The commands that show todos: `list`, `show`, `stats`.
extension CommandSpec {
    /// `todo list [<search> ...] [--all | --done] [--tag <tag> ...] [--priority <priority>] [--overdue] [--sort <order>] [--limit <count>]`
    static let list = CommandSpec(
        name: "list",
        aliases: ["ls"],
        overview: "List todos.",
        discussion: """
            Without options, lists the pending todos in the manual order (see 'todo move').

            Examples:
              todo list milk
              todo ls --all --sort due --limit 10
            """,
        arguments: [.searchWords],
        options: [.all, .doneOnly, .tagFilter, .priorityFilter, .overdue, .sort, .limit],
        exclusiveFlags: [[OptionSpec.all.long, OptionSpec.doneOnly.long]],
        conflicts: [OptionConflict(first: .overdue, second: .doneOnly, reason: "overdue todos are pending ones")],
        build: { values throws(ArgumentProblem) in
            let status: TodoQuery.Status =
                values.isSet(.all) ? .all : values.isSet(.doneOnly) ? .done : .pending
            let sort = values.value(of: .sort)?.text.flatMap(TodoQuery.Sort.init(rawValue:)) ?? .position
            return .list(
                TodoQuery(
                    status: status,
                    search: values.values(of: .searchWords).compactMap(\.text),
                    tags: values.values(of: .tagFilter).compactMap(\.text),
                    priority: values.value(of: .priorityFilter)?.priority,
                    overdueOnly: values.isSet(.overdue),
                    sort: sort,
                    limit: values.value(of: .limit)?.integer))
        })

    /// `todo show <id>`
    static let show = CommandSpec(
        name: "show",
        overview: "Show a todo with all its details.",
        arguments: [.id],
        build: { values throws(ArgumentProblem) in
            .show(id: values.value(of: .id)?.integer ?? 0)
        })

    /// `todo stats`
    static let stats = CommandSpec(
        name: "stats",
        overview: "Count the todos: pending, done, overdue, by tag.",
        build: { _ throws(ArgumentProblem) in .stats })
}
