import TodoCore

extension UIState {
    /// The form's keys: moving between fields, saving, cancelling, and typing into the
    /// focused field (each change goes to the edit reactor at once, which validates it).
    mutating func handleForm(_ key: Key, form: FormState, in context: UIContext) -> [UIEffect] {
        var form = form
        defer { if case .form = mode { mode = .form(form) } }
        let fields = FormState.Field.allCases
        if let action = UIKeymap.form.action(for: key) {
            switch action {
            case .nextField: form.focus = fields[(form.focus.rawValue + 1) % fields.count]
            case .previousField: form.focus = fields[(form.focus.rawValue + fields.count - 1) % fields.count]
            case .submit: return [.form(.submit)]
            case .cancel: return [.form(.cancel)]
            }
            return []
        }
        if form.focus == .priority { return priorityKey(key, current: context.formPriority) }
        guard var field = form[form.focus] else { return [] }
        let changed = edit(&field, with: key)
        form[form.focus] = field
        guard changed else { return [] }
        return form.action(for: form.focus).map { [.form($0)] } ?? []
    }

    /// The search prompt's keys: its text is the list's filter (the filter language, where
    /// plain words search), sent as it changes; words that do not parse leave the list as it
    /// was and say why in the status line.
    mutating func handleSearch(_ key: Key, field: TextField, in context: UIContext) -> [UIEffect] {
        var field = field
        switch UIKeymap.prompt.action(for: key) {
        case .accept?:
            mode = .browse
            if let error = filterError {
                filterError = nil
                message = UIMessage(text: "Filter not applied: " + error, isError: true)
            }
            return []
        case .cancel?:
            mode = .browse
            filterError = nil
            return clearFilter(in: context)
        case .selectionUp?:
            moveSelection(by: -1, in: context)
            return []
        case .selectionDown?:
            moveSelection(by: 1, in: context)
            return []
        case .complete?:
            return []
        case nil:
            let changed = edit(&field, with: key)
            mode = .search(field)
            guard changed else { return [] }
            return applyFilter(field.text, in: context)
        }
    }

    /// Filters the list by `text` parsed as filter terms (TodoCore's ``TodoFilter``), within the
    /// active context; records the error instead when the terms do not parse.
    mutating func applyFilter(_ text: String, in context: UIContext) -> [UIEffect] {
        let words = text.split(separator: " ").map(String.init)
        let typed: TodoFilter
        do {
            typed = try TodoFilter(parsing: words)
        } catch {
            filterError = error.description
            return []
        }
        filterError = nil
        filterText = words.joined(separator: " ")
        var query = context.query
        query.search = []
        query.filter = context.contextFilter.and(typed)
        selection = 0
        return [.list(.setQuery(query))]
    }

    /// Drops the typed filter (and any plain search), keeping the active context.
    mutating func clearFilter(in context: UIContext) -> [UIEffect] {
        filterText = ""
        var query = context.query
        query.search = []
        query.filter = context.contextFilter
        guard query != context.query else { return [] }
        return [.list(.setQuery(query))]
    }

    /// The tag prompt's keys: Enter filters by the tag typed (none when empty), Tab goes
    /// through the tags that start with it.
    mutating func handleTagPrompt(
        _ key: Key, field: TextField, completion: TagCompletion?, in context: UIContext
    ) -> [UIEffect] {
        var field = field
        var query = context.query
        switch UIKeymap.prompt.action(for: key) {
        case .accept?:
            mode = .browse
            var tag = field.text.trimmingCharacters(in: " ")
            if tag.first == "+" || tag.first == "#" { tag.removeFirst() }
            let newTag = tag.isEmpty ? nil : tag
            guard newTag?.lowercased() != query.tag?.lowercased() else { return [] }
            query.tag = newTag
            selection = 0
            return [.list(.setQuery(query))]
        case .cancel?:
            mode = .browse
        case .selectionUp?:
            moveSelection(by: -1, in: context)
        case .selectionDown?:
            moveSelection(by: 1, in: context)
        case .complete?:
            let prefix = (completion?.prefix ?? field.text).lowercased()
            let candidates = context.tags.filter { $0.lowercased().hasPrefix(prefix) }
            guard !candidates.isEmpty else {
                message = UIMessage(text: context.tags.isEmpty ? "No tags yet" : "No tag starts with \(prefix)")
                return []
            }
            let index = completion.map { ($0.index + 1) % candidates.count } ?? 0
            mode = .tagPrompt(TextField(candidates[index]), completion: TagCompletion(prefix: prefix, index: index))
        case nil:
            _ = edit(&field, with: key)
            mode = .tagPrompt(field, completion: nil)
        }
        return []
    }

    /// Applies a typing key to `field`; returns whether its text changed.
    private func edit(_ field: inout TextField, with key: Key) -> Bool {
        if let character = key.text {
            field.insert(character)
            return true
        }
        guard let action = UIKeymap.text.action(for: key) else { return false }
        return field.apply(action)
    }

    /// A key on the priority field: ← lower, → higher, space the next one round, or its
    /// first letter (`h`, `m`, `l`, `n`).
    private func priorityKey(_ key: Key, current: Priority) -> [UIEffect] {
        let all = Priority.allCases
        var priority = current
        switch key {
        case .left, .control("b"): priority = all[max(current.rawValue - 1, 0)]
        case .right, .control("f"): priority = all[min(current.rawValue + 1, all.count - 1)]
        case .character(" "): priority = all[(current.rawValue + 1) % all.count]
        case .backspace, .delete: priority = .none
        case .character("n"), .character("N"): priority = .none
        case .character(let typed):
            guard let chosen = try? Priority(parsing: String(typed)) else { return [] }
            priority = chosen
        default: return []
        }
        return priority == current ? [] : [.form(.setPriority(priority))]
    }
}
