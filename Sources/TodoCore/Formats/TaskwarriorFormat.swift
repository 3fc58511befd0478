#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Taskwarrior's JSON: what `task export` prints, read by ``parse(_:file:utcOffset:)``, and
/// what `task import` (2.6) reads, written by ``export(_:context:)``.
///
/// ## Import
///
/// A JSON array of task objects (older versions, and `json.array=off`, print one object per
/// line instead; both are read). Which tasks are imported:
///
/// - `pending` and `waiting` ones (2.6 writes a waiting task as `pending` with a `wait` date)
///   as pending todos, `completed` ones as done todos;
/// - not `deleted` ones, nor the `recurring` templates (parents): their occurrences (children,
///   with a `parent`) are the real tasks. The pending occurrence of a series that is due last
///   carries the series' recurrence (the parent's `recur`, else its own), mapped by
///   `Recurrence(taskwarrior:)`; other occurrences, and done ones, carry none, so that
///   completing them does not create a duplicate.
///
/// How fields map:
///
/// - `uuid` is kept; `description` is the title; `priority` `H`, `M` and `L` are high, medium and
///   low; `project` is the project (white space and commas in it become `-`); `tags` are tags
///   (white space and commas in a tag become `-`, leading `+` and `#` go);
/// - `due`, `wait` and `scheduled` are the local days of their instants; `entry` is the creation
///   time, `modified` the last change, `end` the completion time of a completed task, `start` the
///   start of a pending one;
/// - `depends` (an array, or a comma-separated string before 2.6) names the tasks it waits for
///   by uuid (``ImportedTodo/dependsOnUUIDs``): the import makes them the ids of those todos, in
///   the file or already in the store; a uuid that names neither ends the note as a
///   `depends: <uuid>, <uuid>` line;
/// - `annotations` are annotations, with their times (`entry`; the task's own when one has none);
///   the first that starts with `note: ` is the note (what ``export(_:context:)`` writes);
/// - `todorecur` (written by ``export(_:context:)`` for a recurrence Taskwarrior cannot repeat)
///   is the recurrence;
/// - what has no field here ends the note, after an empty line when there is a note text, one
///   `name: value` line each, always in this order:
///
///   ```text
///   until: 2030-02-01
///   recur: weekdays
///   parent: d9063d8a-98b8-4339-9c0b-36405a2cb897
///   priority: X
///   estimate: 3
///   depends: 0115ee62-28ba-45cc-bd21-08b2f8a538b2
///   ```
///
///   `until` as a local day; `recur` when the todo does not carry the recurrence (a value that
///   does not map, such as `weekdays` or `quarterly`, or an occurrence that is not the carrier);
///   `parent`, the uuid of the series' template, unless it is the one ``export(_:context:)``
///   makes for this todo (so that an export names the template Taskwarrior has); `priority` when
///   it is not H, M or L; then every other attribute (user-defined ones) in the file's order, a
///   string as its text and other JSON as written; last, `depends` for the uuids no todo has;
/// - `id` (the working-set number), `urgency` (computed from the rest), `mask`, `imask` and
///   `rtype` (the bookkeeping of recurring series) are not kept.
///
/// ## Export
///
/// Each todo is one task, with its uuid, `description`, `status` (`pending`, or `completed`
/// with `end`), `entry`, `modified`; `due`, `wait` and `scheduled` as the local midnight that
/// starts the day (as `task add due:2030-01-08` stores it); `start` of a pending todo;
/// `priority`, `project`, `tags`; `depends`, the uuids of the exported todos it waits for;
/// `annotations`. The note is an annotation `note: <text>` (before the others, at the todo's
/// creation), except its last paragraph when that is made of `name: value` lines Taskwarrior can
/// take, which are attributes again: so what an import kept in the note
/// (`until`, `recur`, `parent`, `priority`, `depends`, user-defined attributes) goes back where
/// it came from. A pending todo that repeats and has a due day is the occurrence of a series:
/// its template (`status` `recurring`, with `recur` and a `mask` of one occurrence) comes before
/// it, and it has `parent`, `recur`, `imask` and `rtype`; a recurrence Taskwarrior cannot repeat
/// (without a due day, or of a done todo) is kept in `todorecur`. Importing the export back gives
/// the same todos.
public enum TaskwarriorFormat {
    /// What to do about a malformed file, for error messages.
    static let hint = "fix the file, or export the tasks again with `task export`"

    /// Reads the tasks of a Taskwarrior export that are pending, waiting or completed.
    ///
    /// - Parameters:
    ///   - bytes: The output of `task export`; an empty file holds no tasks.
    ///   - file: The file's name or path, for error messages.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant (a
    ///     ``TodoClock``'s `utcOffset`), for the local days of the due, wait, scheduled and until
    ///     dates; UTC by default.
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
