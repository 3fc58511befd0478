/// Fields given inline among the words of a title, as Taskwarrior users type them:
/// `todo add Call Bob due:fri +sales pri:h project:Work wait:+2d scheduled:mon repeat:weekly dep:4`.
///
/// Keys: `due`, `wait`, `scheduled` (`sched`), `priority` (`pri`), `project` (`pro`), `repeat`
/// (`recur`), `depends` (`dep`), in any case; `+tag` adds a tag. When editing, `-tag` removes a
/// tag, `key:` (empty) or `key:none` clears the field, `dep:-4` removes a dependency, and the
/// other words replace the title. A word with another `something:` prefix (`10:30`, `Re:`) is title text;
/// every word after `--` is title text.
///
/// ```swift
/// let inline = try InlineAttributes(parsing: ["Call", "Bob", "due:fri", "+sales"], editing: false)
/// inline.titleWords      // ["Call", "Bob"]
/// inline.apply(to: &draft)
/// ```
public struct InlineAttributes: Sendable, Hashable {
    /// The words that are title text, in order.
    public var titleWords: [String] = []
    /// `nil`: not given; `.clear` (editing): `due:` with nothing after it.
    public var due: FieldChange<DateInput>?
    /// The wait day, the same way.
    public var wait: FieldChange<DateInput>?
    /// The scheduled day, the same way.
    public var scheduled: FieldChange<DateInput>?
    /// The priority (`pri:` alone gives `.none`).
    public var priority: Priority?
    /// The project, the same way as `due`.
    public var project: FieldChange<String>?
    /// The recurrence, the same way as `due` (`repeat:none` clears it too).
    public var recurrence: FieldChange<Recurrence>?
    /// Tags to add (`+tag`).
    public var addTags: [String] = []
    /// Tags to remove (`-tag`, editing only).
    public var removeTags: [String] = []
    /// Dependencies to add (`dep:4,5`).
    public var addDepends: [Int] = []
    /// Dependencies to remove (`dep:-4`, editing only).
    public var removeDepends: [Int] = []
    /// Whether every dependency goes (`dep:` with nothing after it, editing only).
    public var clearDepends = false

    /// The keys, each with its short forms.
    enum Key: String, CaseIterable {
        case due, wait, scheduled, priority, project, `repeat`, depends

        static func named(_ name: String) -> Key? {
            switch name.lowercased() {
            case "due": return .due
            case "wait": return .wait
            case "scheduled", "sched": return .scheduled
            case "priority", "pri": return .priority
            case "project", "pro", "proj": return .project
            case "repeat", "recur", "recurrence": return .repeat
            case "depends", "dep", "deps": return .depends
            default: return nil
            }
        }

        /// What the key gives, for messages: `the due date`.
        var fieldName: String {
            switch self {
            case .due: return "the due date"
            case .wait: return "the wait day"
            case .scheduled: return "the scheduled day"
            case .priority: return "the priority"
            case .project: return "the project"
            case .repeat: return "the recurrence"
            case .depends: return "the dependencies"
            }
        }

        /// Whether the key may come more than once: dependencies add up, as tags do.
        var isRepeatable: Bool { self == .depends }
    }

    /// Reads `words`; with `editing`, `-tag` and empty values mean removing.
    ///
    /// - Throws: ``TodoError/invalidAttribute(word:problem:)`` for a value that cannot be read or
    ///   a field given twice (`due:fri due:mon`; the words are named), ``TodoError/invalidTag(_:)``
    ///   for a tag that is not one word. Tags and dependencies may be given several times.
    public init(parsing words: [String], editing: Bool) throws(TodoError) {
        var literal = false
        var given: [Key: String] = [:]
        for word in words {
            if literal {
                titleWords.append(word)
                continue
            }
            if word == "--" {
                literal = true
                continue
            }
            if word.count > 1, word.first == "+" {
                addTags.append(try Todo.validTag(String(word.dropFirst())))
                continue
            }
            if editing, word.count > 1, word.first == "-", word.dropFirst().first?.isLetter == true {
                removeTags.append(try Todo.validTag(String(word.dropFirst())))
                continue
            }
            guard let colon = word.firstIndex(of: ":"), let key = Key.named(String(word[..<colon])) else {
                titleWords.append(word)
                continue
            }
            if !key.isRepeatable {
                if let first = given[key] {
                    throw .invalidAttribute(
                        word: word, problem: "\(key.fieldName) is given twice, here and as '\(first)'; give it once")
                }
                given[key] = word
            }
            try read(key, String(word[word.index(after: colon)...]), word: word, editing: editing)
        }
    }

