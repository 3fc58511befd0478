/// Our own JSON export: every field of every todo, read back exactly as it was written.
///
/// ``export(_:context:)`` writes one object with the format's version and the todos in list order, one
/// todo object per line (the keys of the todo JSON object, without `position`):
///
/// ```json
/// {"version":2,"todos":[
/// {"id":1,"uuid":"…","title":"Buy milk","note":null,"isDone":false,"priority":"high",…},
/// {"id":3,"uuid":"…","title":"Call Anaïs","note":"Line one\nLine two",…}
/// ]}
/// ```
///
/// ``parse(_:file:)`` reads that, a bare array of todo objects (`todo list --json`), one todo
/// object (`todo show --json`), or the store file itself. When every todo carries a `position`
/// (as the store's do), they are put in position order, ties by id; otherwise the file's order
/// is the list order. Each todo needs `id`, `uuid`, `title` and `createdAt`; a key given twice
/// is refused, the derived keys (`status`, `isBlocked`, `isBlocking`, `urgency`) are worked out
/// again rather than read, and other keys are skipped.
public enum TodoJSONFormat {
    /// The format version ``export(_:context:)`` writes and the newest ``parse(_:file:)``
    /// reads: 2 added issue 18's fields (`project`, `wait`, `scheduled`, `depends`,
    /// `annotations`, `startedAt`, and the derived `status`, `isBlocked`, `isBlocking`,
    /// `urgency`); a version 1 file has none of them.
    public static let version = 2

    /// What to do about a malformed file, for error messages.
    private static let hint = "fix the file, or export the todos again in this JSON format"

    /// The JSON export of `todos`, in that order, each with its derived facts in `context`.
    ///
    /// - Returns: UTF-8 JSON, ending with a new line.
    public static func export(_ todos: [Todo], context: TodoContext) -> [UInt8] {
        var json = JSONWriter(capacity: 64 + todos.count * 320)
        json.beginObject()
        json.key("version")
        json.int(version)
        json.key("todos")
        json.beginArray()
        json.newline()
        for (index, todo) in todos.enumerated() {
            todo.write(to: &json, facts: context.facts(for: todo))
            if index < todos.count - 1 { json.element() }
            json.newline()
        }
        json.endArray()
        json.endObject()
        json.newline()
        return json.bytes
    }

