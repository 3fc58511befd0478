import TodoCore

/// `todo tags`: the tags of the todos the filter selects, with their counts.
struct TagsCommand {
    /// The filter terms before and after the command.
    var filter: TodoFilter
}

extension TagsCommand: TodoSubcommand {
    /// `todo tags [<filter> ...]`
    static let spec = CommandSpec(
        name: "tags",
        overview: "List the tags with their todo counts.",
        discussion: """
            A line per tag, in alphabetical order, with the todos carrying it that are pending \
            and done. A filter narrows the todos counted; --json prints the data.

            Examples:
              todo tags
              todo project:Home tags
            """,
        arguments: [.filterTerms],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        filter = try Selection.filter(before: values.filterBefore, after: values.words(of: .filterTerms))
    }

    func run(in context: CommandContext) -> ExitCode {
        let todos: [Todo]
        switch context.reportTodos(filter, report: Self.spec.name) {
        case .success(let read): todos = read
        case .failure(let error): return context.fail(error, command: "tags")
        }
        let report = TagsReport(todos: todos)
        if context.options.json {
            context.printJSON(TodoJSONOutput.tags(report))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(TagsRenderer(width: context.width, style: context.style).render(report))
        return .success
    }
}
