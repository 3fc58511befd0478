import TodoCore

/// The positional arguments of the `todo` commands, declared once.
extension ArgumentSpec {
    /// `<title> ...` (add, log): the words of the title, with inline attributes among them.
    static let titleWords = ArgumentSpec(
        value: ValueSpec(name: "title", kind: .text), isVariadic: true, keepsTerminator: true,
        help: """
            What to do, with fields among the words: due:fri wait:+2d scheduled:mon pri:h \
            project:Work repeat:weekly dep:4 +tag. The other words make the title; after --, \
            every word does.
            """)
    /// `[<change> ...]` (edit): inline changes and the words of a new title.
    static let changes = ArgumentSpec(
        value: ValueSpec(name: "change", kind: .text), isRequired: false, isVariadic: true, takesDashWords: true,
        keepsTerminator: true,
        help: """
            Changes written inline: due:fri pri:h project:Work wait:+2d scheduled:mon \
            repeat:weekly dep:4 (dep:-4 removes it), +tag, -tag; key: alone clears the field. \
            Other words make the new title; after --, every word does.
            """)
    /// `[<filter> ...]` (list, next, export): the todos to show.
    static let filterTerms = ArgumentSpec(
        value: ValueSpec(name: "filter", kind: .filter(nil)), isRequired: false, isVariadic: true,
        takesDashWords: true,
        help: """
            Filter terms, one per argument: ids (3, 3-7, 4,9), +tag, -tag, project:Home, \
            due.before:fri, is:overdue, status:waiting, and, or, not, ( ), and words to find \
            (any case) in the text; see 'todo help filters'.
            """)
    /// `[<month>] [<filter> ...]` (calendar): a month to start from, then the todos to show.
    static let monthAndFilter = ArgumentSpec(
        value: ValueSpec(name: "filter", kind: .filter(nil)), isRequired: false, isVariadic: true,
        takesDashWords: true,
        help: """
            The first month to show, YYYY-MM (default: this month), then filter terms that \
            narrow the todos marked; see 'todo help filters'.
            """)
    /// `[<word>]` (__complete-filter): the filter term being completed.
    static let partialFilterTerm = ArgumentSpec(
        value: ValueSpec(name: "word", kind: .text), isRequired: false, takesDashWords: true,
        help: "The filter term being completed.")
    /// `<filter> ...` (done, start, stop): the todos, among those not done.
    static let pendingFilter = selection(.pending, help: "The todos: ids (3, 3-7, 4,9) or filter terms.")
    /// `<filter> ...` (undone): the todos, among the done ones.
    static let doneFilter = selection(.done, help: "The todos: ids (3, 3-7, 4,9) or filter terms.")
    /// `<filter> ...` (rm): the todos, among all of them.
    static let anyFilter = selection(.all, help: "The todos: ids (3, 3-7, 4,9) or filter terms.")
    /// `<filter>` (edit, annotate): the todos, in one argument (a longer filter goes before the
    /// command's name).
    static let target = ArgumentSpec(
        value: ValueSpec(name: "filter", kind: .filter(.all)), takesDashWords: true,
        help: """
            The todos: an id, ids (3,5 or 3-7) or one filter term (+old); put a longer filter \
            before the command (todo +old project:Home edit ...).
            """)
    /// `<text> ...` (annotate)
    static let annotationText = ArgumentSpec(
        value: ValueSpec(name: "text", kind: .text), isVariadic: true,
        help: "The annotation; the words are joined with single spaces.")
    /// `<annotation> ...` (denotate)
    static let annotationReference = ArgumentSpec(
        value: ValueSpec(name: "annotation", kind: .text), isVariadic: true,
        help: """
            The annotation to remove: its number (1 is the oldest, as 'todo show' lists them), \
            or its text, whole or a part that only one annotation holds (any case).
            """)
    /// `<id>`: one todo.
    static let id = ArgumentSpec(value: ValueSpec(name: "id", kind: .id(.all)), help: "The id of the todo.")

    /// A required `<filter> ...` for commands that change the todos it selects, completed with
    /// the ids of the todos with `status`.
    private static func selection(_ status: TodoQuery.Status, help: String) -> ArgumentSpec {
        ArgumentSpec(
            value: ValueSpec(name: "filter", kind: .filter(status)), isVariadic: true, takesDashWords: true,
            help: help + " A filter of anything but ids that selects several todos asks first (see --yes).")
    }
    /// `<position>` (move)
    static let position = ArgumentSpec(
        value: ValueSpec(name: "position", kind: .position), help: "The new place in the list, from 1 (the top).")
    /// `<file>` (import)
    static let importFile = ArgumentSpec(
        value: ValueSpec(name: "file", kind: .path), help: "The file to read.")
    /// `<shell>` (completions)
    static let shell = ArgumentSpec(
        value: ValueSpec(name: "shell", kind: .choice(CompletionShell.allCases.map(\.rawValue))),
        help: "The shell to write the script for.")
    /// `[<command>]` (help)
    static let commandName = ArgumentSpec(
        value: ValueSpec(name: "command", kind: .commandName), isRequired: false,
        help: "The command to show help for.")
    /// `[<status>]` (__complete-ids): which todos' ids to print.
    static let idStatus = ArgumentSpec(
        value: ValueSpec(name: "status", kind: .choice(TodoQuery.Status.allCases.map(\.rawValue))), isRequired: false,
        help: "The todos whose ids to print (default: all).")
    /// `[<id>]` (__complete-tags): the todo whose tags to print; anything but the id of a todo
    /// prints every tag in use (the scripts pass whatever was typed).
    static let tagsOfID = ArgumentSpec(
        value: ValueSpec(name: "id", kind: .text), isRequired: false,
        help: "The todo whose tags to print (default: every tag in use).")
}
