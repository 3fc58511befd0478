import TodoCore

extension ValueSpec {
    /// Checks `text` as a value of this kind and returns it as a typed value.
    ///
    /// - Parameters:
    ///   - text: What the user typed.
    ///   - place: Where it was typed, for messages: `'--limit <count>'` or `'<id>'`.
    /// - Throws: ``ArgumentProblem`` with the TodoCore message for bad titles, tags, dates,
    ///   priorities and recurrences, or a message of its own for bad numbers and words.
    func read(_ text: String, place: String) throws(ArgumentProblem) -> ArgumentValue {
        if acceptsNone, kind != .priority, text.lowercased() == "none" { return .cleared }
        switch kind {
        case .text, .configKey, .setting:
            return .text(text)
        case .title:
            return .text(try ArgumentProblem.checking { () throws(TodoError) in try Todo.validTitle(text) })
        case .tag:
            return .text(try ArgumentProblem.checking { () throws(TodoError) in try Todo.validTag(text) })
        case .id:
            guard let id = ValueSpec.positiveInteger(text) else {
                if ValueSpec.isTooLarge(text) {
                    throw ArgumentProblem(
                        "'\(text)' is too large to be a todo id (run `todo list --all` to see the ids)")
                }
                throw ArgumentProblem(
                    "'\(text)' is not a todo id; ids are positive integers (run `todo list --all` to see them)")
            }
            return .integer(id)
        case .position:
            guard let position = ValueSpec.positiveInteger(text) else {
                throw ArgumentProblem("'\(text)' is not a position; use a positive integer (1 is the top of the list)")
            }
            return .integer(position)
        case .count:
            guard let count = ValueSpec.naturalNumber(text) else {
                throw ArgumentProblem("'\(text)' is not a valid value for \(place); use an integer, 0 or more")
            }
            return .integer(count)
        case .priority:
            // `none` only where it is accepted, and never an empty word (which TodoCore reads as none).
            guard !text.isEmpty, let priority = try? Priority(parsing: text), acceptsNone || priority != .none else {
                let allowed = allowedValues ?? []
                throw ArgumentProblem(
                    "'\(text)' is not a priority; use \(ValueSpec.orList(allowed))"
                        + Suggestions.sentence(for: text, among: allowed))
            }
            return .priority(priority)
        case .date:
            return .date(try readWord(text) { () throws(TodoError) in try DateInput(parsing: text) })
        case .recurrence:
            return .recurrence(try readWord(text) { () throws(TodoError) in try Recurrence(parsing: text) })
        case .choice(let words):
            guard words.contains(text) else {
                let list = ValueSpec.orList(words + (acceptsNone ? ["none"] : []))
                throw ArgumentProblem(
                    "'\(text)' is not a valid value for \(place); use \(list)"
                        + Suggestions.sentence(for: text, among: words))
            }
            return .text(text)
        case .path:
            guard !text.isEmpty else { throw ArgumentProblem("the file path for \(place) is empty") }
            return .text(text)
        case .filter:
            return .text(text)
        case .project:
            let project = try ArgumentProblem.checking { () throws(TodoError) in try Todo.validProject(text) }
            guard let project else {
                throw ArgumentProblem(
                    "the project for \(place) is empty; give a name such as Home.Garden"
                        + (acceptsNone ? ", or none to remove it" : ""))
            }
            return .text(project)
        case .dependencies(let removable):
            var add: [Int] = []
            var remove: [Int] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let removing = removable && part.first == "-"
                guard let id = ValueSpec.positiveInteger(String(removing ? part.dropFirst() : part)) else {
                    throw ArgumentProblem(
                        "'\(text)' is not a list of todo ids for \(place); give ids such as 4 or 4,7"
                            + (removable ? ", -4 to remove one, or none to remove them all" : "")
                            + Suggestions.sentence(for: text, among: acceptsNone ? ["none"] : []))
                }
                if removing { remove.append(id) } else { add.append(id) }
            }
            return .dependencies(add: add, remove: remove)
        case .commandName:
            if let topic = HelpTopic.named(text) { return .text(topic.name) }
            guard let command = CommandCatalog.command(named: text), !command.isHidden else {
                throw ArgumentProblem.unknownCommand(text)
            }
            return .text(command.name)
        }
    }

    /// Reads a date or a recurrence with TodoCore, whose message lists what it accepts; adds
    /// `none` where this value accepts it, and the nearest word the value accepts.
    private func readWord<Value>(
        _ text: String, _ read: () throws(TodoError) -> Value
    ) throws(ArgumentProblem) -> Value {
        do {
            return try read()
        } catch {
            var message = error.cliMessage
            switch error {
            case .invalidDate(_, reason: .unrecognized), .invalidRecurrence:
                if acceptsNone { message += ", or none to remove it" }
                message += Suggestions.sentence(for: text, among: completionWords)
            default:
                break
            }
            throw ArgumentProblem(message)
        }
    }

    /// `text` as an integer of 1 or more, written with ASCII digits only; `nil` otherwise.
    static func positiveInteger(_ text: String) -> Int? {
        guard let number = naturalNumber(text), number > 0 else { return nil }
        return number
    }

    /// Whether `text` is a positive integer in ASCII digits, too large for `Int`.
    static func isTooLarge(_ text: String) -> Bool {
        naturalNumber(text) == nil && !text.isEmpty
            && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `text` as an integer of 0 or more, written with ASCII digits only; `nil` otherwise
    /// (signs, spaces, other digits, or too large for `Int`).
    static func naturalNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }

    /// `a`, `a or b`, `a, b or c`.
    static func orList(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        guard words.count > 1 else { return last }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
