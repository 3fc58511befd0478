/// The JSON a front end prints for scripts (`todo --json`): stable shapes, every key always
/// present, absent values as `null` (documented in Docs/CLI.md).
public enum TodoJSONOutput {
    /// `[` todo objects, one per line `]`, each with its derived facts in `context`.
    public static func array(_ todos: [Todo], context: TodoContext) -> String {
        String(decoding: arrayBytes(todos, context: context), as: UTF8.self)
    }

    /// ``array(_:context:)`` as UTF-8 bytes (for large outputs: no conversion).
    public static func arrayBytes(_ todos: [Todo], context: TodoContext) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + todos.count * 400)
        writeArray(todos, to: &json, context: context)
        json.newline()
        return json.bytes
    }

    /// One todo object and a line break.
    public static func object(_ todo: Todo, context: TodoContext) -> String {
        todo.jsonObject(facts: context.facts(for: todo)) + "\n"
    }

    /// One todo object with one more key, `changed` (whether the command changed the todo: what
    /// `todo edit` prints), and a line break.
    public static func object(_ todo: Todo, changed: Bool, context: TodoContext) -> String {
        var json = JSONWriter()
        write(todo, to: &json, context: context) { json in
            json.key("changed")
            json.bool(changed)
        }
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// What `todo done` and `todo undone` print: each todo named, as a todo object with two more
    /// keys — `changed` (whether the command changed it, `false` when it already was as asked)
    /// and, for a completion, `next` (the next occurrence it created, a todo object, or
    /// `null`) — one object for one todo, else `[` one per line `]`.
    ///
    /// - Parameters:
    ///   - result: What marking did.
    ///   - asArray: Whether to print an array (several ids named) rather than one object.
    ///   - completing: Whether the todos were marked done (the objects then carry `next`).
    ///   - context: Where the todos' derived facts come from.
    public static func marked(
        _ result: TodoMarkResult, asArray: Bool, completing: Bool, context: TodoContext
    ) -> String {
        var json = JSONWriter(capacity: 64 + result.todos.count * 400)
        let changed = Set(result.changedIDs)
        func write(_ todo: Todo) {
            TodoJSONOutput.write(todo, to: &json, context: context) { json in
                json.key("changed")
                json.bool(changed.contains(todo.id))
                if completing {
                    json.key("next")
                    if let next = result.next(after: todo.id) {
                        next.write(to: &json, facts: context.facts(for: next))
                    } else {
                        json.null()
                    }
                }
            }
        }
        if asArray {
            json.beginArray()
            for (index, todo) in result.todos.enumerated() {
                json.element()
                json.newline()
                write(todo)
                if index == result.todos.count - 1 { json.newline() }
            }
            json.endArray()
        } else if let todo = result.todos.first {
            write(todo)
        }
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `{"pending":…,"done":…,"overdue":…,"dueToday":…,"total":…,"tags":{"shop":{"pending":…,"done":…}},`
    /// `"waiting":…,"blocked":…,"active":…,"projects":{"home.garden":{"pending":…,"done":…}}}`: tags
    /// and projects sorted, each under its lower-case spelling.
    public static func stats(_ stats: TodoStats) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("pending")
        json.int(stats.pending)
        json.key("done")
        json.int(stats.done)
        json.key("overdue")
        json.int(stats.overdue)
        json.key("dueToday")
        json.int(stats.dueToday)
        json.key("total")
        json.int(stats.total)
        json.key("tags")
        writeCounts(stats.tags, to: &json)
        json.key("waiting")
        json.int(stats.waiting)
        json.key("blocked")
        json.int(stats.blocked)
        json.key("active")
        json.int(stats.active)
        json.key("projects")
        writeCounts(stats.projects, to: &json)
        json.endObject()
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `{"name":{"pending":…,"done":…},…}`, names sorted.
    private static func writeCounts(_ counts: [String: TodoStats.TagCount], to json: inout JSONWriter) {
        json.beginObject()
        for name in counts.keys.sorted() {
            json.key(name)
            json.beginObject()
            json.key("pending")
            json.int(counts[name]!.pending)
            json.key("done")
            json.int(counts[name]!.done)
            json.endObject()
        }
        json.endObject()
    }

    /// `{"undone":"deleted","restored":[…],"removed":[…]}`.
    public static func undo(_ result: TodoUndoResult, context: TodoContext) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("undone")
        json.string(result.undoneKind.rawValue)
        json.key("restored")
        writeArray(result.restored, to: &json, context: context)
        json.key("removed")
        writeArray(result.removed, to: &json, context: context)
        json.endObject()
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `{"created":[…],"updated":[…],"unchanged":N}`, and `"format":"todotxt"` when `format` is
    /// given (the format the file was read as).
    public static func importResult(_ result: TodoImportResult, format: String? = nil, context: TodoContext) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("created")
        writeArray(result.created, to: &json, context: context)
        json.key("updated")
        writeArray(result.updated, to: &json, context: context)
        json.key("unchanged")
        json.int(result.unchanged)
        if let format {
            json.key("format")
            json.string(format)
        }
        json.endObject()
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `{"exported":N,"file":"…","format":"json"}`: what an export to a file wrote.
    public static func exportResult(count: Int, file: String, format: String) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.key("exported")
        json.int(count)
        json.key("file")
        json.string(file)
        json.key("format")
        json.string(format)
        json.endObject()
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// A JSON string literal for `text`, with its quotes.
    public static func string(_ text: String) -> String {
        var json = JSONWriter()
        json.string(text)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// The todo's object with the members `extra` writes after its own.
    private static func write(
        _ todo: Todo, to json: inout JSONWriter, context: TodoContext, extra: (inout JSONWriter) -> Void
    ) {
        todo.write(to: &json, facts: context.facts(for: todo))
        json.appendRaw { $0.removeLast() }  // the object's "}": more members follow
        extra(&json)
        json.endObject()
    }

    private static func writeArray(_ todos: [Todo], to json: inout JSONWriter, context: TodoContext) {
        json.beginArray()
        for (index, todo) in todos.enumerated() {
            json.element()
            json.newline()
            todo.write(to: &json, facts: context.facts(for: todo))
            if index == todos.count - 1 { json.newline() }
        }
        json.endArray()
    }
}
