#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A todo's project, wait and scheduled days, dependencies, annotations, start and kept iCalendar
/// lines, compared
/// and hashed by value; none of them set is no storage at all.
struct TodoExtras: Sendable, Hashable {
    /// The values.
    struct Fields: Sendable, Hashable {
        var project: String?
        var wait: CalendarDay?
        var scheduled: CalendarDay?
        var depends: [Int] = []
        var annotations: [Annotation] = []
        var startedAt: Date?
        var iCalendarLines: String?

        static let none = Fields()
    }

    /// Immutable storage for fields that are not all empty.
    private final class Box: Sendable {
        let fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var box: Box?

    /// No fields set.
    init() {}

    /// `fields`.
    init(_ fields: Fields) {
        box = fields == .none ? nil : Box(fields)
    }

    /// The values (all empty when none is set).
    var fields: Fields { box?.fields ?? .none }

    // Each read alone, without copying the others (and retaining what they hold).
    var project: String? { box?.fields.project }
    var wait: CalendarDay? { box?.fields.wait }
    var scheduled: CalendarDay? { box?.fields.scheduled }
    var depends: [Int] { box?.fields.depends ?? [] }
    var annotations: [Annotation] { box?.fields.annotations ?? [] }
    var startedAt: Date? { box?.fields.startedAt }
    var iCalendarLines: String? { box?.fields.iCalendarLines }

    /// Changes the values (a new box: boxes are shared between copies and never changed).
    mutating func change(_ body: (inout Fields) -> Void) {
        var fields = self.fields
        body(&fields)
        box = fields == .none ? nil : Box(fields)
    }

    static func == (lhs: TodoExtras, rhs: TodoExtras) -> Bool {
        lhs.box === rhs.box || lhs.fields == rhs.fields
    }

    func hash(into hasher: inout Hasher) {
        if let box { hasher.combine(box.fields) }
    }
}
