#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writing todos as iCalendar.
extension ICalendarFormat {
    /// One `VCALENDAR` holding a `VTODO` for each of `todos` (and the `VTIMEZONE`s their kept
    /// lines use), CR LF line ends, lines folded at 75 octets.
    ///
    /// - Parameters:
    ///   - todos: The todos, in list order.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant, to read the
    ///     kept lines' floating times; UTC by default.
    public static func export(_ todos: [Todo], utcOffset: (Date) -> Int = { _ in 0 }) -> [UInt8] {
        var uids: [Int: String] = [:]
        for todo in todos { uids[todo.id] = uid(of: todo) }
        var calendar = emptyCalendar()
        var vtimezones: [ICalendarComponent] = []
        var vtodos: [ICalendarComponent] = []
        for todo in todos {
            let (vtodo, zones) = self.vtodo(for: todo, uids: uids, utcOffset: utcOffset)
            vtodos.append(vtodo)
            for zone in zones where !vtimezones.contains(where: { $0.property("TZID") == zone.property("TZID") }) {
                vtimezones.append(zone)
            }
        }
        calendar.components = vtimezones + vtodos
        return calendar.serialized()
    }

    /// The `VCALENDAR` of one todo, as a `.ics` file of a vdir or a CalDAV collection holds it.
    ///
    /// - Parameters:
    ///   - todo: The todo.
    ///   - uids: The `UID` of each todo it may wait for, by id (``uid(of:)``).
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant.
    public static func calendar(
        for todo: Todo, uids: [Int: String], utcOffset: (Date) -> Int = { _ in 0 }
    ) -> ICalendarComponent {
        var calendar = emptyCalendar()
        let (vtodo, zones) = self.vtodo(for: todo, uids: uids, utcOffset: utcOffset)
        calendar.components = zones + [vtodo]
        return calendar
    }

    /// `VERSION:2.0` and `PRODID`, no components.
    private static func emptyCalendar() -> ICalendarComponent {
        ICalendarComponent(
            name: "VCALENDAR",
            properties: [
                ICalendarProperty(name: "VERSION", value: "2.0"),
                ICalendarProperty(name: "PRODID", value: "-//todo//todo//EN"),
            ])
    }

    /// The `VTODO` of `todo`, and the `VTIMEZONE`s it uses.
    ///
    /// The mapping's properties, each name replaced by the lines kept for it when those, read
    /// with the todo's other properties, still give the todo's value; then the kept properties of other names, then the kept components.
    static func vtodo(
        for todo: Todo, uids: [Int: String], utcOffset: (Date) -> Int
    ) -> (ICalendarComponent, [ICalendarComponent]) {
        var ours = VTodoFields(todo, uids: uids).properties
        guard let kept = KeptLines(todo.iCalendarLines) else {
            return (ICalendarComponent(name: "VTODO", properties: ours), [])
        }
        let zones = ICalendarTimeZones(vtimezones: kept.vtimezones)
        var shadows: [String: [ICalendarProperty]] = [:]
        var names: [String] = []
        var others: [ICalendarProperty] = []
        for property in kept.properties {
            if VTodoFields.isMapped(property) {
                let name = property.name.uppercased()
                if shadows[name] == nil { names.append(name) }
                shadows[name, default: []].append(property)
            } else {
                others.append(property)
            }
        }
        for name in names {
            let group = shadows[name] ?? []
            // Read with the todo's other properties, which some need (COMPLETED needs STATUS).
            let context = ours.filter { $0.name.uppercased() != name } + group
            let reread = VTodoFields(context, zones: zones, utcOffset: utcOffset).properties
                .filter { $0.name.uppercased() == name }.map(\.contentLine)
            let current = ours.filter { $0.name.uppercased() == name }.map(\.contentLine)
            guard reread == current else { continue }
            if let first = ours.firstIndex(where: { $0.name.uppercased() == name }) {
                ours.removeAll { $0.name.uppercased() == name }
                ours.insert(contentsOf: group, at: min(first, ours.count))
            } else {
                ours.append(contentsOf: group)
            }
        }
        let vtodo = ICalendarComponent(name: "VTODO", properties: ours + others, components: kept.components)
        return (vtodo, kept.vtimezones)
    }
}
