/// Guessing the format of a file to import.
extension TodoFileFormat {
    /// The format `bytes` are most likely in, for an import without a given format.
    ///
    /// The contents decide, the name only breaks ties. Contents that start with
    /// `BEGIN:VCALENDAR` (any case, after white space) are iCalendar. Contents that are JSON (starting with `[`
    /// or `{`) are told apart by the keys of their first object: `description` with `status` or
    /// `entry` is a Taskwarrior task; `title`, or a top-level `version` or `todos`, is ours.
    /// Other JSON is taken as ours (whose parser then says what is wrong). Text that merely
    /// starts with a bracket (`[urgent] call mom`) and an empty file are ours in a file named
    /// `*.json` (a damaged export is reported, not read as todo.txt) and todo.txt otherwise;
    /// everything else is todo.txt, whatever the file's name.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - fileName: The file's name or path, when there is one.
    public static func guess(bytes: [UInt8], fileName: String?) -> TodoFileFormat {
        if isICalendar(bytes) { return .iCalendar }
        let verdict = bytes.withUnsafeBytes { buffer in
            GuessVerdict.examine(buffer, from: JSONInput.byteOrderMarkLength(buffer))
        }
        switch verdict {
        case .ours, .otherJSON: return .json
        case .taskwarrior: return .taskwarrior
        case .bracketedOrEmpty: return fileName?.lowercased().hasSuffix(".json") == true ? .json : .todoTxt
        case .notJSON: return .todoTxt
        }
    }
}

extension TodoFileFormat {
    /// Whether `bytes` start with `BEGIN:VCALENDAR` (any case), after a byte order mark and
    /// white space.
    static func isICalendar(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        let expected = Array("BEGIN:VCALENDAR".utf8)
        guard bytes.count - index >= expected.count else { return false }
        for (offset, byte) in expected.enumerated() where bytes[index + offset] | 0x20 != byte | 0x20 {
            return false
        }
        return true
    }
}

/// What a look at a file's JSON found.
private enum GuessVerdict {
    case ours
    case taskwarrior
    /// JSON whose first object does not tell.
    case otherJSON
    /// Not JSON, but starting with `[` or `{` (damaged JSON, or `[urgent] call mom`), or empty.
    case bracketedOrEmpty
    /// Not JSON, and not starting like it.
    case notJSON

    /// Looks at the document in `buffer` from `start`: its first object's keys, and when they do
    /// not tell, whether the whole is JSON.
    static func examine(_ buffer: UnsafeRawBufferPointer, from start: Int) -> GuessVerdict {
        var reader = JSONReader(buffer, at: start)
        switch reader.peek() {
        case UInt8(ascii: "["):
            do throws(JSONError) {
                var array = try reader.beginArray()
                if try reader.nextElement(in: &array), reader.peek() == UInt8(ascii: "{"),
                    let verdict = firstObject(&reader)
                {
                    return verdict
                }
            } catch {
                return .bracketedOrEmpty
            }
        case UInt8(ascii: "{"):
            if let verdict = firstObject(&reader) { return verdict }
        case nil:
            return .bracketedOrEmpty
        default:
            return .notJSON
        }
        return isJSON(buffer, from: start) ? .otherJSON : .bracketedOrEmpty
    }

    /// The verdict the keys of the object at `reader` give, even when the object is cut short
    /// after them; `nil` when they do not tell.
    private static func firstObject(_ reader: inout JSONReader) -> GuessVerdict? {
        var description = false
        var taskKey = false
        var ourKey = false
        do throws(JSONError) {
            var object = try reader.beginObject()
            while let key = try reader.nextKey(in: &object) {
                if key.equals("description") {
                    description = true
                } else if key.equals("status") || key.equals("entry") {
                    taskKey = true
                } else if key.equals("title") || key.equals("version") || key.equals("todos") {
                    ourKey = true
                }
                try reader.skipValue()
            }
        } catch {
            // Decide on the keys read so far.
        }
        if description && taskKey { return .taskwarrior }
        if ourKey { return .ours }
        return nil
    }

    /// Whether the bytes from `start` are JSON values (one, or several one after another as
    /// Taskwarrior's one-object-per-line output has them), and nothing else.
    private static func isJSON(_ buffer: UnsafeRawBufferPointer, from start: Int) -> Bool {
        var reader = JSONReader(buffer, at: start)
        do throws(JSONError) {
            repeat {
                try reader.skipValue()
                if reader.peek() == UInt8(ascii: ",") { reader = JSONReader(buffer, at: reader.index + 1) }
            } while !reader.isAtEnd
            return true
        } catch {
            return false
        }
    }
}
