/// An assignment of a value to one property of a state, sent as an action and applied in
/// `reduce` with ``apply(to:)``.
///
/// ReactorKit's `BindingAction` (its main branch, in `ReactorKitObservation`), with the same
/// names and semantics: build it with `set(_:_:)`; two binding actions are equal when they
/// write the same key path and were both built from equal `Equatable` values.
///
/// ```swift
/// reactor.action.onNext(.binding(.set(\.title, "milk")))
/// ```
public struct BindingAction<Root>: @unchecked Sendable {
    // @unchecked Sendable: key paths are immutable but not marked `Sendable`; the assigned value
    // is `Sendable` (the factories require it) and the closures only capture it and the key path.

    /// The key path the action writes.
    public let keyPath: PartialKeyPath<Root>

    private let assign: (inout Root) -> Void
    /// The assigned value, for equality; `nil` when it is not `Equatable`.
    private let value: (any Sendable)?
    /// Whether another action's value equals this one's; always `false` when not `Equatable`.
    private let isEqualToValue: (Any?) -> Bool

    private init(
        keyPath: PartialKeyPath<Root>,
        assign: @escaping (inout Root) -> Void,
        value: (any Sendable)?,
        isEqualToValue: @escaping (Any?) -> Bool
    ) {
        self.keyPath = keyPath
        self.assign = assign
        self.value = value
        self.isEqualToValue = isEqualToValue
    }

    /// Returns an action that assigns `value` to the property at `keyPath`.
    ///
    /// The value is not `Equatable`: the action equals no other action.
    @_disfavoredOverload
    public static func set<Value: Sendable>(_ keyPath: WritableKeyPath<Root, Value>, _ value: Value) -> Self {
        Self(
            keyPath: keyPath,
            assign: { $0[keyPath: keyPath] = value },
            value: nil,
            isEqualToValue: { _ in false })
    }

    /// Returns an action that assigns `value` to the property at `keyPath`; it equals another
    /// action that assigns an equal value to the same key path.
    public static func set<Value: Equatable & Sendable>(
        _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
    )
        -> Self
    {
        Self(
            keyPath: keyPath,
            assign: { $0[keyPath: keyPath] = value },
            value: value,
            isEqualToValue: { other in (other as? Value) == value })
    }

    /// Applies the assignment to `state`.
    public func apply(to state: inout Root) {
        assign(&state)
    }

    /// Whether `action` writes `keyPath`, whatever the value: `case .binding(\.title)` in a
    /// `switch`, or `if \State.title ~= action`.
    public static func ~= <Value>(keyPath: WritableKeyPath<Root, Value>, action: Self) -> Bool {
        action.keyPath == keyPath
    }
}

extension BindingAction: Equatable {
    /// Whether both actions write the same key path with equal `Equatable` values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.isEqualToValue(rhs.value)
    }
}
