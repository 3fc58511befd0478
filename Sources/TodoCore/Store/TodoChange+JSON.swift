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
        var keys = ObjectKeys(of: "a change")
        while let key = try reader.nextKey(in: &object) {
            if key.equals("kind") {
                try keys.insert(0, key, reader)
                reader.skipSpaces()
                let valueStart = reader.index
                let name = try reader.readString()
                guard let value = Kind(rawValue: name) else {
                    throw JSONError(offset: valueStart, message: "'\(name)' is not a kind of change")
                }
                kind = value
            } else if key.equals("put") {
                try keys.insert(1, key, reader)
                put = try readTodos(&reader)
            } else if key.equals("before") {
                try keys.insert(2, key, reader)
                before = try readTodos(&reader)
            } else if key.equals("delete") {
                try keys.insert(3, key, reader)
                deleted = try readIDs(&reader)
            } else if key.equals("created") {
                try keys.insert(4, key, reader)
                created = try readIDs(&reader)
            } else {
                throw keys.unknown(key, reader)
            }
        }
        guard let kind else { throw JSONError(offset: start, message: "a change without 'kind'") }
        return TodoChange(kind: kind, put: put, deleted: deleted, before: before, created: created)
    }

    private static func readIDs(_ reader: inout JSONReader) throws(JSONError) -> [Int] {
        var ids: [Int] = []
        var array = try reader.beginArray()
        while try reader.nextElement(in: &array) {
            reader.skipSpaces()
            let valueStart = reader.index
            let id = try reader.readInt()
            guard id > 0, id <= Todo.maximumID else {
                throw JSONError(offset: valueStart, message: "an id must be an integer from 1 to \(Todo.maximumID)")
            }
            ids.append(id)
        }
        return ids
    }

    private static func write(_ todos: [Todo], to json: inout JSONWriter) {
        json.beginArray()
        for todo in todos {
            json.element()
            todo.writeForStore(to: &json)
        }
        json.endArray()
    }

    private static func readTodos(_ reader: inout JSONReader) throws(JSONError) -> [Todo] {
        var todos: [Todo] = []
        var array = try reader.beginArray()
        while try reader.nextElement(in: &array) {
            todos.append(try Todo.read(from: &reader, defaultPosition: 0, strict: true))
        }
        return todos
    }
}