    private mutating func read(_ key: Key, _ value: String, word: String, editing: Bool) throws(TodoError) {
        func fail(_ problem: String) -> TodoError { .invalidAttribute(word: word, problem: problem) }
        let trimmed = value.trimmingSpaces()
        // When editing, `due:none` clears the field as `due:` does (and as `--due none` does).
        let clears = trimmed.isEmpty || (editing && key != .priority && trimmed.lowercased() == "none")
        if clears && key != .priority {
            guard editing else { throw fail("it needs a value after the colon") }
            switch key {
            case .due: due = .clear
            case .wait: wait = .clear
            case .scheduled: scheduled = .clear
            case .project: project = .clear
            case .repeat: recurrence = .clear
            case .depends: clearDepends = true
            case .priority: break
            }
            return
        }
        do throws(TodoError) {
            switch key {
            case .due: due = .set(try DateInput(parsing: trimmed))
            case .wait: wait = .set(try DateInput(parsing: trimmed))
            case .scheduled: scheduled = .set(try DateInput(parsing: trimmed))
            case .priority: priority = try Priority(parsing: trimmed)
            case .project:
                project = try Todo.validProject(trimmed).map { .set($0) } ?? .clear
            case .repeat:
                recurrence = trimmed.lowercased() == "none" ? .clear : .set(try Recurrence(parsing: trimmed))
            case .depends:
                for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
                    let removing = part.first == "-"
                    let digits = removing ? part.dropFirst() : part[...]
                    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(digits),
                        (1...Todo.maximumID).contains(id)
                    else { throw fail("'\(part)' is not a todo's id; give ids such as dep:4 or dep:4,7") }
                    if removing {
                        guard editing else { throw fail("a new todo has no dependency to remove") }
                        removeDepends.append(id)
                    } else {
                        addDepends.append(id)
                    }
                }
            }
        } catch .invalidAttribute(let word, let problem) {
            throw .invalidAttribute(word: word, problem: problem)
        } catch {
            throw fail(error.description)
        }
    }

    /// Whether the words set nothing but the title.
    public var setsNoField: Bool {
        due == nil && wait == nil && scheduled == nil && priority == nil && project == nil && recurrence == nil
            && addTags.isEmpty && removeTags.isEmpty && addDepends.isEmpty && removeDepends.isEmpty && !clearDepends
    }

    /// Puts the fields into `draft` (its title from the title words when there are some).
    public func apply(to draft: inout TodoDraft) {
        if !titleWords.isEmpty { draft.title = titleWords.joined(separator: " ") }
        if case .set(let value) = due { draft.due = value }
        if case .set(let value) = wait { draft.wait = value }
        if case .set(let value) = scheduled { draft.scheduled = value }
        if let priority { draft.priority = priority }
        if case .set(let value) = project { draft.project = value }
        if case .set(let value) = recurrence { draft.recurrence = value }
        draft.tags.formUnion(addTags)
        draft.depends.formUnion(addDepends)
    }

    /// Puts the changes into `patch` (a new title from the title words when there are some).
    public func apply(to patch: inout TodoPatch) {
        if !titleWords.isEmpty { patch.title = titleWords.joined(separator: " ") }
        if let due { patch.due = due }
        if let wait { patch.wait = wait }
        if let scheduled { patch.scheduled = scheduled }
        if let priority { patch.priority = priority }
        if let project { patch.project = project }
        if let recurrence { patch.recurrence = recurrence }
        patch.addTags.formUnion(addTags)
        patch.removeTags.formUnion(removeTags)
        patch.addDepends.formUnion(addDepends)
        patch.removeDepends.formUnion(removeDepends)
        if clearDepends { patch.clearDepends = true }
    }
}
