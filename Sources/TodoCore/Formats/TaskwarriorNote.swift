#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A todo's note in Taskwarrior, which has none: its text travels as an annotation starting
/// with `note: `, and the attributes an import kept in it (`name: value` lines) go back as
/// attributes.
///
/// An import writes the note as the text of the task's first `note: ` annotation, then, after
/// an empty line, one `name: value` line for each attribute that has no field here
/// (``compose(text:attributeLines:)``). An export reads the note's last paragraph back as
/// attributes when every line of it is one that Taskwarrior can take (``Parts``); the rest is the
/// text of the `note: ` annotation. So a note comes back from an export and an import as it was.
enum TaskwarriorNote {
    /// What starts the annotation that carries a todo's note.
    static let annotationPrefix = "note: "

    /// Whether `line` is a `name: value` line: a name of lower-case ASCII letters, digits and
    /// `_` starting with a letter, `: `, then a value that is not blank.
    static func isAttributeLine(_ line: some StringProtocol) -> Bool {
        attribute(in: line) != nil
    }

    /// The name and value of the `name: value` line `line` (see ``isAttributeLine(_:)``).
    static func attribute(in line: some StringProtocol) -> (name: String, value: String)? {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        /// Whether `scalar` is a lower-case ASCII letter.
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x61 && scalar.value <= 0x7A }
        guard let first = name.unicodeScalars.first, isLetter(first),
            name.unicodeScalars.allSatisfy({ isLetter($0) || ($0.value >= 0x30 && $0.value <= 0x39) || $0 == "_" })
        else { return nil }
        let rest = line[line.index(after: colon)...]
        guard rest.first == " " else { return nil }
        let value = rest.dropFirst()
        guard !value.trimmingSpaces().isEmpty else { return nil }
        return (String(name), String(value))
    }

    /// The note of an imported task: `text` (its `note: ` annotation), then, after an empty line
    /// when there are both, `attributeLines`; `nil` when there is neither.
    static func compose(text: String?, attributeLines: [String]) -> String? {
        let text = Todo.normalizedNote(text)
        guard !attributeLines.isEmpty else { return text }
        let lines = attributeLines.joined(separator: "\n")
        guard let text else { return lines }
        return text + "\n\n" + lines
    }

    /// What an export writes for a todo's note: the text of its `note: ` annotation, and the
    /// attributes its last paragraph gives.
    struct Parts {
        /// The text for the `note: ` annotation; `nil` when nothing is left.
        var text: String?
        /// The attributes, each with its value as the line gives it, in the note's order.
        var attributes: [(name: String, value: String)] = []

        /// The value of the attribute `name`, when the note gives it.
        func value(of name: String) -> String? {
            attributes.first { $0.name == name }?.value
        }

        /// Whether a line named `name` is text: an attribute the export writes from a todo's
        /// fields (or leaves out on purpose, ``fieldNames``), or a name that Taskwarrior's data
        /// files use for its own bookkeeping (`annotation_…`, `tags_…`, `dep_…`).
        static func isReserved(_ name: String) -> Bool {
            fieldNames.contains(name) || name.hasPrefix("annotation_") || name.hasPrefix("tags_")
                || name.hasPrefix("dep_")
        }

        /// The names of the attributes an export writes from a todo's fields (or leaves out on
        /// purpose): a line with one of these names is text.
        static let fieldNames: Set<String> = [
            "description", "status", "uuid", "entry", "modified", "end", "due", "wait", "scheduled", "start",
            "project", "tags", "annotations", "id", "urgency", "mask", "imask", "rtype",
            TaskwarriorFormat.recurrenceKey,
        ]

        /// Splits `note`, the note of `todo`.
        ///
        /// The last paragraph (after the last empty line; the whole note when there is none) is
        /// read as attributes when each of its lines is a `name: value` line
        /// (``TaskwarriorNote/isAttributeLine(_:)``), no name comes twice or is reserved
        /// (``isReserved(_:)``), and each value can be written: `until` a day (`YYYY-MM-DD`), `parent`
        /// a uuid, `depends` uuids separated by commas, `priority` only when the todo has none,
        /// `recur` only when the todo has no recurrence and is done, or has a due day and a
        /// `parent` line (Taskwarrior turns a pending task with `recur` and no `parent` into a
        /// new recurring series, and `task` 2.6.2 crashes on one without `due`). Otherwise the
        /// whole note is text.
        init(note: String?, of todo: Todo) {
            guard let note = Todo.normalizedNote(note) else { return }
            let lines = note.split(separator: "\n", omittingEmptySubsequences: false)
            let blank = lines.lastIndex { $0.isEmpty }
            let paragraph = lines[(blank.map { $0 + 1 } ?? 0)...]
            var attributes: [(name: String, value: String)] = []
            for line in paragraph {
                guard let attribute = TaskwarriorNote.attribute(in: line), !Self.isReserved(attribute.name),
                    !attributes.contains(where: { $0.name == attribute.name })
                else {
                    text = note
                    return
                }
                attributes.append(attribute)
            }
            let hasParent = attributes.contains { $0.name == "parent" }
            for (name, value) in attributes {
                let writable: Bool
                switch name {
                case "until": writable = (try? CalendarDay(parsing: value)) != nil
                case "parent": writable = Todo.parseUUID(value) != nil
                case "depends": writable = Self.uuids(value) != nil
                case "priority": writable = todo.priority == .none
                case "recur": writable = todo.recurrence == nil && (todo.isDone || hasParent && todo.due != nil)
                default: writable = true
                }
                guard writable else {
                    text = note
                    return
                }
            }
            self.attributes = attributes
            text = blank.flatMap { Todo.normalizedNote(lines[..<$0].joined(separator: "\n")) }
        }

        /// The uuids of a `depends` value (`uuid, uuid`), or `nil` when one is not a uuid.
        static func uuids(_ value: String) -> [UUID]? {
            var uuids: [UUID] = []
            for part in value.split(separator: ",") {
                guard let uuid = Todo.parseUUID(part.trimmingSpaces()) else { return nil }
                uuids.append(uuid)
            }
            return uuids.isEmpty ? nil : uuids
        }
    }
}