    /// Reads the todos of a JSON export, a bare array of todo objects or a store file.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents; an empty file (or only white space) holds no todos.
    ///   - file: The file's name or path, for error messages.
    /// - Returns: The todos in list order, with their ids and uuids.
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)`` for anything that is not such a
    ///   file, or a file from a newer format version.
    public static func parse(_ bytes: [UInt8], file: String) throws(TodoError) -> [ImportedTodo] {
        let result: Result<[Todo], TodoError> = bytes.withUnsafeBytes { buffer in
            let start = JSONInput.byteOrderMarkLength(buffer)
            do throws(JSONError) {
                // A store file (`todos.json`) is read too, its other keys skipped: its versions count.
                let newest = max(Self.version, Snapshot.version)
                if let (version, offset) = declaredVersion(buffer, from: start), version > newest {
                    let line = JSONError.lineAndColumn(of: offset, in: buffer).line
                    return .failure(
                        .invalidImport(
                            file: file, line: line,
                            problem: "the file has format version \(version), newer than this todo reads "
                                + "(\(newest)); upgrade todo to import it"))
                }
                var reader = JSONReader(buffer, at: start)
                return .success(try readDocument(&reader))
            } catch {
                return .failure(error.importError(in: buffer, file: file, hint: hint))
            }
        }
        return try result.get().map(ImportedTodo.init)
    }

    /// The top-level `version` and its offset, when the document is an object that has one
    /// (found at once when it comes first, as written here); `nil` for anything else, including
    /// malformed JSON, which the full read then reports.
    private static func declaredVersion(_ buffer: UnsafeRawBufferPointer, from start: Int) -> (Int, Int)? {
        var reader = JSONReader(buffer, at: start)
        guard reader.peek() == UInt8(ascii: "{") else { return nil }
        do throws(JSONError) {
            var object = try reader.beginObject()
            while let key = try reader.nextKey(in: &object) {
                if key.equals("version") {
                    reader.skipSpaces()
                    let offset = reader.index
                    return (try reader.readInt(), offset)
                }
                try reader.skipValue()
            }
        } catch {
            return nil
        }
        return nil
    }

    /// Reads the whole document: nothing, an array of todos, or an object with `todos`.
    private static func readDocument(_ reader: inout JSONReader) throws(JSONError) -> [Todo] {
        if reader.isAtEnd { return [] }
        let todos: [Todo]
        switch reader.peek() {
        case UInt8(ascii: "["):
            todos = try readTodos(&reader)
        case UInt8(ascii: "{"):
            todos = try readExportObject(&reader)
        default:
            throw reader.error(
                "the file holds \(JSONInput.describeValue(at: &reader)), not a todo export "
                    + "({\"version\":1,\"todos\":[…]}) or an array of todos")
        }
        try reader.expectEnd()
        return todos
    }

    /// Reads `{"version":1,"todos":[…]}` (other keys, as in the store file, are skipped), or one
    /// todo object.
    private static func readExportObject(_ reader: inout JSONReader) throws(JSONError) -> [Todo] {
        reader.skipSpaces()
        let objectStart = reader.index
        var object = try reader.beginObject()
        var todos: [Todo]?
        var isTodo = false
        while let key = try reader.nextKey(in: &object) {
            if key.equals("version") {
                reader.skipSpaces()
                let valueStart = reader.index
                let version = try reader.readInt()
                guard version >= 1 else {
                    throw JSONError(offset: valueStart, message: "version \(version) is not a format version")
                }
            } else if key.equals("todos") {
                guard reader.peek() == UInt8(ascii: "[") else {
                    throw reader.error("'todos' must be an array of todo objects")
                }
                todos = try readTodos(&reader)
            } else {
                if key.equals("title") { isTodo = true }
                try reader.skipValue()
            }
        }
        if todos == nil && isTodo {
            // One todo object (`todo show --json`): read it again as a todo.
            var again = JSONReader(reader.bytes, at: objectStart)
            todos = [try Todo.read(from: &again, defaultPosition: Int.min, strict: false)]
            reader = again
        }
        guard let todos else {
            throw JSONError(offset: objectStart, message: "the top-level object has no \"todos\" array")
        }
        return todos
    }

    /// Reads an array of todo objects, in list order.
    ///
    /// - Throws: A ``JSONError`` also when two todos have one uuid: the file then holds two
    ///   versions of one todo, and importing one of them would drop the other silently.
    private static func readTodos(_ reader: inout JSONReader) throws(JSONError) -> [Todo] {
        var todos: [Todo] = []
        var offsets: [Int] = []
        var allPositioned = true
        var array = try reader.beginArray()
        while try reader.nextElement(in: &array) {
            guard reader.peek() == UInt8(ascii: "{") else {
                throw reader.error("expected a todo object, found \(JSONInput.describeValue(at: &reader))")
            }
            offsets.append(reader.index)
            let todo = try Todo.read(from: &reader, defaultPosition: Int.min, strict: false)
            if todo.position == Int.min { allPositioned = false }
            todos.append(todo)
        }
        if let (first, second) = Snapshot.firstRepeatedUUID(in: todos) {
            throw JSONError(
                offset: offsets[second],
                message: "todos \(todos[first].id) and \(todos[second].id) have the same uuid "
                    + "\(todos[first].uuid.uuidString.lowercased()) (uuids must be unique in an import)")
        }
        guard allPositioned, todos.count > 1 else { return todos }
        return todos.enumerated()
            .sorted {
                ($0.element.position, $0.element.id, $0.offset) < ($1.element.position, $1.element.id, $1.offset)
            }
            .map(\.element)
    }
}
