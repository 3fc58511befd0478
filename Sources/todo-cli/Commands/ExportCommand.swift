import TodoCore

/// `todo export`: every todo, or those a filter selects (the list reactor with `--all` in the
/// manual order), as our JSON, todo.txt, Taskwarrior's JSON or iCalendar, to standard output or a file.
struct ExportCommand {
    /// The filter terms before and after the command (none: every todo).
    var filter: TodoFilter = .everything
    /// What to write.
    var format: ExportFormat
    /// The file to write (`--output`), or `nil` for standard output.
    var output: String?
}

extension ExportCommand: TodoSubcommand {
    /// `todo export [<filter> ...] [--format <format>] [--output <file>]`
    static let spec = CommandSpec(
        name: "export",
        overview: "Write every todo in a format other tools read.",
        discussion: """
            'todo import' reads the JSON format back without losing anything. A filter exports \
            the todos it selects, done and waiting ones included: todo +work export.
            """,
        arguments: [.filterTerms],
        options: [.exportFormat, .output],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        let words = values.words(of: .filterTerms)
        // `todo export x.json` is more likely a file than a search.
        if let path = words.first(where: { !TodoFilter.isStructuredTerm($0) && Self.looksLikeAFile($0) }) {
            throw ArgumentProblem(
                "'\(path)' looks like a file; write --output \(path) to export to it (or text:\(path) to export the todos that mention it)"
            )
        }
        filter = try Selection.filter(before: values.filterBefore, after: words)
        format = values.value(of: .exportFormat)?.text.flatMap(ExportFormat.init(rawValue:)) ?? .json
        output = values.value(of: .output)?.text
    }

    /// Whether a search word looks like a file name: a path, or a name ending as exports do.
    private static func looksLikeAFile(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return word.contains("/") || [".json", ".txt", ".ics"].contains(where: lowered.hasSuffix)
    }

    /// A todo.txt or iCalendar export prints its text as it does elsewhere, even with `--json`.
    var printsJSON: Bool { format != .todotxt && format != .ics }

    func run(in context: CommandContext) -> ExitCode {
        var query = TodoQuery(status: .all)
        query.filter = filter
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "export") }
        let bytes: [UInt8]
        switch format {
        case .json: bytes = TodoJSONFormat.export(state.todos, context: context.todoContext)
        case .todotxt:
            bytes = Array(TodoTxtFormat.export(state.todos, utcOffset: context.provider.clock.utcOffset).utf8)
        case .taskwarrior: bytes = TaskwarriorFormat.export(state.todos, context: context.todoContext)
        case .ics: bytes = ICalendarFormat.export(state.todos, utcOffset: context.provider.clock.utcOffset)
        }
        guard let outputPath = output else {
            context.output.out(String(decoding: bytes, as: UTF8.self))
            return .success
        }
        do {
            try FileIO.write(bytes, to: outputPath)
        } catch {
            return context.fail(error)
        }
        let count = state.todos.count
        if context.options.json {
            context.printJSON(TodoJSONOutput.exportResult(count: count, file: outputPath, format: format.rawValue))
        } else {
            context.say("Exported \(count) todo\(count == 1 ? "" : "s") to \(outputPath)")
        }
        return .success
    }
}

/// The formats `todo export` writes.
enum ExportFormat: String, CaseIterable, Equatable {
    case json, todotxt, taskwarrior, ics
}
