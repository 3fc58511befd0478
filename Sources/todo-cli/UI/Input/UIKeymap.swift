/// Every key of `todo ui`, declared once: the key handling looks actions up here, and the `?`
/// overlay and `todo ui --help` print these same bindings.
enum UIKeymap {
    /// Keys that work whatever is shown.
    static let anywhere = Keymap<GlobalKeyAction>(
        title: "Anywhere",
        [
            KeyBinding([.control("c")], .quit, "quit at once"),
            KeyBinding([.control("l")], .redraw, "redraw the screen"),
            KeyBinding([.control("z")], .suspend, "suspend (fg brings it back)"),
        ])

    /// Keys in the list.
    static let list = Keymap<ListKeyAction>(
        title: "List",
        [
            KeyBinding([.up, .character("k")], .up, "move up"),
            KeyBinding([.down, .character("j")], .down, "move down"),
            KeyBinding([.pageUp, .control("b")], .pageUp, "page up"),
            KeyBinding([.pageDown, .control("f")], .pageDown, "page down"),
            KeyBinding([.character("g"), .home], .top, "first todo"),
            KeyBinding([.character("G"), .end], .bottom, "last todo"),
            KeyBinding([.character(" ")], .toggleDone, "mark done / not done"),
            KeyBinding([.character("a")], .add, "add a todo"),
            KeyBinding([.character("e"), .enter], .edit, "edit the todo"),
            KeyBinding([.character("d"), .delete], .delete, "delete the todo (asks first)"),
            KeyBinding([.character("/")], .search, "filter: the filter language, plain words search"),
            KeyBinding([.character("t")], .filterTag, "filter by tag"),
            KeyBinding([.escape], .clearFilters, "clear the filter and the tag filter"),
            KeyBinding([.character("s")], .cycleSort, "sort by position, due, priority, created"),
            KeyBinding([.character("v")], .cycleStatus, "show all, pending, done"),
            KeyBinding([.character("K")], .moveUp, "move the todo up"),
            KeyBinding([.character("J")], .moveDown, "move the todo down"),
            KeyBinding([.character("u")], .undo, "undo the last change"),
            KeyBinding([.character("C")], .clearDone, "delete the done todos (asks first)"),
            KeyBinding([.tab], .nextView, "next view: list, next, projects, calendar"),
            KeyBinding([.backTab], .previousView, "previous view"),
            KeyBinding([.character("1")], .showList, "the list"),
            KeyBinding([.character("2")], .showNext, "next: pending todos, most urgent first"),
            KeyBinding([.character("3")], .showProjects, "projects (Enter filters the list by one)"),
            KeyBinding([.character("4")], .showCalendar, "the calendar month"),
            KeyBinding([.character("S")], .sync, "sync now with sync.url (the status line says how it went)"),
            KeyBinding([.character("?")], .help, "this help"),
            KeyBinding([.character("q")], .quit, "quit"),
        ])

    /// Keys in the edit form.
    static let form = Keymap<FormKeyAction>(
        title: "Edit form",
        [
            KeyBinding([.tab, .down], .nextField, "next field"),
            KeyBinding([.backTab, .up], .previousField, "previous field"),
            KeyBinding([.enter], .submit, "save"),
            KeyBinding([.escape], .cancel, "cancel (asks when something changed)"),
        ])

    /// Keys that edit the text of a field or a prompt.
    static let text = Keymap<TextEditAction>(
        title: "Typing",
        [
            KeyBinding([.left, .control("b")], .left, "move left (priority: lower)"),
            KeyBinding([.right, .control("f")], .right, "move right (priority: higher)"),
            KeyBinding([.home, .control("a")], .home, "start of the text"),
            KeyBinding([.end, .control("e")], .end, "end of the text"),
            KeyBinding([.backspace], .deleteBackward, "delete the character before"),
            KeyBinding([.delete, .control("d")], .deleteForward, "delete the character under"),
            KeyBinding([.control("u")], .deleteToStart, "delete to the start"),
            KeyBinding([.control("k")], .deleteToEnd, "delete to the end"),
            KeyBinding([.control("w")], .deleteWord, "delete the word before"),
        ])

    /// Keys in the search and tag prompts.
    static let prompt = Keymap<PromptKeyAction>(
        title: "Search and tag prompts",
        [
            KeyBinding([.enter], .accept, "keep the filter (one that does not parse is not applied)"),
            KeyBinding([.escape], .cancel, "search: clear it; tag: leave it as it was"),
            KeyBinding([.tab], .complete, "complete the tag"),
            KeyBinding([.up], .selectionUp, "move up in the list"),
            KeyBinding([.down], .selectionDown, "move down in the list"),
        ])

    /// Keys while a confirmation is shown.
    static let confirmation = Keymap<ModalKeyAction>(
        title: "Confirmations",
        [
            KeyBinding([.character("y")], .confirm, "yes: delete, leave (or an answer's first letter)"),
            KeyBinding([.character("n"), .escape], .dismiss, "no: cancel, stay"),
            KeyBinding([.left, .right, .tab], .other, "choose the other answer"),
            KeyBinding([.enter], .choose, "give the chosen answer"),
        ])

    /// The sections help shows, in order.
    static var sections: [KeymapSection] {
        [list.section, form.section, text.section, prompt.section, confirmation.section, anywhere.section]
    }

    /// The key map as `todo ui --help` prints it: one line per binding (the help layout
    /// keeps single spaces only, so keys and descriptions are separated by a colon).
    static var helpText: String {
        var lines = [
            "A full-screen view of the todos: a list, the selected todo's details, the counts.",
            "Changes made meanwhile by other todo commands appear within a second.",
        ]
        for section in sections {
            lines.append("")
            lines.append(section.title + ":")
            for entry in section.entries {
                lines.append("  " + entry.keys.joined(separator: " or ") + ": " + entry.description)
            }
        }
        return lines.joined(separator: "\n")
    }
}
