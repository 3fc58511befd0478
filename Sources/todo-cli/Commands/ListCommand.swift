import TodoCore

/// `todo list`: the list reactor with the query from the command line, rendered.
struct ListCommand {
    /// Which todos to list, and how.
    var query: TodoQuery
}

extension ListCommand: TodoSubcommand {
    /// `todo list [<search> ...] [--all | --done] [--tag <tag> ...] [--priority <priority>] [--overdue] [--sort <order>] [--limit <count>]`
    static let spec = CommandSpec(
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
        conflicts: [OptionConflict(first: .overdue, second: .doneOnly, reason: "overdue todos are pending ones")])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        let status: TodoQuery.Status =
            values.isSet(.all) ? .all : values.isSet(.doneOnly) ? .done : .pending
        let sort = values.value(of: .sort)?.text.flatMap(TodoQuery.Sort.init(rawValue:)) ?? .position
        query = TodoQuery(
            status: status,
            search: values.values(of: .searchWords).compactMap(\.text),
            tags: values.values(of: .tagFilter).compactMap(\.text),
            priority: values.value(of: .priorityFilter)?.priority,
            overdueOnly: values.isSet(.overdue),
            sort: sort,
            limit: values.value(of: .limit)?.integer)
    }

    func run(in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "list") }
        if context.options.json {
            context.printJSON(bytes: TodoJSONOutput.arrayBytes(state.todos, context: context.todoContext))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(bytes: context.listRenderer.renderBytes(state.todos))
        if context.terminal.outputIsTerminal {
            for line in TextWrap.lines(Self.summary(state), width: context.width) {
                context.output.out(context.style.apply(line, .dim) + "\n")
            }
        }
        return .success
    }

    /// The line under the list on a terminal, counting every todo the query matches: `19
    /// pending, 2 done`; `showing 4 of 19 pending` when the limit left some out; `No pending
    /// todos.`, or `No pending todos match "milk" +shop.` when a search or filter matches
    /// nothing.
    static func summary(_ state: TodoListReactor.State) -> String {
        let status = state.query.status
        let matching = state.matching
        if matching.total == 0 {
            let todos = status == .all ? "todos" : "\(status.rawValue) todos"
            let filter = filterDescription(state.query)
            return filter.isEmpty ? "No \(todos)." : "No \(todos) match \(filter)."
        }
        var counts: [String] = []
        if matching.pending > 0 { counts.append("\(matching.pending) pending") }
        if matching.done > 0 { counts.append("\(matching.done) done") }
        let shown = state.todos.count
        guard shown < matching.total else { return counts.joined(separator: ", ") }
        if counts.count == 1 { return "showing \(shown) of \(counts[0])" }
        return "showing \(shown) of \(matching.total) todos (\(counts.joined(separator: ", ")))"
    }

    /// The search and the filters of `query` in words: `"buy milk" +shop, high priority,
    /// overdue` (empty when it has none).
    static func filterDescription(_ query: TodoQuery) -> String {
        var parts: [String] = []
        let words = query.search.filter { !$0.isEmpty }
        if !words.isEmpty {
            parts.append("\"" + words.joined(separator: " ").shownOnOneLine + "\"")
        }
        if let tag = query.tag { parts.append("+" + tag.shownOnOneLine) }
        if let priority = query.priority {
            parts.append(priority == .none ? "no priority" : "\(priority.name) priority")
        }
        if query.overdueOnly { parts.append("overdue") }
        return parts.joined(separator: ", ")
    }
}
