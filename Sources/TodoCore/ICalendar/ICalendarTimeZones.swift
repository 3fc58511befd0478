/// The zones the `TZID`s of one iCalendar object name: its own `VTIMEZONE`s first, then the
/// system's tz database; each looked up once.
final class ICalendarTimeZones {
    private var embedded: [String: ICalendarComponent] = [:]
    private var resolved: [String: ICalendarTimeZone?] = [:]

    /// The zones of `vtimezones` (components named `VTIMEZONE` with a `TZID`), and the system's.
    init(vtimezones: [ICalendarComponent] = []) {
        add(vtimezones)
    }

    /// Adds the `VTIMEZONE`s among `components`.
    func add(_ components: [ICalendarComponent]) {
        for component in components where component.is("VTIMEZONE") {
            if let tzid = component.property("TZID")?.value, embedded[tzid] == nil {
                embedded[tzid] = component
                resolved[tzid] = nil
            }
        }
    }

    /// The `VTIMEZONE` for `tzid`, if the object has one.
    func vtimezone(_ tzid: String) -> ICalendarComponent? { embedded[tzid] }

    /// The zone `tzid` names, or `nil` when neither the object nor the system knows it.
    func zone(_ tzid: String) -> ICalendarTimeZone? {
        if let known = resolved[tzid] { return known }
        let zone =
            embedded[tzid].flatMap { ICalendarTimeZone(vtimezone: $0) } ?? ICalendarTimeZone(systemIdentifier: tzid)
        resolved[tzid] = zone
        return zone
    }
}
