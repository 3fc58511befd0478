/// A todo as a hook gets it — its `--json` object on one line — and what a hook may change in it.
struct HookObject {
    /// The object, one line.
    let line: String

    /// The keys of a todo object: those a hook may change, those it may not, and the derived ones,
    /// which it may print anything for (they are worked out again).
    static let editable: Set<String> = [
        "title", "note", "priority", "due", "tags", "recurrence", "project", "wait", "scheduled", "depends",
        "annotations",
    ]
    static let fixed: [String] = ["id", "uuid", "createdAt", "isDone", "completedAt", "startedAt"]
    static let ignored: Set<String> = ["updatedAt", "status", "isBlocked", "isBlocking", "urgency"]

    /// The object of `todo` with its facts in `context`; `deleted` makes its status `deleted`
    /// (the new object of a deletion, as Taskwarrior's hooks see one).
    init(_ todo: Todo, context: TodoContext, deleted: Bool = false) {
        var line = todo.jsonObject(facts: context.facts(for: todo))
        if deleted {
            // The derived keys come last: the last `"status":"…"` is the key, never text in a
            // string (whose quotes are escaped).
            let key = "\"status\":\""
            if let start = line.ranges(of: key).last, let end = line[start.upperBound...].firstIndex(of: "\"") {
                line.replaceSubrange(start.upperBound..<end, with: "deleted")
            }
        }
        self.line = line
    }

    /// `todo` with what the hook at `hook` changed in the object it printed, given `given`.
    ///
    /// - Throws: ``TodoError/hookRefused(hook:reason:)`` for an object that is not a todo, another
    ///   todo, a key a todo does not have, a change to what hooks may not change, or a value the
    ///   store refuses.
    static func apply(_ printed: [UInt8], to todo: Todo, given: HookObject, hook: String) throws(TodoError) -> Todo {
        let name = HookRunner.name(of: hook)
        func refused(_ reason: String) -> TodoError { .hookRefused(hook: name, reason: reason) }
        let sent: Todo
        let output: Todo
        do throws(JSONError) {
            sent = try read(Array(given.line.utf8))
        } catch {
            throw refused("todo could not read back the todo it gave it (\(error.message))")
        }
        let unknown: String?
        do throws(JSONError) {
            unknown = try keys(of: printed).first {
                !editable.contains($0) && !fixed.contains($0) && !ignored.contains($0)
            }
            output = try read(printed)
        } catch {
            throw refused("what it printed is not a todo todo can write: \(error.message)")
        }
        if let unknown { throw refused("it printed the key '\(unknown)', which a todo object does not have") }
        guard output.uuid == sent.uuid else {
            throw refused("it printed another todo (uuid \(output.uuid), not \(sent.uuid))")
        }
        let changedFixed: String? =
            output.id != sent.id
            ? "id"
            : output.createdAt != sent.createdAt
                ? "createdAt"
                : output.isDone != sent.isDone
                    ? "isDone"
                    : output.completedAt != sent.completedAt
                        ? "completedAt"
                        : output.startedAt != sent.startedAt ? "startedAt" : nil
        if let key = changedFixed {
            throw refused(
                "it changed '\(key)', which hooks cannot change (they may change "
                    + "\(FilterWords.list(editable.sorted(), conjunction: "and")))")
        }
        var result = todo
        // What the hook left as it was keeps its exact value (times to the second in JSON).
        if output.title != sent.title { result.title = output.title }
        if output.note != sent.note { result.note = Todo.normalizedNote(output.note) }
        if output.priority != sent.priority { result.priority = output.priority }
        if output.due != sent.due { result.due = output.due }
        if output.tags != sent.tags { result.tags = output.tags }
        if output.recurrence != sent.recurrence { result.recurrence = output.recurrence }
        if output.project != sent.project { result.project = output.project }
        if output.wait != sent.wait { result.wait = output.wait }
        if output.scheduled != sent.scheduled { result.scheduled = output.scheduled }
        if output.depends != sent.depends { result.depends = output.depends }
        if output.annotations != sent.annotations { result.annotations = output.annotations }
        if result.isDone, let recurrence = result.recurrence, recurrence != todo.recurrence {
            throw refused("it made a done todo repeat (\(recurrence)); a series goes on from its pending occurrence")
        }
        return result
    }

    /// The todo of a one-line object.
    private static func read(_ bytes: [UInt8]) throws(JSONError) -> Todo {
        let result: Result<Todo, JSONError> = bytes.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            do throws(JSONError) {
                let todo = try Todo.read(from: &reader, defaultPosition: 0, strict: false)
                try reader.expectEnd()
                return .success(todo)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The keys of a one-line object, in order.
    private static func keys(of bytes: [UInt8]) throws(JSONError) -> [String] {
        let result: Result<[String], JSONError> = bytes.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            var keys: [String] = []
            do throws(JSONError) {
                var object = try reader.beginObject()
                while let key = try reader.nextKey(in: &object) {
                    keys.append(key.string)
                    try reader.skipValue()
                }
                try reader.expectEnd()
                return .success(keys)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
