import TodoCore

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
    static let id = ArgumentSpec(value: ValueSpec(name: "id", kind: .id(.all)), help: "The id of the todo.")
    /// `<id> ...`: one or more todos.
    static let ids = ArgumentSpec(
        value: ValueSpec(name: "id", kind: .id(.all)), isVariadic: true, help: "The ids of the todos.")
    /// `<id> ...` (done): one or more todos, completed with the pending ones.
    static let pendingIDs = ArgumentSpec(
        value: ValueSpec(name: "id", kind: .id(.pending)), isVariadic: true, help: "The ids of the todos.")
    /// `<id> ...` (undone): one or more todos, completed with the done ones.
    static let doneIDs = ArgumentSpec(
        value: ValueSpec(name: "id", kind: .id(.done)), isVariadic: true, help: "The ids of the todos.")
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
    /// `[<status>]` (__complete-ids): which todos' ids to print.
    static let idStatus = ArgumentSpec(
        value: ValueSpec(name: "status", kind: .choice(TodoQuery.Status.allCases.map(\.rawValue))), isRequired: false,
        help: "The todos whose ids to print (default: all).")
    /// `[<id>]` (__complete-tags): the todo whose tags to print; anything but the id of a todo
    /// prints every tag in use (the scripts pass whatever was typed).
    static let tagsOfID = ArgumentSpec(
        value: ValueSpec(name: "id", kind: .text), isRequired: false,
        help: "The todo whose tags to print (default: every tag in use).")
}
