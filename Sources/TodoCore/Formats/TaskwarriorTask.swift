/// One task object of a Taskwarrior export, as read: the fields we use, still as written.
///
/// Reading checks only the JSON types; values are checked when the task is imported
/// (``TaskwarriorFormat``), so that tasks which are not imported (deleted ones) cannot fail an
/// import.
struct TaskwarriorTask {
    /// The line of the object's opening brace, from 1.
    var line: Int
    var status: String?
    var uuid: String?
    var description: String?
    var priority: String?
    var project: String?
    var tags: [String] = []
    var due: String?
    var entry: String?
    var modified: String?
    var end: String?
    var annotations: [TaskAnnotation] = []
    var parent: String?
    var recur: String?
    var wait: String?
    var scheduled: String?
    var until: String?
    var start: String?
    /// The uuids of the tasks this one depends on, as written.
    var depends: [String] = []
    /// `todorecur`: the recurrence of a todo that Taskwarrior cannot repeat, as our export
    /// writes it (``TaskwarriorFormat/recurrenceKey``).
    var todoRecur: String?
    /// The attributes with no field of their own and no reason to be left out (user-defined
    /// attributes, and those of later versions): each key with its value as text (a string's
    /// text, other JSON as written), in the file's order; `null` and empty strings are left out.
    var otherAttributes: [(key: String, value: String)] = []

    /// A note added to a task, with the time it was added.
    struct TaskAnnotation {
        var entry: String?
        var description: String
    }

    /// Reads the task object at `reader`; `id`, `urgency`, `mask`, `imask` and `rtype` are
    /// skipped (see ``TaskwarriorFormat``), other keys kept in ``otherAttributes``.
    ///
    /// - Throws: ``JSONError`` for malformed JSON or a value of the wrong type (the message names
    ///   the key).
    init(from reader: inout JSONReader, line: Int) throws(JSONError) {
        self.line = line
        var object = try reader.beginObject()
        while let key = try reader.nextKey(in: &object) {
            reader.skipSpaces()
            let valueStart = reader.index
            do throws(JSONError) {
                try readValue(of: key, from: &reader)
            } catch {
                let name = key.string.count <= 40 ? key.string : String(key.string.prefix(40)) + "…"
                throw JSONError(offset: max(error.offset, valueStart), message: "'\(name)': \(error.message)")
            }
        }
    }

    /// Reads the value of `key` into its field, or skips it.
    private mutating func readValue(of key: JSONKey, from reader: inout JSONReader) throws(JSONError) {
        switch key.raw?.count ?? -1 {
        case 2 where key.equals("id"): try reader.skipValue()
        case 3 where key.equals("due"): due = try reader.readOptionalString()
        case 3 where key.equals("end"): end = try reader.readOptionalString()
        case 4 where key.equals("uuid"): uuid = try reader.readOptionalString()
        case 4 where key.equals("tags"): tags = try Self.readList(&reader)
        case 4 where key.equals("wait"): wait = try reader.readOptionalString()
        case 4 where key.equals("mask"): try reader.skipValue()
        case 5 where key.equals("entry"): entry = try reader.readOptionalString()
        case 5 where key.equals("recur"): recur = try reader.readOptionalString()
        case 5 where key.equals("start"): start = try reader.readOptionalString()
        case 5 where key.equals("until"): until = try reader.readOptionalString()
        case 5 where key.equals("imask"), 5 where key.equals("rtype"): try reader.skipValue()
        case 6 where key.equals("status"): status = try reader.readOptionalString()
        case 6 where key.equals("parent"): parent = try reader.readOptionalString()
        case 7 where key.equals("project"): project = try reader.readOptionalString()
        case 7 where key.equals("depends"): depends = try Self.readList(&reader)
        case 7 where key.equals("urgency"): try reader.skipValue()
        case 8 where key.equals("priority"): priority = try reader.readOptionalString()
        case 8 where key.equals("modified"): modified = try reader.readOptionalString()
        case 9 where key.equals("scheduled"): scheduled = try reader.readOptionalString()
        case 9 where key.equals("todorecur"): todoRecur = try reader.readOptionalString()
        case 11 where key.equals("description"): description = try reader.readOptionalString()
        case 11 where key.equals("annotations"): annotations = try Self.readAnnotations(&reader)
        default:
            if let value = try Self.readText(&reader) { otherAttributes.append((key.string, value)) }
        }
    }

    /// Reads any value as text: a string's text, `nil` for `null` or an empty string, other
    /// JSON (numbers, booleans, arrays, objects) as written.
    private static func readText(_ reader: inout JSONReader) throws(JSONError) -> String? {
        if try reader.readNull() { return nil }
        if reader.peek() == UInt8(ascii: "\"") {
            let text = try reader.readString()
            return text.isEmpty ? nil : text
        }
        let start = reader.index
        try reader.skipValue()
        return String(decoding: UnsafeRawBufferPointer(rebasing: reader.bytes[start..<reader.index]), as: UTF8.self)
            .trimmingSpaces()
    }

    /// Reads `tags` or `depends`: an array of strings, a comma-separated string (older
    /// versions), or `null`.
    private static func readList(_ reader: inout JSONReader) throws(JSONError) -> [String] {
        if try reader.readNull() { return [] }
        if reader.peek() == UInt8(ascii: "\"") {
            return try reader.readString().split(separator: ",").map(String.init)
        }
        var tags: [String] = []
        var array = try reader.beginArray()
        while try reader.nextElement(in: &array) {
            tags.append(try reader.readString())
        }
        return tags
    }

    /// Reads `annotations`: an array of `{"entry":…,"description":…}` objects, or `null`.
    private static func readAnnotations(_ reader: inout JSONReader) throws(JSONError) -> [TaskAnnotation] {
        if try reader.readNull() { return [] }
        var annotations: [TaskAnnotation] = []
        var array = try reader.beginArray()
        while try reader.nextElement(in: &array) {
            var entry: String?
            var description: String?
            var object = try reader.beginObject()
            while let key = try reader.nextKey(in: &object) {
                if key.equals("entry") {
                    entry = try reader.readOptionalString()
                } else if key.equals("description") {
                    description = try reader.readOptionalString()
                } else {
                    try reader.skipValue()
                }
            }
            if let description { annotations.append(TaskAnnotation(entry: entry, description: description)) }
        }
        return annotations
    }
}
