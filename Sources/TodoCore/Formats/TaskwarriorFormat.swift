#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Taskwarrior's `task export`: a JSON array of task objects (older versions, and
/// `json.array=off`, print one object per line instead; both are read).
///
/// Which tasks are imported:
///
/// - `pending` and `waiting` ones as pending todos, `completed` ones as done todos;
/// - not `deleted` ones, nor the `recurring` templates (parents): their occurrences (children,
///   with a `parent`) are the real tasks. The pending occurrence of a series that is due last
///   carries the series' recurrence (the parent's `recur`, else its own), mapped by
///   `Recurrence(taskwarrior:)`; other occurrences, and done ones, carry none, so that
///   completing them does not create a duplicate.
///
/// How fields map:
///
/// - `uuid` is kept; `description` is the title; `priority` `H`, `M` and `L` are high, medium and
///   low;
/// - `tags` are tags, and `project` is one more tag named after the project, whole
///   (`work.reports`); white space and commas in a tag become `-`, leading `+` and `#` go;
/// - `due` is the local day of its instant; `entry` is the creation time, `modified` the last
///   change, `end` the completion time of a completed task;
/// - each annotation is a line of the note: its local day and its text (`2026-11-23: text`);
/// - what has no field here ends the note, after an empty line when there are annotations, one
///   `name: value` line each, always in this order:
///
///   ```text
///   wait: 2030-01-10
///   scheduled: 2030-01-05
///   until: 2030-02-01
///   start: 2026-11-21T07:58:42Z
///   depends: 0115ee62-28ba-45cc-bd21-08b2f8a538b2, 86eaf758-2352-454b-9dc6-188b321deee3
///   recur: weekdays
///   priority: X
///   estimate: 3
///   ```
///
///   `wait`, `scheduled` and `until` as local days, `start` as an ISO 8601 time in UTC,
///   `depends` as uuids; `recur` when the todo does not carry the recurrence (a value that does
///   not map, such as `weekdays` or `quarterly`, or an occurrence that is not the carrier);
///   `priority` when it is not H, M or L; then every other attribute (user-defined ones) in the
///   file's order, a string as its text and other JSON as written;
/// - `id` (the working-set number), `urgency` (computed from the rest), `mask`, `imask`,
///   `parent` and `rtype` (the bookkeeping of recurring series) are not kept.
public enum TaskwarriorFormat {
    /// What to do about a malformed file, for error messages.
    static let hint = "fix the file, or export the tasks again with `task export`"

    /// Reads the tasks of a Taskwarrior export that are pending, waiting or completed.
    ///
    /// - Parameters:
    ///   - bytes: The output of `task export`; an empty file holds no tasks.
    ///   - file: The file's name or path, for error messages.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant (a
    ///     ``TodoClock``'s `utcOffset`), for the local days of due dates and annotations; UTC by
    ///     default.
    /// - Returns: The todos in the file's order, with their uuids.
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)`` naming the line of the task at
    ///   fault.
    public static func parse(
        _ bytes: [UInt8], file: String, utcOffset: (Date) -> Int = { _ in 0 }
    ) throws(TodoError) -> [ImportedTodo] {
        let tasks = try readTasks(bytes, file: file)
        let series = TaskwarriorSeries(tasks)
        var todos: [ImportedTodo] = []
        todos.reserveCapacity(tasks.count)
        for (index, task) in tasks.enumerated() {
            switch task.status {
            case "pending", "waiting", "completed":
                todos.append(
                    try task.importedTodo(recurrence: series.recurrence(at: index), file: file, utcOffset: utcOffset))
            case "deleted", "recurring":
                continue
            case nil:
                throw TodoError.invalidImport(
                    file: file, line: task.line,
                    problem: "a task without a 'status'; \(hint)")
            default:
                continue  // a status of a later version: not one we import
            }
        }
        return todos
    }

    /// Reads every task object of the file, in order.
    private static func readTasks(_ bytes: [UInt8], file: String) throws(TodoError) -> [TaskwarriorTask] {
        let result: Result<[TaskwarriorTask], TodoError> = bytes.withUnsafeBytes { buffer in
            do throws(JSONError) {
                var reader = JSONReader(buffer, at: JSONInput.byteOrderMarkLength(buffer))
                var tasks: [TaskwarriorTask] = []
                var lines = LineCounter(buffer)
                if reader.isAtEnd { return .success([]) }
                switch reader.peek() {
                case UInt8(ascii: "["):
                    var array = try reader.beginArray()
                    while try reader.nextElement(in: &array) {
                        tasks.append(try readTask(&reader, lines: &lines))
                    }
                    try reader.expectEnd()
                case UInt8(ascii: "{"):
                    // One object per line, possibly with commas between them.
                    while !reader.isAtEnd {
                        if !tasks.isEmpty, reader.peek() == UInt8(ascii: ",") {
                            reader = JSONReader(buffer, at: reader.index + 1)
                            if reader.isAtEnd { break }
                        }
                        tasks.append(try readTask(&reader, lines: &lines))
                    }
                default:
                    throw reader.error(
                        "the file holds \(JSONInput.describeValue(at: &reader)), not a Taskwarrior export "
                            + "(an array of task objects, or one task object per line)")
                }
                return .success(tasks)
            } catch {
                return .failure(error.importError(in: buffer, file: file, hint: hint))
            }
        }
        return try result.get()
    }

    /// Reads the task object at `reader`.
    private static func readTask(
        _ reader: inout JSONReader, lines: inout LineCounter
    ) throws(JSONError) -> TaskwarriorTask {
        guard reader.peek() == UInt8(ascii: "{") else {
            throw reader.error("expected a task object, found \(JSONInput.describeValue(at: &reader))")
        }
        return try TaskwarriorTask(from: &reader, line: lines.line(at: reader.index))
    }
}
