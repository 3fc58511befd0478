#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// iCalendar (RFC 5545): todos as `VTODO`s, read by ``parse(_:file:utcOffset:)`` and written by
/// ``export(_:utcOffset:)``, one `VCALENDAR` holding one `VTODO` per todo.
///
/// How fields map (both ways):
///
/// | todo | iCalendar |
/// |---|---|
/// | uuid | `UID` (a UID that is not a UUID gives the name-based uuid of the UID, and is written back) |
/// | title, note | `SUMMARY`, `DESCRIPTION` |
/// | done, completedAt, startedAt | `STATUS` (`NEEDS-ACTION`, `IN-PROCESS`, `COMPLETED`; `CANCELLED` reads as done), `COMPLETED`, `X-TODO-STARTED` |
/// | priority | `PRIORITY`: high 1, medium 5, low 9; read 1–4 high, 5 medium, 6–9 low, 0 none |
/// | due, scheduled | `DUE;VALUE=DATE`, `DTSTART;VALUE=DATE`; a DATE-TIME is read as its local day |
/// | tags | `CATEGORIES` (white space in a category becomes `-`) |
/// | recurrence | `RRULE` with `FREQ` and `INTERVAL` only |
/// | createdAt, updatedAt | `CREATED` (else `LAST-MODIFIED`), `LAST-MODIFIED` (else `DTSTAMP`) and `DTSTAMP` |
/// | position | `X-APPLE-SORT-ORDER` (written; read, it orders the todos of an import) |
/// | project, wait | `X-TODO-PROJECT`, `X-TODO-WAIT;VALUE=DATE` |
/// | depends | `RELATED-TO;RELTYPE=DEPENDS-ON` (RFC 9253), the UIDs of the todos it waits for |
/// | annotations | one `X-TODO-ANNOTATION;X-TODO-TIME=…` each |
///
/// Nothing else is lost: properties, parameters and components (`VALARM`, `X-…`) the mapping
/// does not read, and the lines it reads with a loss (a `DUE` with a time and a `TZID`, a
/// `PRIORITY` of 3, an `RRULE` with `BYDAY`, a `UID` that is not a UUID), are kept in
/// ``Todo/iCalendarLines`` with the `VTIMEZONE`s they use, and written back unchanged — those
/// read with a loss as long as they still read as the todo's value (a `DUE` with a time stays
/// until the due day changes here).
public enum ICalendarFormat {
    /// What to do about a malformed file, for error messages.
    static let hint = "fix the file, or export it again from the app that wrote it"

