/// The `Action` of a reactor that receives no action: its mutations all come from sequences
/// merged in `transform(mutation:)`.
///
/// ReactorKit's name for `Never`, in every release up to 3.2.0:
///
/// ```swift
/// final class BadgeReactor: Reactor {
///     typealias Action = NoAction
///     enum Mutation { case setCount(Int) }
///     …
///     func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
///         .merge(mutation, unreadCounts.map(Mutation.setCount))
///     }
/// }
/// ```
public typealias NoAction = Never
