/// Every `todo` command, in the order help lists them, and how to find one by name.
enum CommandCatalog {
    /// The one-line description of `todo` itself.
    static let overview = "Keep a list of todos in the terminal."

    /// Every command, hidden ones included.
    static let commands: [CommandSpec] = [
        .add, .list, .show, .edit, .done, .undone, .remove, .move, .clear, .undo, .stats, .export, .importFile,
        .shell, .ui, .completions, .help, .completeIDs, .completeTags,
    ]

    /// The commands help and completions show.
    static let visibleCommands: [CommandSpec] = commands.filter { !$0.isHidden }

    /// The names and aliases of the commands help and completions show, in order.
    static let visibleNames: [String] = visibleCommands.flatMap(\.names)

    /// The command with this name or alias, hidden ones included.
    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.names.contains(name) }
    }
}