    /// Reads the `VTODO`s of an iCalendar file.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents: one or more `VCALENDAR`s; lines end with CR LF or LF.
    ///   - file: The file's name or path, for error messages.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant, for local days
    ///     and floating times; UTC by default.
    /// - Returns: The todos in the file's order (by `X-APPLE-SORT-ORDER` when each has one),
    ///   with their uuids and the lines they keep.
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)`` naming the line at fault.
    public static func parse(
        _ bytes: [UInt8], file: String, utcOffset: (Date) -> Int = { _ in 0 }
    ) throws(TodoError) -> [ImportedTodo] {
        let roots = try ICalendarComponent.parse(bytes, file: file)
        var todos: [(todo: ImportedTodo, order: Int?)] = []
        for calendar in roots {
            guard calendar.is("VCALENDAR") else {
                throw TodoError.invalidImport(
                    file: file, line: nil, problem: "the file holds a \(calendar.name), not a VCALENDAR; \(hint)")
            }
            let zones = ICalendarTimeZones(vtimezones: calendar.components)
            for vtodo in calendar.components where vtodo.is("VTODO") {
                todos.append(importedTodo(vtodo, zones: zones, utcOffset: utcOffset))
            }
        }
        if todos.count > 1, todos.allSatisfy({ $0.order != nil }) {
            return todos.enumerated().sorted { ($0.element.order!, $0.offset) < ($1.element.order!, $1.offset) }
                .map(\.element.todo)
        }
        return todos.map(\.todo)
    }

    /// The todo of one `VTODO`, and its `X-APPLE-SORT-ORDER`.
    static func importedTodo(
        _ vtodo: ICalendarComponent, zones: ICalendarTimeZones, utcOffset: (Date) -> Int
    ) -> (todo: ImportedTodo, order: Int?) {
        let fields = VTodoFields(vtodo.properties, zones: zones, utcOffset: utcOffset)
        var title = fields.title.flatMap { try? Todo.validTitle($0) }
        if title == nil, let note = fields.note {
            title = note.split(separator: "\n").lazy.compactMap { try? Todo.validTitle(String($0)) }.first
        }
        let todo = ImportedTodo(
            uuid: fields.uuid, title: title ?? "(no summary)", note: fields.note, isDone: fields.isDone,
            priority: fields.priority, due: fields.due, tags: fields.tags,
            createdAt: fields.createdAt ?? fields.updatedAt,
            updatedAt: fields.updatedAt, completedAt: fields.isDone ? fields.completedAt : nil,
            recurrence: fields.recurrence, project: fields.project, wait: fields.wait, scheduled: fields.scheduled,
            annotations: fields.annotations, startedAt: fields.isDone ? nil : fields.startedAt,
            dependsOnUUIDs: fields.dependsOn.map(VTodoFields.uuid(forUID:)),
            iCalendarLines: keptLines(of: vtodo, fields: fields, zones: zones).joined(separator: "\n"))
        return (todo, fields.position)
    }

    /// The lines of `vtodo` to keep: each property the mapping does not read; the properties of a
    /// name it reads whose lines are not what it would write for what it read; the components;
    /// then the `VTIMEZONE`s their `TZID`s name.
    private static func keptLines(
        of vtodo: ICalendarComponent, fields: VTodoFields, zones: ICalendarTimeZones
    ) -> [String] {
        var canonical: [String: [String]] = [:]
        for property in fields.properties {
            canonical[property.name.uppercased(), default: []].append(property.contentLine)
        }
        var read: [String: [String]] = [:]
        for property in vtodo.properties where VTodoFields.isMapped(property) {
            read[property.name.uppercased(), default: []].append(property.contentLine)
        }
        var lines: [String] = []
        var tzids: [String] = []
        for property in vtodo.properties {
            let name = property.name.uppercased()
            if VTodoFields.isMapped(property) {
                if name == "DTSTAMP" || read[name] == canonical[name] { continue }
            }
            lines.append(property.contentLine)
            if let tzid = property.parameter("TZID"), !tzids.contains(tzid) { tzids.append(tzid) }
        }
        for component in vtodo.components {
            component.appendContentLines(to: &lines, tzids: &tzids)
        }
        for tzid in tzids {
            if let vtimezone = zones.vtimezone(tzid) {
                var ignored: [String] = []
                vtimezone.appendContentLines(to: &lines, tzids: &ignored)
            }
        }
        return lines
    }

    /// The `UID` of `todo`: the one it was read with (kept in ``Todo/iCalendarLines``) when that
    /// still names it, else its uuid in lower case.
    public static func uid(of todo: Todo) -> String {
        if let kept = KeptLines(todo.iCalendarLines), let uid = kept.uid, VTodoFields.uuid(forUID: uid) == todo.uuid {
            return uid
        }
        return todo.uuid.uuidString.lowercased()
    }

    /// The `RRULE` value kept for a todo that does not repeat here because `todo` cannot repeat
    /// its rule (`FREQ=WEEKLY;BYDAY=MO,WE`): written back unchanged, and shown by `todo show`.
    /// `nil` when the todo repeats here or keeps no rule.
    public static func keptRecurrenceRule(of todo: Todo) -> String? {
        guard todo.recurrence == nil, let kept = KeptLines(todo.iCalendarLines) else { return nil }
        return kept.properties.first { $0.is("RRULE") }?.value
    }

    /// The uuid of the todo with the `UID` `uid`: the UID itself when it is a UUID, else a
    /// name-based UUID (version 5) of the UID, the same on every device.
    public static func uuid(forUID uid: String) -> UUID {
        VTodoFields.uuid(forUID: uid)
    }
}
