/// Runs the hooks of a change: the todo service calls it for every change it writes (see
/// ``HookRunner``), so that hooks run whatever the front end.
public protocol HookRunnerType: AnyObject, Sendable {
    /// What the hooks print that is not a todo, published once the change is written.
    var messages: EventBus<HookMessage> { get }

    /// Runs the `on-add` hooks on each added todo and the `on-modify` hooks on each modified or
    /// deleted one, in name order, before the change is written (under the store's lock).
    ///
    /// - Parameters:
    ///   - change: The change about to be written.
    ///   - context: The context of the todos' derived facts, for their JSON objects; called at
    ///     most once, and only when a hook is to run.
    ///   - check: Checks a todo as a hook left it against the rest of the store (the todos it
    ///     depends on exist, without a circle); what it throws refuses the change in that hook's
    ///     name.
    /// - Returns: The change with the todos as the hooks left them, and their messages.
    /// - Throws: ``TodoError/hookRefused(hook:reason:)`` when a hook refuses the change or fails:
    ///   nothing is then written.
    func runBeforeWrite(
        _ change: HookChange, context: () -> TodoContext, check: (Todo) throws(TodoError) -> Void
    ) throws(TodoError) -> HookChange

    /// Runs the `on-exit` hooks on the todos of a written change, then publishes on ``messages``
    /// what every hook of the change printed.
    ///
    /// - Parameters:
    ///   - change: The change as written (what ``runBeforeWrite(_:context:check:)`` returned).
    ///   - context: The context of the todos' derived facts, as the store now is.
    func runAfterWrite(_ change: HookChange, context: () -> TodoContext)
}
