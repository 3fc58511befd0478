/// The virtual times at which a test observable was subscribed to and unsubscribed from.
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The virtual time of the subscription.
    public let subscribe: TestTime
    /// The virtual time of the unsubscription; `Int.max` while still subscribed.
    public let unsubscribe: TestTime

    /// A subscription at `subscribe` that is still active.
    public init(_ subscribe: TestTime) {
        self.subscribe = subscribe
        unsubscribe = Int.max
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// The times, as `(200, 1000)` or `(200 : Infinity)` while still subscribed.
    public var debugDescription: String {
        let infinity = "Infinity"
        return "(\(subscribe) : \(unsubscribe != Int.max ? String(unsubscribe) : infinity))"
    }
}
