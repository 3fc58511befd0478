/// `todo help filters`: the filter language (`TodoFilter`), each kind of term with examples.
extension HelpTopic {
    /// `todo help filters`
    static let filters = HelpTopic(
        name: "filters",
        overview: "The filter language: 3-7, +work, -old, project:Home, due.before:fri, is:overdue, or, not.",
        discussion: """
            A filter chooses the todos that list, next and export show, and those that done, \
            undone, rm, edit, start, stop and annotate change. Each term is one argument (quote \
            a search with spaces: 'buy milk'); terms next to each other must all hold. Keys are \
            read in any case and may be shortened (pro:, pri:, sched:, stat:); dates are those of \
            'todo help dates'. A near miss of a key (prioity:high, shed:today) is an error that \
            suggests the key, not a search; so is depends: (use is:blocked or is:blocking) and \
            repeat: (use is:recurring).

            Terms may come before the command, as Taskwarrior reads them (todo +work list, todo 3 \
            done, todo +old edit pri:low), or after it; the two parts are joined with and. Before \
            it only structured terms are read (ids, +tag, -tag, key:value, is:..., and, or, not, \
            parentheses): a search word there would be taken for the command. A filter without a \
            command lists; one id alone shows that todo.

            list shows the pending todos unless the filter names a status (status:done, \
            status:all, is:waiting); done, start and stop choose among the todos not done, undone \
            among the done ones, rm, edit and annotate among all of them. A filter of ids only \
            names exactly its todos; any other that selects several asks first on a terminal, and \
            needs --yes elsewhere. Docs/Filters.md describes the whole language.
            """,
        sections: [
            Section(
                heading: "TERMS",
                entries: FilterForm.all.map {
                    Entry(label: $0.forms.joined(separator: ", "), description: $0.helpDescription)
                }
            ),
            Section(
                heading: "MODIFIERS",
                entries: [
                    Entry(label: "KEY.not:VALUE", description: "The todos KEY:VALUE leaves out, for every key."),
                    Entry(
                        label: "project.is:, .isnt:",
                        description: "Exactly that project; every todo but those of exactly that project."),
                    Entry(
                        label: "project.has:, .hasnt:",
                        description: "The projects whose name holds the text; the others."),
                    Entry(
                        label: "priority.above:, .below:",
                        description: "A higher priority; a lower one (none is the lowest)."),
                ]),
            Section(
                heading: "EXAMPLES",
                entries: [
                    Entry(label: "todo +work list", description: "The pending todos tagged work."),
                    Entry(
                        label: "todo list +urgent or due.before:+3d",
                        description: "Urgent, or due within the next two days."),
                    Entry(label: "todo list status:waiting", description: "The todos waiting for their day."),
                    Entry(
                        label: "todo project:Home due.before:eow next",
                        description: "The most urgent todos of Home due before the week's end."),
                    Entry(label: "todo 3-7,9 done", description: "Complete the todos 3 to 7 and 9."),
                    Entry(
                        label: "todo +old edit pri:low --yes",
                        description: "Give every todo tagged old a low priority, without asking."),
                ]),
        ])
}
