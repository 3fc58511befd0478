import TodoCore

/// `todo __complete-filter <word>` (hidden): the filter terms that complete `word`
/// (`TodoFilter.completions(of:todos:)`: tags after `+` or `-`, projects after `project:`,
/// attribute names, date words), for the completion scripts (``CompletionHelper``); one per line.
/// An empty word or an id gets nothing: the scripts offer ids themselves.
struct CompleteFilterCommand {
    /// The word being completed.
    var word: String
}

extension CompleteFilterCommand: CompletionHelper {
    /// `todo __complete-filter <word>` (hidden): what the completion scripts run to offer filter terms.
    static let spec = CommandSpec(
        name: "__complete-filter",
        overview: "Print the filter terms that complete a word, one per line, for shell completions.",
        arguments: [.partialFilterTerm],
        isHidden: true)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        word = values.words(of: .partialFilterTerm).first ?? ""
    }

    func run(in context: CommandContext) -> ExitCode {
        guard !word.isEmpty, !word.allSatisfy(\.isNumber) else { return .success }
        // Tags and projects are read from the store only when the word asks for them.
        let needsTodos = word.hasPrefix("+") || word.hasPrefix("-") || word.contains(":")
        var todos: [Todo] = []
        if needsTodos {
            guard let read = self.todos(status: .all, in: context) else { return .failure }
            todos = read
        }
        let terms = TodoFilter.completions(of: word, todos: todos).filter {
            !$0.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        context.output.out(terms.map { $0 + "\n" }.joined())
        return .success
    }
}
