import TodoCore

extension UIScreen {
    /// The edit form in the body: a heading, one line per field (its validation error below
    /// it), scrolled to keep the focused field in view; and where the cursor goes.
    func formLines(
        _ form: FormState, state: TodoEditReactor.State
    ) -> (lines: [ScreenLine], cursor: ScreenFrame.Position?) {
        let columns = input.size.columns
        let labelWidth = 11
        let valueWidth = max(columns - labelWidth - 1, 1)
        var lines: [ScreenLine] = []
        switch state.mode {
        case .new: lines.append(ScreenLine(" New todo", .bold))
        case .edit(let todo): lines.append(ScreenLine(" Edit \(todo.id): \(todo.title)", .bold))
        }
        lines.append(ScreenLine())
        var focusLine = 0
        var cursorColumn: Int?
        for field in FormState.Field.allCases {
            let focused = field == form.focus
            var line = ScreenLine(focused ? ">" : " ", .bold)
            line.append(DisplayWidth.pad(field.label, to: labelWidth - 1), focused ? [.bold] : [])
            if focused { focusLine = lines.count }
            if let text = form[field] {
                let (shown, cursor) = text.visible(width: valueWidth)
                line.append(shown, focused ? [.underline] : [])
                if focused { cursorColumn = labelWidth + cursor }
                if field == .due, let due = state.fields.due, state.validationErrors[.due] == nil,
                    !text.text.trimmingCharacters(in: " ").isEmpty
                {
                    let day = (try? due.resolve(today: input.list.today))?.description ?? "\(due)"
                    if day != text.text.trimmingCharacters(in: " ") { line.append("  " + day, .dim) }
                }
            } else {
                line.append("‹ \(state.fields.priority.name) ›", focused ? [.underline] : [])
                if focused { line.append("  ← → or h m l n", .dim) }
            }
            lines.append(line)
            if let validated = field.validated, let problem = state.validationErrors[validated] {
                for part in TextWrap.lines(problem, width: valueWidth) {
                    lines.append(ScreenLine(String(repeating: " ", count: labelWidth) + part, .red))
                }
            }
        }
        if state.isSubmitting { lines.append(ScreenLine(" Saving…", .dim)) }
        let height = layout.bodyHeight
        let start = focusLine < height ? 0 : focusLine - height + 1
        var shown = Array(lines.dropFirst(start).prefix(height))
        while shown.count < height { shown.append(ScreenLine()) }
        let cursor = cursorColumn.map {
            ScreenFrame.Position(row: layout.bodyTop + focusLine - start, column: min($0, columns - 1))
        }
        return (shown.map { $0.fitted(to: columns) }, cursor)
    }
}
