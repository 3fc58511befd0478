import TodoCore

/// The commands that create and change todos: `add`, `edit`.
extension CommandSpec {
    /// `todo add <title> ... [--note <text>] [--priority <priority>] [--due <date>] [--tag <tag> ...] [--repeat <recurrence>]`
    static let add = CommandSpec(
        name: "add",
        overview: "Add a todo.",
        discussion: """
            Examples:
              todo add Buy milk --due tomorrow --tag shop
              todo add Pay rent --due 2030-02-01 --repeat monthly --priority high
              todo add -- -5 degrees tonight: bring the plants in
            """,
        arguments: [.titleWords],
        options: [.note, .priority, .due, .tag, .repeat],
        build: { values throws(ArgumentProblem) in
            let words = values.values(of: .titleWords).compactMap(\.text)
            let title = try ArgumentProblem.checking { () throws(TodoError) in
                try Todo.validTitle(words.joined(separator: " "))
            }
            return .add(
                TodoDraft(
                    title: title,
                    note: values.value(of: .note)?.text,
                    priority: values.value(of: .priority)?.priority ?? .none,
                    due: values.value(of: .due)?.date,
                    tags: Set(values.values(of: .tag).compactMap(\.text)),
                    recurrence: values.value(of: .repeat)?.recurrence))
        })

    /// `todo edit <id> [--title <title>] [--note <text>] [--priority <priority>] [--due <date>] [--tag <tag> ...] [--untag <tag> ...] [--repeat <recurrence>]`
    static let edit = CommandSpec(
        name: "edit",
        overview: "Change a todo.",
        discussion: """
            Give one change or more; none removes a note, a priority, a due date or a repetition.

            Examples:
              todo edit 3 --title "Buy oat milk" --tag shop --untag errands
              todo edit 3 --due none --priority high
            """,
        arguments: [.id],
        options: [.title, .noteOrNone, .priorityOrNone, .dueOrNone, .addTag, .untag, .repeatOrNone],
        conflicts: [
            OptionConflict(
                first: .addTag, second: .untag, onlyForTheSameValue: true,
                reason: "a tag cannot be added and removed at once")
        ],
        build: { values throws(ArgumentProblem) in
            let patch = TodoPatch(
                title: values.value(of: .title)?.text,
                note: values.change(of: .noteOrNone) { $0.text },
                priority: values.value(of: .priorityOrNone)?.priority,
                due: values.change(of: .dueOrNone) { $0.date },
                addTags: Set(values.values(of: .addTag).compactMap(\.text)),
                removeTags: Set(values.values(of: .untag).compactMap(\.text)),
                recurrence: values.change(of: .repeatOrNone) { $0.recurrence })
            return .edit(id: values.value(of: .id)?.integer ?? 0, patch: patch)
        })
}
