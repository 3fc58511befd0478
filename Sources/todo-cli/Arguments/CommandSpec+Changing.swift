/// The commands that complete, reorder and delete todos: `done`, `undone`, `rm`, `move`,
/// `clear`, `undo`.
extension CommandSpec {
    /// `todo done <id> ...`
    static let done = CommandSpec(
        name: "done",
        overview: "Mark todos as done.",
        discussion: "Completing a repeating todo adds its next occurrence.",
        arguments: [.pendingIDs],
        build: { values throws(ArgumentProblem) in
            .done(ids: values.values(of: .pendingIDs).compactMap(\.integer))
        })

    /// `todo undone <id> ...` (alias `reopen`)
    static let undone = CommandSpec(
        name: "undone",
        aliases: ["reopen"],
        overview: "Mark done todos as pending again.",
        arguments: [.doneIDs],
        build: { values throws(ArgumentProblem) in
            .undone(ids: values.values(of: .doneIDs).compactMap(\.integer))
        })

    /// `todo rm <id> ... [--yes]` (alias `delete`)
    static let remove = CommandSpec(
        name: "rm",
        aliases: ["delete"],
        overview: "Delete todos.",
        discussion: """
            Deleting several todos asks for confirmation when standard input is a terminal; \
            otherwise it needs --yes.
            """,
        arguments: [.ids],
        options: [.yes],
        build: { values throws(ArgumentProblem) in
            .remove(ids: values.values(of: .ids).compactMap(\.integer), confirmed: values.isSet(.yes))
        })

    /// `todo move <id> <position>`
    static let move = CommandSpec(
        name: "move",
        overview: "Move a todo to another place in the list.",
        arguments: [.id, .position],
        build: { values throws(ArgumentProblem) in
            .move(id: values.value(of: .id)?.integer ?? 0, position: values.value(of: .position)?.integer ?? 0)
        })

    /// `todo clear [--yes]`
    static let clear = CommandSpec(
        name: "clear",
        overview: "Delete every done todo.",
        discussion: "Asks for confirmation when standard input is a terminal; otherwise it needs --yes.",
        options: [.yes],
        build: { values throws(ArgumentProblem) in .clear(confirmed: values.isSet(.yes)) })

    /// `todo undo`
    static let undo = CommandSpec(
        name: "undo",
        overview: "Undo the last change to the todos.",
        build: { _ throws(ArgumentProblem) in .undo })
}
