import ReactorKit

/// Virtual time in ``TestScheduler`` ticks; one tick is one second of `RxTimeInterval`.
public typealias TestTime = Int

/// A value recorded at a virtual time, such as an event an observer received.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// The virtual time at which the value was recorded.
    public let time: TestTime
    /// The recorded value.
    public let value: Value

    /// Creates a record of `value` at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }

    /// The value and its time, as `next(1) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded: Equatable where Value: Equatable {}

extension Recorded: Sendable where Value: Sendable {}

extension Recorded {
    /// A `.next(element)` event at `time`.
    public static func next<T>(_ time: TestTime, _ element: T) -> Recorded<Event<T>> where Value == Event<T> {
        Recorded(time: time, value: .next(element))
    }

    /// A `.completed` event at `time`.
    public static func completed<T>(_ time: TestTime, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .completed)
    }

    /// An `.error(error)` event at `time`.
    public static func error<T>(_ time: TestTime, _ error: Swift.Error, _ type: T.Type = T.self) -> Recorded<Event<T>>
    where Value == Event<T> {
        Recorded(time: time, value: .error(error))
    }

    /// The given recorded events as an array, for when type inference cannot tell their
    /// element type on its own.
    ///
    /// ```swift
    /// let expected = Recorded.events(.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .completed(300))
    /// ```
    ///
    /// RxTest's two forms, and only those (a third overload would make the type checker try
    /// every combination for calls with arithmetic in them): this variadic one and
    /// the array form, `Recorded.events([…])`.
    public static func events<T>(_ recordedEvents: Recorded<Event<T>>...) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        events(recordedEvents)
    }

    /// The given array of recorded events, unchanged: `Recorded.events([.next(210, 2), .completed(250)])`.
    public static func events<T>(_ recordedEvents: [Recorded<Event<T>>]) -> [Recorded<Event<T>>]
    where Value == Event<T> {
        recordedEvents
    }
}
