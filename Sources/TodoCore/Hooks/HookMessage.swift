/// A line a hook printed that is not a todo: feedback for the user, or what went wrong with an
/// `on-exit` hook (whose change was made anyway).
///
/// ``HookRunner`` publishes them on its ``HookRunner/messages`` bus once the change is written;
/// the `todo` command prints them on standard error.
public struct HookMessage: Sendable, Hashable, CustomStringConvertible {
    /// The hook's file name (`on-add-tag-work`).
    public var hook: String
    /// Its event.
    public var event: HookEvent
    /// The line, without its line break.
    public var text: String
    /// Whether it reports a failure (an `on-exit` hook that exited non-zero, could not run, or
    /// ran over the time limit) rather than feedback.
    public var isError: Bool

    /// A message of `hook`.
    public init(hook: String, event: HookEvent, text: String, isError: Bool = false) {
        self.hook = hook
        self.event = event
        self.text = text
        self.isError = isError
    }

    /// `hook: text`.
    public var description: String { "\(hook): \(text)" }
}
