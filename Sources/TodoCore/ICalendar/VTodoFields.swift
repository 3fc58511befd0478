#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fields of a todo that a `VTODO` carries, read from its properties and written as them
/// (the mapping of ``ICalendarFormat``).
struct VTodoFields: Sendable, Hashable {
    var uuid: UUID?
    var title: String?
    var note: String?
    var isDone = false
    var completedAt: Date?
    var priority = Priority.none
    var due: CalendarDay?
    var tags: Set<String> = []
    var recurrence: Recurrence?
    var createdAt: Date?
    var updatedAt: Date?
    var position: Int?
    var scheduled: CalendarDay?
    var project: String?
    var wait: CalendarDay?
    var annotations: [Annotation] = []
    var startedAt: Date?
    /// The UIDs of the todos it waits for.
    var dependsOn: [String] = []

    /// Whether `property` is one this mapping reads (the rest is kept as it is).
    static func isMapped(_ property: ICalendarProperty) -> Bool {
        switch property.name.uppercased() {
        case "UID", "SUMMARY", "DESCRIPTION", "STATUS", "COMPLETED", "PRIORITY", "DUE", "CATEGORIES", "RRULE",
            "CREATED", "LAST-MODIFIED", "DTSTAMP", "DTSTART", "X-TODO-PROJECT", "X-TODO-WAIT", "X-TODO-ANNOTATION",
            "X-TODO-STARTED", "X-APPLE-SORT-ORDER":
            return true
        case "RELATED-TO":
            return property.parameter("RELTYPE")?.uppercased() == "DEPENDS-ON"
        default:
            return false
        }
    }

    /// The namespace of the uuids derived from UIDs that are not UUIDs.
    static let uidNamespace = UUID(uuidString: "7C3B8F52-5A0E-4C8B-9C1D-2E4F6A8B0C1D")!

    /// The uuid of the todo a `UID` names: the UID itself when it is a UUID, else the name-based
    /// UUID of the UID (the same on every device).
    static func uuid(forUID uid: String) -> UUID {
        Todo.parseUUID(uid) ?? UUID(name: uid, namespace: uidNamespace)
    }

    /// Reads the mapped properties among `properties`.
    init(_ properties: [ICalendarProperty], zones: ICalendarTimeZones, utcOffset: (Date) -> Int) {
        func instant(_ property: ICalendarProperty) -> Date? {
            ICalendarDateTime(property).map { $0.instant(zones: zones, utcOffset: utcOffset) }
        }
        func day(_ property: ICalendarProperty) -> CalendarDay? {
            ICalendarDateTime(property).map { $0.localDay(zones: zones, utcOffset: utcOffset) }
        }
        var status: String?
        var dtstamp: Date?
        var started: Date?
        for property in properties where Self.isMapped(property) {
            switch property.name.uppercased() {
            case "UID":
                let uid = property.text
                if !uid.isEmpty { uuid = Self.uuid(forUID: uid) }
            case "SUMMARY":
                title = property.text
            case "DESCRIPTION":
                note = property.text
            case "STATUS":
                status = property.value.uppercased()
            case "COMPLETED":
                completedAt = instant(property)
            case "PRIORITY":
                switch Int(property.value) ?? 0 {
                case 1...4: priority = .high
                case 5: priority = .medium
                case 6...9: priority = .low
                default: priority = .none
                }
            case "DUE":
                due = day(property)
            case "DTSTART":
                scheduled = day(property)
            case "CATEGORIES":
                for category in property.textList {
                    let words = category.split(whereSeparator: { $0.isWhitespace || $0 == "," }).joined(separator: "-")
                    if let tag = try? Todo.validTag(words) { tags.insert(tag) }
                }
            case "RRULE":
                recurrence = Self.recurrence(property.value)
            case "CREATED":
                createdAt = instant(property)
            case "LAST-MODIFIED":
                updatedAt = instant(property)
            case "DTSTAMP":
                dtstamp = instant(property)
            case "X-APPLE-SORT-ORDER":
                position = Int(property.value)
            case "X-TODO-PROJECT":
                project = try? Todo.validProject(property.text)
            case "X-TODO-WAIT":
                wait = day(property)
            case "X-TODO-STARTED":
                started = instant(property)
            case "X-TODO-ANNOTATION":
                let at = property.parameter("X-TODO-TIME").flatMap { time in
                    instant(ICalendarProperty(name: "X-TODO-TIME", value: time))
                }
                if let text = try? Todo.validAnnotation(property.text) {
                    annotations.append(Annotation(at: at ?? Date(timeIntervalSince1970: 0), text: text))
                }
            case "RELATED-TO":
                let uid = property.text
                if !uid.isEmpty { dependsOn.append(uid) }
            default:
                break
            }
        }
        if updatedAt == nil { updatedAt = dtstamp }
        switch status {
        case "COMPLETED", "CANCELLED":
            isDone = true
        case "IN-PROCESS":
            startedAt = started ?? updatedAt ?? Date(timeIntervalSince1970: 0)
        default:
            if completedAt != nil && status == nil { isDone = true }
        }
        if !isDone, status != "IN-PROCESS", let started { startedAt = started }
    }

