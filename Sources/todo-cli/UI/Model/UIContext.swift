import TodoCore

/// What key handling reads of the reactors and the screen, without changing them.
struct UIContext: Sendable {
    /// The list pane's rows.
    var layout: ListLayout
    /// The list reactor's query.
    var query: TodoQuery
    /// How many rows the list pane shows (a page).
    var pageSize: Int
    /// How far the help overlay can scroll.
    var helpMaxScroll = 0
    /// Every tag in the store, sorted (for Tab in the tag prompt).
    var tags: [String] = []
    /// The confirmation shown, if any: it has the keys.
    var alert: Alert?
    /// The priority in the edit form.
    var formPriority: Priority = .none
    /// The active context's filter (config `context`): every query the list gets keeps it.
    var contextFilter: TodoFilter = .everything
    /// The projects view's lines, in order: each line's project (`nil` for the todos without one).
    var projects: [String?] = []
}
