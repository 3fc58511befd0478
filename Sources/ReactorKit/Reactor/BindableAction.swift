/// An action type with a case that carries a ``BindingAction``: an assignment to one property
/// of the state, made by two-way editing (a form field, a toggle).
///
/// ReactorKit's `BindableAction` (its main branch, in `ReactorKitObservation`). Add a
/// `binding` case to the reactor's `Action` and apply it in `reduce`:
///
/// ```swift
/// enum Action: BindableAction {
///     case binding(BindingAction<State>)
///     case save
/// }
///
/// func reduce(state: State, mutation: Mutation) -> State {
///     var state = state
///     switch mutation {
///     case .binding(let binding): binding.apply(to: &state)
///     case .setSaved: state.isSaved = true
///     }
///     return state
/// }
/// ```
///
/// ``ObservedReactor`` then sends a binding for a key path: `observed.title = "milk"` or
/// `observed.set(\.title, to: "milk")`.
public protocol BindableAction {
    /// The state whose properties the binding writes.
    associatedtype State

    /// Wraps `action` in the conforming action; usually the enum case
    /// `case binding(BindingAction<State>)`.
    static func binding(_ action: BindingAction<State>) -> Self
}