    /// An `RRULE` value as a recurrence, when it is one: `FREQ` with an optional `INTERVAL`
    /// (and `WKST`), nothing else.
    static func recurrence(_ value: String) -> Recurrence? {
        var frequency: String?
        var interval = 1
        for part in value.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            switch pair[0].uppercased() {
            case "FREQ": frequency = pair[1].uppercased()
            case "INTERVAL":
                guard let number = Int(pair[1]), number >= 1, number <= Recurrence.maximumInterval else { return nil }
                interval = number
            case "WKST": continue
            default: return nil
            }
        }
        switch (frequency, interval) {
        case ("DAILY", 1): return .daily
        case ("DAILY", _): return .everyDays(interval)
        case ("WEEKLY", 1): return .weekly
        case ("WEEKLY", _): return .everyWeeks(interval)
        case ("MONTHLY", 1): return .monthly
        case ("YEARLY", 1): return .yearly
        default: return nil
        }
    }

    /// The `RRULE` value of `recurrence`.
    static func rrule(_ recurrence: Recurrence) -> String {
        switch recurrence {
        case .daily: return "FREQ=DAILY"
        case .weekly: return "FREQ=WEEKLY"
        case .monthly: return "FREQ=MONTHLY"
        case .yearly: return "FREQ=YEARLY"
        case .everyDays(let n): return n == 1 ? "FREQ=DAILY" : "FREQ=DAILY;INTERVAL=\(n)"
        case .everyWeeks(let n): return n == 1 ? "FREQ=WEEKLY" : "FREQ=WEEKLY;INTERVAL=\(n)"
        }
    }

    /// The fields of `todo`; `uids` gives the UID of each todo it may wait for, by id.
    init(_ todo: Todo, uids: [Int: String]) {
        uuid = todo.uuid
        title = todo.title
        note = todo.note
        isDone = todo.isDone
        completedAt = todo.completedAt
        priority = todo.priority
        due = todo.due
        tags = todo.tags
        recurrence = todo.recurrence
        createdAt = todo.createdAt
        updatedAt = todo.updatedAt
        position = todo.position
        scheduled = todo.scheduled
        project = todo.project
        wait = todo.wait
        annotations = todo.annotations
        startedAt = todo.isDone ? nil : todo.startedAt
        dependsOn = todo.depends.compactMap { uids[$0] }
    }

    /// The properties, in this order: UID, DTSTAMP, CREATED, LAST-MODIFIED, SUMMARY,
    /// DESCRIPTION, STATUS, COMPLETED, PRIORITY, DTSTART, DUE, RRULE, CATEGORIES, RELATED-TO,
    /// X-APPLE-SORT-ORDER, X-TODO-PROJECT, X-TODO-WAIT, X-TODO-STARTED, X-TODO-ANNOTATION.
    var properties: [ICalendarProperty] {
        var lines: [ICalendarProperty] = []
        func time(_ name: String, _ date: Date?) {
            guard let date else { return }
            lines.append(ICalendarProperty(name: name, value: ICalendarDateTime(utc: date).text))
        }
        func day(_ name: String, _ day: CalendarDay?) {
            guard let day else { return }
            lines.append(
                ICalendarProperty(
                    name: name, parameters: [ICalendarParameter(name: "VALUE", values: ["DATE"])],
                    value: ICalendarDateTime(day: day).text))
        }
        if let uuid { lines.append(ICalendarProperty(name: "UID", value: uuid.uuidString.lowercased())) }
        time("DTSTAMP", updatedAt)
        time("CREATED", createdAt)
        time("LAST-MODIFIED", updatedAt)
        if let title { lines.append(ICalendarProperty(name: "SUMMARY", text: title)) }
        if let note { lines.append(ICalendarProperty(name: "DESCRIPTION", text: note)) }
        let status = isDone ? "COMPLETED" : startedAt != nil ? "IN-PROCESS" : "NEEDS-ACTION"
        lines.append(ICalendarProperty(name: "STATUS", value: status))
        if isDone { time("COMPLETED", completedAt) }
        switch priority {
        case .high: lines.append(ICalendarProperty(name: "PRIORITY", value: "1"))
        case .medium: lines.append(ICalendarProperty(name: "PRIORITY", value: "5"))
        case .low: lines.append(ICalendarProperty(name: "PRIORITY", value: "9"))
        case .none: break
        }
        day("DTSTART", scheduled)
        day("DUE", due)
        if let recurrence { lines.append(ICalendarProperty(name: "RRULE", value: Self.rrule(recurrence))) }
        if !tags.isEmpty {
            lines.append(
                ICalendarProperty(
                    name: "CATEGORIES", value: tags.sorted().map(ICalendarProperty.escaped).joined(separator: ",")))
        }
        for uid in dependsOn {
            lines.append(
                ICalendarProperty(
                    name: "RELATED-TO", parameters: [ICalendarParameter(name: "RELTYPE", values: ["DEPENDS-ON"])],
                    text: uid))
        }
        if let position { lines.append(ICalendarProperty(name: "X-APPLE-SORT-ORDER", value: String(position))) }
        if let project { lines.append(ICalendarProperty(name: "X-TODO-PROJECT", text: project)) }
        day("X-TODO-WAIT", wait)
        if let startedAt { time("X-TODO-STARTED", startedAt) }
        for annotation in annotations {
            lines.append(
                ICalendarProperty(
                    name: "X-TODO-ANNOTATION",
                    parameters: [
                        ICalendarParameter(name: "X-TODO-TIME", values: [ICalendarDateTime(utc: annotation.at).text])
                    ],
                    text: annotation.text))
        }
        return lines
    }
}
