/// A state property whose changes are reported on every assignment, even of an equal value.
///
/// Use it for one-shot outputs such as an alert message: `reactor.pulse(\.$alertMessage)`
/// emits each time the property is set, and never because unrelated state changed.
///
/// ```swift
/// struct State {
///     @Pulse var alertMessage: String?
/// }
///
/// reactor.pulse(\.$alertMessage)
///     .compactMap { $0 }
///     .subscribe(onNext: { message in showAlert(message) })
///     .disposed(by: disposeBag)
/// ```
@propertyWrapper
public struct Pulse<Value> {
    /// The current value; every assignment increments ``valueUpdatedCount``.
    public var value: Value {
        didSet {
            valueUpdatedCount &+= 1
        }
    }

    /// How many times ``value`` has been assigned since creation, wrapping from `UInt.max` to 0.
    public internal(set) var valueUpdatedCount: UInt = 0

    /// Creates a pulse holding `wrappedValue`, with an update count of 0.
    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    /// The current value.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The pulse itself, reachable as `$property`, for ``Reactor/pulse(_:)``.
    public var projectedValue: Pulse<Value> {
        self
    }
}

/// Two pulses are equal when their values are equal and they were assigned the same number of
/// times: a pulse re-assigned with an equal value differs from its earlier copy.
extension Pulse: Equatable where Value: Equatable {
    /// Whether both pulses hold equal values with the same update count.
    public static func == (lhs: Pulse<Value>, rhs: Pulse<Value>) -> Bool {
        lhs.valueUpdatedCount == rhs.valueUpdatedCount && lhs.value == rhs.value
    }
}

extension Pulse: Sendable where Value: Sendable {}
