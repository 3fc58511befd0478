import TodoCore

/// `todo list`: the list reactor with the query from the command line (the filter terms before
/// and after the command, and the options), rendered.
struct ListCommand {
    /// Which todos to list, and how.
    var query: TodoQuery
}

extension ListCommand: TodoSubcommand {
    /// `todo list [<filter> ...] [--all | --done] [--tag <tag> ...] [--priority <priority>] [--overdue] [--sort <order>] [--limit <count>]`
    static let spec = CommandSpec(
        name: "list",
        aliases: ["ls"],
        overview: "List todos.",
        discussion: """
            Without options, lists the pending todos in the manual order (see 'todo move'); a \
            filter that names a status (status:done, status:all, is:waiting) lists those. \
            Filter terms may also come before the command: todo +work list.

            Examples:
              todo list milk
              todo list project:Home or +garden
              todo ls --all --sort due --limit 10
            """,
        arguments: [.filterTerms],
        options: [.all, .doneOnly, .tagFilter, .priorityFilter, .overdue, .sort, .limit],
        exclusiveFlags: [[OptionSpec.all.long, OptionSpec.doneOnly.long]],
        conflicts: [OptionConflict(first: .overdue, second: .doneOnly, reason: "overdue todos are pending ones")],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        let filter = try Selection.filter(before: values.filterBefore, after: values.words(of: .filterTerms))
        let status: TodoQuery.Status =
            values.isSet(.all) ? .all : values.isSet(.doneOnly) ? .done : filter.mentionsStatus ? .all : .pending
        let sort = values.value(of: .sort)?.text.flatMap(TodoQuery.Sort.init(rawValue:)) ?? .position
        query = TodoQuery(
            status: status,
            tags: values.values(of: .tagFilter).compactMap(\.text),
            priority: values.value(of: .priorityFilter)?.priority,
            overdueOnly: values.isSet(.overdue),
            sort: sort,
            limit: values.value(of: .limit)?.integer)
        query.filter = filter
    }

    func run(in context: CommandContext) -> ExitCode {
        var query = query
        query.filter = context.reportFilter("list", typed: query.filter)
        if query.limit == nil { query.limit = context.reportLimit("list") }
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "list") }
        if context.options.json {
            context.printJSON(bytes: TodoJSONOutput.arrayBytes(state.todos, context: context.todoContext))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(bytes: context.listRenderer(for: state.todos).renderBytes(state.todos))
        if context.terminal.outputIsTerminal {
            for line in TextWrap.lines(Self.summary(state), width: context.width) {
                context.output.out(context.style.apply(line, .dim) + "\n")
            }
        }
        return .success
    }

    /// The line under the list on a terminal, counting every todo the query matches: `19
    /// pending, 2 done`; `showing 4 of 19 pending` when the limit left some out; `No pending
    /// todos.`, or `No pending todos match "milk", +shop.` when a search or filter matches
    /// nothing (`No todos match status:waiting.` when the filter names the status).
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

    /// The filter and the options of `query` in words: `"buy milk", +shop, high priority,
    /// overdue`; a filter of search words only in quotes, as typed, any other in its normal form
    /// (`project:Home and +x`); empty when there is none.
    static func filterDescription(_ query: TodoQuery) -> String {
        var parts: [String] = []
        let words = query.filter.arguments
        if words.allSatisfy({ $0.lowercased() == "and" || !TodoFilter.isStructuredTerm($0) }) {
            let search = words.filter { $0.lowercased() != "and" }
            if !search.isEmpty { parts.append("\"" + search.joined(separator: " ").shownOnOneLine + "\"") }
        } else {
            parts.append(query.filter.description.shownOnOneLine)
        }
        let searched = query.search.filter { !$0.isEmpty }
        if !searched.isEmpty {
            parts.append("\"" + searched.joined(separator: " ").shownOnOneLine + "\"")
        }
        for tag in query.tags { parts.append("+" + tag.shownOnOneLine) }
        if let priority = query.priority {
            parts.append(priority == .none ? "no priority" : "\(priority.name) priority")
        }
        if query.overdueOnly { parts.append("overdue") }
        return parts.joined(separator: ", ")
    }
}
