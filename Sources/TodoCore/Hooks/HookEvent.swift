/// When a hook runs, named as its file's name begins (Taskwarrior's events, without
/// `on-launch`).
public enum HookEvent: String, Sendable, Hashable, CaseIterable {
    /// Before a new todo is written: the hook gets it and prints it, changed or not.
    case add = "on-add"
    /// Before a changed todo is written: the hook gets it as it was and as it will be, and
    /// prints the latter, changed or not.
    case modify = "on-modify"
    /// After a change is written: the hook gets the todos it changed.
    case exit = "on-exit"
}
