/// The JSON object of a change, one line of the journal or of the snapshot's history:
/// `{"kind":"markedDone","put":[…],"delete":[4],"before":[…]}`.
extension TodoChange {
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.key("kind")
        json.string(kind.rawValue)
        json.key("put")
        TodoChange.write(put, to: &json)
        json.key("delete")
        json.beginArray()
        for id in deleted {
            json.element()
            json.int(id)
        }
        json.endArray()
        json.key("before")
        TodoChange.write(before, to: &json)
        if !created.isEmpty {
            json.key("created")
            json.beginArray()
            for id in created {
                json.element()
                json.int(id)
            }
            json.endArray()
        }
        json.endObject()
    }

    static func read(from reader: inout JSONReader) throws(JSONError) -> TodoChange {
        let start = reader.index
        var object = try reader.beginObject()
        var kind: Kind?
        var put: [Todo] = []
        var deleted: [Int] = []
        var before: [Todo] = []
        var created: [Int] = []
        while let key = try reader.nextKey(in: &object) {
            if key.equals("kind") {
                let valueStart = reader.index
                let name = try reader.readString()
                guard let value = Kind(rawValue: name) else {
                    throw JSONError(offset: valueStart, message: "'\(name)' is not a kind of change")
                }
                kind = value
            } else if key.equals("put") {
                put = try readTodos(&reader)
            } else if key.equals("before") {
                before = try readTodos(&reader)
            } else if key.equals("delete") {
                deleted = try readIDs(&reader)
            } else if key.equals("created") {
                created = try readIDs(&reader)
            } else {
                try reader.skipValue()
            }
        }
        guard let kind else { throw JSONError(offset: start, message: "a change without 'kind'") }
        return TodoChange(kind: kind, put: put, deleted: deleted, before: before, created: created)
    }

    private static func readIDs(_ reader: inout JSONReader) throws(JSONError) -> [Int] {
        var ids: [Int] = []
        var array = try reader.beginArray()
        while try reader.nextElement(in: &array) {
            let valueStart = reader.index
            let id = try reader.readInt()
            guard id > 0 else { throw JSONError(offset: valueStart, message: "an id must be a positive integer") }
            ids.append(id)
        }
        return ids
    }

    private static func write(_ todos: [Todo], to json: inout JSONWriter) {
        json.beginArray()
        for todo in todos {
            json.element()
            todo.write(to: &json, includingPosition: true, forStore: true)
        }
        json.endArray()
    }

    private static func readTodos(_ reader: inout JSONReader) throws(JSONError) -> [Todo] {
        var todos: [Todo] = []
        var array = try reader.beginArray()
        while try reader.nextElement(in: &array) {
            todos.append(try Todo.read(from: &reader, defaultPosition: 0))
        }
        return todos
    }
}
