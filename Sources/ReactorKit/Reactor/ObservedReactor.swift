import Observation

/// A reactor wrapped for Observation-based front ends: its state is observable, its state's
/// properties readable directly, and actions sent with ``send(_:)``.
///
/// SwiftUI on Apple platforms, or any code using `withObservationTracking`, re-reads what it
/// used when the reactor's state changes:
///
/// ```swift
/// let counter = ObservedReactor(CounterReactor())
/// withObservationTracking {
///     print(counter.value)          // reads state.value, tracked
/// } onChange: {
///     print("the count changed")
/// }
/// counter.send(.increase)           // prints "the count changed"
/// ```
///
/// The wrapper keeps the reactor alive and subscribes to its state until the wrapper is
/// released. State changes are reported on the thread the reactor delivers them on (its
/// `scheduler`).
@dynamicMemberLookup
public final class ObservedReactor<R: Reactor>: Observation.Observable, @unchecked Sendable {
    // @unchecked Sendable: `stored` is guarded by lock; the registrar is thread-safe
    /// The wrapped reactor.
    public let reactor: R

    private let registrar = ObservationRegistrar()
    private let lock = Lock()
    private var stored: R.State
    private var subscription: Disposable?

    /// Wraps `reactor` and starts observing its state.
    public init(_ reactor: R) {
        self.reactor = reactor
        stored = reactor.currentState
        subscription = reactor.state.subscribe(
            with: self,
            onNext: { observed, state in
                observed.update(state)
            })
    }

    deinit {
        subscription?.dispose()
    }

    /// The reactor's latest state; reading it is tracked by Observation.
    public var state: R.State {
        registrar.access(self, keyPath: \.state)
        return lock.performLocked { stored }
    }

    /// A property of the state; reading it is tracked by Observation.
    public subscript<Value>(dynamicMember keyPath: KeyPath<R.State, Value>) -> Value {
        state[keyPath: keyPath]
    }

    /// Sends `action` to the reactor.
    public func send(_ action: R.Action) {
        reactor.action.onNext(action)
    }

    private func update(_ state: R.State) {
        registrar.withMutation(of: self, keyPath: \.state) {
            lock.performLocked { stored = state }
        }
    }
}
