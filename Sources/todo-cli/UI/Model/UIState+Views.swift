import TodoCore

extension UIState {
    /// Shows `view`: the next view asks the list for the pending todos by urgency (what
    /// `todo next` shows), and leaving it gives the list back its order.
    mutating func switchView(to view: View, in context: UIContext) -> [UIEffect] {
        guard view != self.view else { return [] }
        let old = self.view
        self.view = view
        var query = context.query
        if view == .next {
            listOrder = ListOrder(status: query.status, sort: query.sort)
            query.status = .pending
            query.sort = .urgency
            selection = 0
            return [.list(.setQuery(query))]
        }
        if view == .projects { projectSelection = max(0, min(projectSelection, context.projects.count - 1)) }
        guard old == .next, let order = listOrder else { return [] }
        listOrder = nil
        query.status = order.status
        query.sort = order.sort
        return [.list(.setQuery(query))]
    }

    /// The projects view's keys: moving among the projects, and Enter to show the list filtered
    /// by the selected one (`project:NAME`).
    mutating func handleProjects(_ action: ListKeyAction, in context: UIContext) -> [UIEffect] {
        let count = context.projects.count
        func move(by offset: Int) {
            projectSelection = count == 0 ? 0 : max(0, min(projectSelection + offset, count - 1))
        }
        switch action {
        case .up: move(by: -1)
        case .down: move(by: 1)
        case .pageUp: move(by: -max(context.pageSize - 1, 1))
        case .pageDown: move(by: max(context.pageSize - 1, 1))
        case .top: move(by: -count)
        case .bottom: move(by: count)
        case .edit:
            guard context.projects.indices.contains(projectSelection) else { return [] }
            guard let project = context.projects[projectSelection] else {
                message = UIMessage(text: "These todos have no project; / project: finds them")
                return []
            }
            view = .list
            return applyFilter("project:" + project, in: context)
        default: break
        }
        return []
    }
}
