/// A reactor state marked with ``ObservableState()``, as ReactorKit 3.x's SwiftUI support
/// marks it.
///
/// ``ObservedReactor`` observes any state, so the conformance asks nothing of the state: it
/// is there so that code written for ReactorKit 3.x (`where State: ObservableState`) compiles.
public protocol ObservableState {}

/// Makes a reactor's `State` observable, as ReactorKit 3.x's macro does: it adds the
/// conformance to ``ObservableState``; nothing is added per property.
///
/// ```swift
/// final class CounterReactor: Reactor {
///     @ObservableState
///     struct State {
///         var count = 0
///         @ObservableStateIgnored var scratch = ""
///     }
///     …
/// }
/// let counter = ObservedReactor(CounterReactor())   // counter.count is tracked by Observation
/// ```
///
/// ``ObservedReactor`` reports each state change to whoever read the state (a view re-reads
/// it then); ReactorKit 3.x tracks each property apart.
@attached(extension, conformances: ObservableState)
public macro ObservableState() = #externalMacro(module: "ReactorKitMacros", type: "ObservableStateMacro")

/// Leaves a property of an ``ObservableState()`` state out of per-property tracking, as
/// ReactorKit 3.x's macro does; here it adds nothing, since ``ObservedReactor`` reports the
/// state's changes as a whole.
@attached(peer)
public macro ObservableStateIgnored() = #externalMacro(module: "ReactorKitMacros", type: "ObservableStateIgnoredMacro")
