import TodoCore

extension UIState {
    /// Handles one key: changes what the UI shows and returns what to ask of the reactors.
    /// Pure: the same state, key and context always give the same result.
    ///
    /// Keys go, in this order, to ``UIKeymap/anywhere``, to the confirmation shown, then to
    /// what the mode shows (help, the form, a prompt, the list).
    mutating func handle(_ key: Key, in context: UIContext) -> [UIEffect] {
        if let action = UIKeymap.anywhere.action(for: key) {
            switch action {
            case .quit:
                isQuitting = true
                return []
            case .redraw: return [.redraw]
            case .suspend: return [.suspend]
            }
        }
        if let alert = context.alert { return handleConfirmation(key, alert: alert) }
        message = nil
        switch mode {
        case .browse: return handleList(key, in: context)
        case .help(let scroll): return handleHelp(key, scroll: scroll, in: context)
        case .form(let form): return handleForm(key, form: form, in: context)
        case .search(let field): return handleSearch(key, field: field, in: context)
        case .tagPrompt(let field, let completion):
            return handleTagPrompt(key, field: field, completion: completion, in: context)
        }
    }

    /// Moves the selection by `offset` todos, staying among them.
    mutating func moveSelection(by offset: Int, in context: UIContext) {
        let count = context.layout.todoCount
        selection = count == 0 ? 0 : max(0, min(selection + offset, count - 1))
    }

    private mutating func handleList(_ key: Key, in context: UIContext) -> [UIEffect] {
        guard let action = UIKeymap.list.action(for: key) else { return [] }
        let views = View.allCases
        switch action {
        case .nextView: return switchView(to: views[(view.rawValue + 1) % views.count], in: context)
        case .previousView: return switchView(to: views[(view.rawValue + views.count - 1) % views.count], in: context)
        case .showList: return switchView(to: .list, in: context)
        case .showNext: return switchView(to: .next, in: context)
        case .showProjects: return switchView(to: .projects, in: context)
        case .showCalendar: return switchView(to: .calendar, in: context)
        case .help:
            mode = .help(scroll: 0)
            return []
        case .quit:
            isQuitting = true
            return []
        case .sync:
            return [.sync]
        default: break
        }
        switch view {
        case .list, .next: break
        case .projects: return handleProjects(action, in: context)
        case .calendar: return []
        }
        let selected = context.layout.todo(at: selection)
        var query = context.query
        switch action {
        case .up: moveSelection(by: -1, in: context)
        case .down: moveSelection(by: 1, in: context)
        case .pageUp: moveSelection(by: -max(context.pageSize - 1, 1), in: context)
        case .pageDown: moveSelection(by: max(context.pageSize - 1, 1), in: context)
        case .top: moveSelection(by: -context.layout.todoCount, in: context)
        case .bottom: moveSelection(by: context.layout.todoCount, in: context)
        case .toggleDone:
            guard let selected else { return nothingSelected() }
            return [.list(.toggleDone(id: selected.id))]
        case .add:
            mode = .form(FormState(TodoEditFields()))
            return [.openForm(.new)]
        case .edit:
            guard let selected else { return nothingSelected() }
            mode = .form(FormState(TodoEditFields(selected)))
            return [.openForm(.edit(selected))]
        case .delete:
            guard let selected else { return nothingSelected() }
            return [.list(.delete(ids: [selected.id], confirmed: false))]
        case .search:
            mode = .search(TextField(filterText.isEmpty ? query.search.joined(separator: " ") : filterText))
        case .filterTag:
            mode = .tagPrompt(TextField(query.tag ?? ""), completion: nil)
        case .clearFilters:
            guard !query.search.isEmpty || query.tag != nil || !filterText.isEmpty else { return [] }
            filterText = ""
            query.search = []
            query.tag = nil
            query.filter = context.contextFilter
            return [.list(.setQuery(query))]
        case .cycleSort:
            let sorts = TodoQuery.Sort.allCases
            query.sort = sorts[(sorts.firstIndex(of: query.sort)! + 1) % sorts.count]
            return [.list(.setQuery(query))]
        case .cycleStatus:
            let statuses: [TodoQuery.Status] = [.all, .pending, .done]
            query.status = statuses[((statuses.firstIndex(of: query.status) ?? 0) + 1) % statuses.count]
            return [.list(.setQuery(query))]
        case .moveUp, .moveDown:
            guard let selected else { return nothingSelected() }
            guard let (place, count) = context.layout.place(ofSelection: selection, query: context.query) else {
                message = UIMessage(text: "J and K move todos in the whole list sorted by position (s, Esc)")
                return []
            }
            let target = place + (action == .moveUp ? -1 : 1)
            guard target >= 1, target <= count else { return [] }
            return [.list(.move(id: selected.id, to: target))]
        case .undo:
            return [.list(.undo)]
        case .clearDone:
            return [.list(.clearCompleted(confirmed: false))]
        case .help, .quit, .sync, .nextView, .previousView, .showList, .showNext, .showProjects, .showCalendar:
            break
        }
        return []
    }

    private mutating func nothingSelected() -> [UIEffect] {
        message = UIMessage(text: "No todo here: a adds one")
        return []
    }

    private mutating func handleHelp(_ key: Key, scroll: Int, in context: UIContext) -> [UIEffect] {
        let step: Int
        switch key {
        case .up, .character("k"): step = -1
        case .down, .character("j"): step = 1
        case .pageUp: step = -10
        case .pageDown, .character(" "): step = 10
        default:
            mode = .browse
            return []
        }
        mode = .help(scroll: max(0, min(scroll + step, context.helpMaxScroll)))
        return []
    }

    private mutating func handleConfirmation(_ key: Key, alert: Alert) -> [UIEffect] {
        let actions = alert.actions
        guard !actions.isEmpty else { return [] }
        let yes = actions.first { $0.style == .destructive } ?? actions[0]
        let no = actions.first { $0.style == .cancel } ?? actions[actions.count - 1]
        switch UIKeymap.confirmation.action(for: key) {
        case .confirm?: return [.answer(yes)]
        case .dismiss?: return [.answer(no)]
        case .other?:
            alertChoice = (alertChoice + 1) % actions.count
            return []
        case .choose?:
            return [.answer(actions[min(max(alertChoice, 0), actions.count - 1)])]
        case nil:
            guard let typed = key.text.map({ String($0).lowercased() }),
                let chosen = actions.first(where: { $0.title.prefix(1).lowercased() == typed })
            else { return [] }
            return [.answer(chosen)]
        }
    }
}
