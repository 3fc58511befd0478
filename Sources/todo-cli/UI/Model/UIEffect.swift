import TodoCore

/// What a key asks of the reactors (or of the terminal), for ``UISession`` to carry out.
enum UIEffect: Equatable, Sendable {
    /// An action for the list reactor.
    case list(TodoListReactor.Action)
    /// Opens the edit form: a new edit reactor in this mode.
    case openForm(TodoEditReactor.Mode)
    /// An action for the edit reactor.
    case form(TodoEditReactor.Action)
    /// The answer to the confirmation shown.
    case answer(AlertAction)
    /// Draws the whole screen again.
    case redraw
    /// Gives the terminal back and stops until `fg`.
    case suspend
    /// Syncs now with `sync.url`.
    case sync
}
