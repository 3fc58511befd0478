import TodoCore

/// What `todo ui` shows besides the reactors' states: what has the keys, the selection, the
/// scroll position, the message line. Keys change it through ``handle(_:in:)`` — a pure
/// function returning the reactor actions to send (``UIEffect``).
struct UIState: Hashable, Sendable {
    /// What the keys go to.
    enum Mode: Hashable, Sendable {
        /// The list.
        case browse
        /// The search prompt; the list follows its text.
        case search(TextField)
        /// The tag prompt, and where Tab is in the completions.
        case tagPrompt(TextField, completion: TagCompletion?)
        /// The edit form.
        case form(FormState)
        /// The help overlay, scrolled by this many lines.
        case help(scroll: Int)

        /// Whether help is shown.
        var isHelp: Bool {
            if case .help = self { return true }
            return false
        }
    }

    /// Where Tab is among the tags that start with what was typed.
    struct TagCompletion: Hashable, Sendable {
        /// What was typed before the first Tab.
        var prefix: String
        /// The tag shown, among those starting with `prefix`.
        var index: Int
    }

    /// What the body shows: the list, the next todos, the projects, the calendar month.
    enum View: Int, Hashable, Sendable, CaseIterable {
        case list, next, projects, calendar

        /// `list`, `next`, `projects`, `calendar`.
        var name: String {
            switch self {
            case .list: return "list"
            case .next: return "next"
            case .projects: return "projects"
            case .calendar: return "calendar"
            }
        }
    }

    /// The list's status and sort before the next view changed them, to restore on leaving it.
    struct ListOrder: Hashable, Sendable {
        var status: TodoQuery.Status
        var sort: TodoQuery.Sort
    }

    /// What the keys go to.
    var mode: Mode = .browse
    /// What the body shows.
    var view: View = .list
    /// The list's order before the next view, while it is shown.
    var listOrder: ListOrder?
    /// The selected line of the projects view.
    var projectSelection = 0
    /// The selected todo, 0 for the first shown (see ``ListLayout``).
    var selection = 0
    /// The first row of the list pane shown.
    var scroll = 0
    /// The highlighted answer of the confirmation shown.
    var alertChoice = 0
    /// The message line: what the last action did, or what went wrong.
    var message: UIMessage?
    /// The filter typed in the search prompt that the list follows (filter language terms:
    /// `project:Home +shop milk`); empty for none.
    var filterText = ""
    /// Why the words in the search prompt do not parse as a filter, shown in the status line
    /// while they are typed (the list keeps the last filter that parsed).
    var filterError: String?
    /// Whether the user asked to quit.
    var isQuitting = false

    /// Scrolls the list the least so that `row` is among the `height` rows shown, and no
    /// further than the last of `rowCount` rows allows.
    mutating func scroll(toShow row: Int, height: Int, rowCount: Int) {
        guard height > 0 else { return }
        if row < scroll { scroll = row }
        if row >= scroll + height { scroll = row - height + 1 }
        scroll = max(0, min(scroll, rowCount - height))
        if row == 1, scroll == 1 { scroll = 0 }  // the first todo shows its section's heading
    }
}

/// A line for the user: what an action did, or what went wrong.
struct UIMessage: Hashable, Sendable {
    /// The text.
    var text: String
    /// Whether it reports a failure (shown in red).
    var isError = false
}
