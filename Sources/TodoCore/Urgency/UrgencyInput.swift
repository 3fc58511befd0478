#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a todo's urgency is computed from: the attributes Taskwarrior 2.6's formula reads.
///
/// Build one from a todo and pass it to ``UrgencyCoefficients/urgency(of:at:utcOffset:)``:
///
/// ```swift
/// let input = UrgencyInput(createdAt: todo.createdAt, due: todo.due, tags: todo.tags, priority: todo.priority)
/// UrgencyCoefficients.taskwarrior.urgency(of: input, clock: .system)  // tagged next, high: 15 + 0.8 + 6 + …
/// ```
///
/// The three states that depend on other todos or on the time (``isWaiting``, ``isBlocked``,
/// ``isBlocking``) are given, not computed here; their meanings are Taskwarrior's, and the
/// urgency ignores them on a done todo, as Taskwarrior does for a completed task.
public struct UrgencyInput: Sendable, Hashable {
    /// The title; user keyword coefficients (`urgency.user.keyword.WORD.coefficient`) look in it.
    public var title: String
    /// Whether the todo is done. Taskwarrior gives completed tasks an urgency too, from the
    /// same formula without the waiting, blocked, blocking and active terms.
    public var isDone: Bool
    /// When it was created (Taskwarrior's `entry`), for the age term; whole seconds count.
    public var createdAt: Date
    /// The day it is due; Taskwarrior's due time is the start of that day, local midnight.
    public var due: CalendarDay?
    /// The day it is scheduled for (Taskwarrior's `scheduled`, also local midnight).
    public var scheduled: CalendarDay?
    /// Whether it was started and not stopped (Taskwarrior's `start` is set: `+ACTIVE`).
    public var isActive: Bool
    /// How many annotations it has.
    public var annotationCount: Int
    /// Its tags; names are compared as they are written (`next` is not `Next`).
    public var tags: Set<String>
    /// Its project (`home.garden` is in `home` for the user project coefficients); `nil` or
    /// empty when it has none.
    public var project: String?
    /// Its priority.
    public var priority: Priority
    /// Whether it is pending with a wait day still ahead (Taskwarrior's `+WAITING`).
    public var isWaiting: Bool
    /// Whether it is pending and depends on a todo that is not done (`+BLOCKED`).
    public var isBlocked: Bool
    /// Whether it is pending and a pending todo depends on it (`+BLOCKING`).
    public var isBlocking: Bool

    /// Creates the input; everything but the creation time defaults to absent or false.
    public init(
        title: String = "", isDone: Bool = false, createdAt: Date, due: CalendarDay? = nil,
        scheduled: CalendarDay? = nil, isActive: Bool = false, annotationCount: Int = 0, tags: Set<String> = [],
        project: String? = nil, priority: Priority = .none, isWaiting: Bool = false, isBlocked: Bool = false,
        isBlocking: Bool = false
    ) {
        self.title = title
        self.isDone = isDone
        self.createdAt = createdAt
        self.due = due
        self.scheduled = scheduled
        self.isActive = isActive
        self.annotationCount = annotationCount
        self.tags = tags
        self.project = project
        self.priority = priority
        self.isWaiting = isWaiting
        self.isBlocked = isBlocked
        self.isBlocking = isBlocking
    }

    /// Whether it has the tag `next`, whose coefficient (15 by default) is the largest.
    public var hasNextTag: Bool { tags.contains("next") }
}
