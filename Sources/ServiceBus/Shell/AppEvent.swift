/// One thing that happened in an app run by an ``AppShell``.
public enum AppEvent: Sendable, CustomStringConvertible {
    /// A live reactor's action, mutation or state.
    case reactor(ReactorTraceEvent)
    /// A message on an observed bus.
    case message(bus: String, value: String)
    /// The shell started keeping a reactor alive.
    case added(reactorType: String, reactorID: ObjectIdentifier)
    /// The shell stopped keeping a reactor alive.
    case removed(reactorType: String, reactorID: ObjectIdentifier)

    /// A one-line description, such as `TaskListReactor#3c1a state: State(…)` or
    /// `bus tasks: added(…)`.
    public var description: String {
        switch self {
        case .reactor(let event):
            return event.description
        case .message(let bus, let value):
            return "bus \(bus): \(value)"
        case .added(let type, let id):
            return "\(type)#\(Self.shortID(id)) added"
        case .removed(let type, let id):
            return "\(type)#\(Self.shortID(id)) removed"
        }
    }

    private static func shortID(_ id: ObjectIdentifier) -> String {
        String(UInt(bitPattern: id.hashValue) & 0xFFFF, radix: 16)
    }
}
