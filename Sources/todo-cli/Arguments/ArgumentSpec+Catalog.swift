/// The positional arguments of the `todo` commands, declared once.
extension ArgumentSpec {
    /// `<title> ...` (add): the words of the title.
    static let titleWords = ArgumentSpec(
        value: ValueSpec(name: "title", kind: .text), isVariadic: true,
        help: "What to do; the words are joined with single spaces.")
    /// `[<search> ...]` (list)
    static let searchWords = ArgumentSpec(
        value: ValueSpec(name: "search", kind: .text), isRequired: false, isVariadic: true,
        help: "Words that must all appear in the title, the note or a tag (any case).")
    /// `<id>`: one todo.
    static let id = ArgumentSpec(value: ValueSpec(name: "id", kind: .id), help: "The id of the todo.")
    /// `<id> ...`: one or more todos.
    static let ids = ArgumentSpec(
        value: ValueSpec(name: "id", kind: .id), isVariadic: true, help: "The ids of the todos.")
    /// `<position>` (move)
    static let position = ArgumentSpec(
        value: ValueSpec(name: "position", kind: .position), help: "The new place in the list, from 1 (the top).")
    /// `<file>` (import)
    static let importFile = ArgumentSpec(
        value: ValueSpec(name: "file", kind: .path), help: "The file to read.")
    /// `<shell>` (completions)
    static let shell = ArgumentSpec(
        value: ValueSpec(name: "shell", kind: .choice(CompletionShell.allCases.map(\.rawValue))),
        help: "The shell to write the script for.")
    /// `[<command>]` (help)
    static let commandName = ArgumentSpec(
        value: ValueSpec(name: "command", kind: .commandName), isRequired: false,
        help: "The command to show help for.")
}
