/// The lines a todo keeps (``Todo/iCalendarLines``), read back: properties, components, and
/// the `VTIMEZONE`s they use.
struct KeptLines {
    /// The properties, in their order.
    var properties: [ICalendarProperty]
    /// The components that belong in the `VTODO`.
    var components: [ICalendarComponent]
    /// The `VTIMEZONE`s, which belong in the `VCALENDAR`.
    var vtimezones: [ICalendarComponent]

    /// Reads `text`; `nil` for none, or for text that is not content lines (edited by hand).
    init?(_ text: String?) {
        guard let text, !text.isEmpty,
            let vtodo = try? ICalendarComponent.parse(Array(("BEGIN:VTODO\n" + text + "\nEND:VTODO\n").utf8)),
            vtodo.count == 1
        else { return nil }
        properties = vtodo[0].properties
        components = vtodo[0].components.filter { !$0.is("VTIMEZONE") }
        vtimezones = vtodo[0].components.filter { $0.is("VTIMEZONE") }
    }

    /// The text of the `UID` kept, if one is.
    var uid: String? {
        properties.first { $0.is("UID") }?.text
    }
}
