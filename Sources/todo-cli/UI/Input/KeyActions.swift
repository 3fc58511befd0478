/// What a key does anywhere in `todo ui`, whatever is shown.
enum GlobalKeyAction: Hashable, Sendable {
    case quit, redraw, suspend
}

/// What a key does in the list.
enum ListKeyAction: Hashable, Sendable {
    case up, down, pageUp, pageDown, top, bottom
    case toggleDone, add, edit, delete
    case search, filterTag, clearFilters, cycleSort, cycleStatus
    case moveUp, moveDown, undo, clearDone
    case nextView, previousView, showList, showNext, showProjects, showCalendar
    case sync, help, quit
}

/// What a key does in the edit form (besides editing the focused field's text).
enum FormKeyAction: Hashable, Sendable {
    case nextField, previousField, submit, cancel
}

/// What a key does to the text of a field or a prompt.
enum TextEditAction: Hashable, Sendable {
    case left, right, home, end
    case deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWord
}

/// What a key does in the search and tag prompts (besides editing their text).
enum PromptKeyAction: Hashable, Sendable {
    case accept, cancel, complete, selectionUp, selectionDown
}

/// What a key does while a confirmation is shown (besides the first letter of an answer).
enum ModalKeyAction: Hashable, Sendable {
    case confirm, dismiss, choose, other
}
