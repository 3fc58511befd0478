import Testing
import TodoCore

@testable import todo_cli

/// The command `arguments` parse to, or `nil` (and a recorded issue) when they do not parse.
func command(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> (any ParsedCommand)? {
    invocation(arguments, sourceLocation: sourceLocation)?.command
}

/// The invocation `arguments` parse to, or `nil` (and a recorded issue) when they do not parse.
func invocation(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Invocation? {
    switch CommandLineParser.parse(arguments) {
    case .success(let invocation):
        return invocation
    case .failure(let error):
        Issue.record("\(arguments) did not parse: \(error.message)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The usage error `arguments` give, or `nil` (and a recorded issue) when they parse.
func usageError(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> UsageError? {
    switch CommandLineParser.parse(arguments) {
    case .success(let invocation):
        Issue.record("\(arguments) parsed to \(invocation.command)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        return error
    }
}

/// The message of the usage error `arguments` give.
func errorMessage(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    errorMessage(arguments, sourceLocation: sourceLocation)
}

/// The message of the usage error `arguments` give.
func errorMessage(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    switch CommandLineParser.parse(arguments) {
    case .success(let invocation):
        Issue.record("\(arguments) parsed to \(invocation.command)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        return error.message
    }
}

/// The description of the error a TodoCore check throws, as the parser reports it.
func todoErrorMessage(_ check: () throws(TodoError) -> Void) -> String? {
    do {
        try check()
        return nil
    } catch {
        return error.description
    }
}

/// `todo add` with a draft of every field given, for comparisons.
func draft(
    _ title: String, note: String? = nil, priority: Priority = .none, due: DateInput? = nil, tags: Set<String> = [],
    recurrence: Recurrence? = nil
) -> AddCommand {
    AddCommand(
        draft: TodoDraft(title: title, note: note, priority: priority, due: due, tags: tags, recurrence: recurrence))
}

/// The selection of these filter words typed after the command (`selection("3", "5")`).
func selection(_ words: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Selection {
    selection(words, sourceLocation: sourceLocation)
}

/// The selection of `words` typed after the command; words that are no selection record an
/// issue and give the selection of todo 1.
func selection(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Selection {
    do {
        return try Selection(before: [], after: words)
    } catch {
        Issue.record("\(words) is no selection: \(error.message)", sourceLocation: sourceLocation)
        return selection("1")
    }
}

/// Whether a parsed command is `expected`: the same type with the same arguments (`false` for
/// `nil`, a command line that did not parse).
func == (parsed: (any ParsedCommand)?, expected: some ParsedCommand) -> Bool {
    parsed?.isEqual(to: expected) ?? false
}
