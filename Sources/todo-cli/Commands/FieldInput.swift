import TodoCore

/// What `add`, `log` and `edit` share: the fields of a todo given as options (`--due fri`) and
/// inline among the words (`due:fri`, read by `InlineAttributes`), put together into a draft or a
/// patch.
///
/// A field given both ways (`--due fri` and `due:mon`, `--title` and title words) is a usage
/// error naming both, rather than one silently winning; tags and dependencies add up (`--tag a
/// +b` gives both), and the same tag (or dependency) both added and removed is refused.
enum FieldInput {
    /// A field that can be given as an option and inline.
    private struct Field: Sendable {
        /// The option (its long name is what counts: `--due` on add and on edit).
        var option: OptionSpec
        /// The inline key, as help shows it: `due:`.
        var key: String
        /// What it sets, for the message: `the due date`.
        var name: String
        /// Whether the inline words set it.
        var isInline: @Sendable (InlineAttributes) -> Bool
    }

    private static let fields: [Field] = [
        Field(option: .due, key: "due:", name: "the due date") { $0.due != nil },
        Field(option: .wait, key: "wait:", name: "the wait day") { $0.wait != nil },
        Field(option: .scheduled, key: "scheduled:", name: "the scheduled day") { $0.scheduled != nil },
        Field(option: .priority, key: "pri:", name: "the priority") { $0.priority != nil },
        Field(option: .project, key: "project:", name: "the project") { $0.project != nil },
        Field(option: .repeat, key: "repeat:", name: "the recurrence") { $0.recurrence != nil },
    ]

    /// The todo `add` (or `log`, `isDone`) creates: the title words with their inline fields,
    /// and the options.
    ///
    /// - Throws: A bad inline value (naming its word), a blank title, or a field given twice.
    static func draft(_ values: ParsedValues, isDone: Bool) throws(ArgumentProblem) -> TodoDraft {
        let inline = try inlineAttributes(values.values(of: .titleWords), editing: false)
        try checkGivenOnce(inline, values)
        var draft = TodoDraft(
            title: "",
            note: values.value(of: .note)?.text,
            priority: values.value(of: .priority)?.priority ?? .none,
            due: values.value(of: .due)?.date,
            tags: Set(values.values(of: .tag).compactMap(\.text)),
            recurrence: values.value(of: .repeat)?.recurrence,
            project: values.value(of: .project)?.text,
            wait: values.value(of: .wait)?.date,
            scheduled: values.value(of: .scheduled)?.date,
            depends: Set(dependencies(values.values(of: .depends)).add),
            isDone: isDone)
        inline.apply(to: &draft)
        draft.title = try ArgumentProblem.checking { () throws(TodoError) in try Todo.validTitle(draft.title) }
        return draft
    }

    /// The change `edit` makes: its options and its inline changes (whose other words are a new
    /// title).
    ///
    /// - Throws: A bad inline value (naming its word), a blank new title, a field given twice,
    ///   a tag or a dependency both added and removed.
    static func patch(_ values: ParsedValues) throws(ArgumentProblem) -> TodoPatch {
        let inline = try inlineAttributes(values.values(of: .changes), editing: true)
        try checkGivenOnce(inline, values)
        if !inline.titleWords.isEmpty, values.isGiven(.title) {
            throw ArgumentProblem("the title is given twice, with --title and as words; give it once")
        }
        let dependencies = dependencies(values.values(of: .dependsOrNone))
        var patch = TodoPatch(
            title: values.value(of: .title)?.text,
            note: values.change(of: .noteOrNone) { $0.text },
            priority: values.value(of: .priorityOrNone)?.priority,
            due: values.change(of: .dueOrNone) { $0.date },
            addTags: Set(values.values(of: .addTag).compactMap(\.text)),
            removeTags: Set(values.values(of: .untag).compactMap(\.text)),
            recurrence: values.change(of: .repeatOrNone) { $0.recurrence },
            project: values.change(of: .projectOrNone) { $0.text },
            wait: values.change(of: .waitOrNone) { $0.date },
            scheduled: values.change(of: .scheduledOrNone) { $0.date },
            addDepends: Set(dependencies.add),
            removeDepends: Set(dependencies.remove),
            clearDepends: dependencies.clear)
        inline.apply(to: &patch)
        if let title = patch.title {
            patch.title = try ArgumentProblem.checking { () throws(TodoError) in try Todo.validTitle(title) }
        }
        let removed = Set(patch.removeTags.map { $0.lowercased() })
        if let tag = patch.addTags.sorted().first(where: { removed.contains($0.lowercased()) }) {
            throw ArgumentProblem(
                "the tag '\(tag)' is both added and removed; a tag cannot be added and removed at once")
        }
        if let id = patch.addDepends.intersection(patch.removeDepends).min() {
            throw ArgumentProblem("todo \(id) is both added to and removed from the dependencies; give one")
        }
        return patch
    }

    /// The inline attributes among `words`.
    private static func inlineAttributes(
        _ words: [ArgumentValue], editing: Bool
    ) throws(ArgumentProblem) -> InlineAttributes {
        let words = words.compactMap(\.text)
        return try ArgumentProblem.checking { () throws(TodoError) in
            try InlineAttributes(parsing: words, editing: editing)
        }
    }

    /// Fails when an option and an inline word both set one field.
    private static func checkGivenOnce(_ inline: InlineAttributes, _ values: ParsedValues) throws(ArgumentProblem) {
        for field in fields where field.isInline(inline) && values.isGiven(field.option) {
            throw ArgumentProblem(
                "\(field.name) is given twice, with --\(field.option.long) and inline (\(field.key)); give it once")
        }
    }

    /// The ids `--depends` adds and removes, and whether `none` removes them all first.
    private static func dependencies(_ values: [ArgumentValue]) -> (add: [Int], remove: [Int], clear: Bool) {
        var result: (add: [Int], remove: [Int], clear: Bool) = ([], [], false)
        for value in values {
            switch value {
            case .dependencies(let add, let remove):
                result.add += add
                result.remove += remove
            case .cleared:
                result.clear = true
            default:
                break
            }
        }
        return result
    }
}
