import TodoCore

/// `todo __complete-tags [<id>]` (hidden): the tags of todo `id`, or every tag in use when `id`
/// is `nil` or names no todo, for the completion scripts (``CompletionHelper``); one per line,
/// in alphabetical order, tags differing only in case once. Tags holding control characters,
/// which cannot be typed, are left out.
struct CompleteTagsCommand {
    /// The todo whose tags to print, or `nil` for every tag in use.
    var id: Int?
}

extension CompleteTagsCommand: CompletionHelper {
    /// `todo __complete-tags [<id>]` (hidden): what the completion scripts run to offer tags.
    static let spec = CommandSpec(
        name: "__complete-tags",
        overview: "Print the tags in use, or those of one todo, one per line, for shell completions.",
        arguments: [.tagsOfID],
        isHidden: true)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        id = values.value(of: .tagsOfID)?.text.flatMap(ValueSpec.positiveInteger)
    }

    func run(in context: CommandContext) -> ExitCode {
        guard let todos = todos(status: .all, in: context) else { return .failure }
        let chosen = todos.first { $0.id == id }.map { [$0] } ?? todos
        var seen: Set<String> = []
        var tags: [String] = []
        for tag in chosen.flatMap(\.tags).sorted(by: { $0.lowercased() < $1.lowercased() })
        where !tag.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            if seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        }
        context.output.out(tags.map { $0 + "\n" }.joined())
        return .success
    }
}
