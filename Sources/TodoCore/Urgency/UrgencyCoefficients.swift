/// The weights of Taskwarrior 2.6's urgency formula: how much each attribute of a todo adds.
///
/// A todo's urgency is the sum, over the terms, of a factor from 0 to 1 read off one attribute
/// (see ``UrgencyTerm``) times that term's coefficient; the user coefficients add their value
/// when their tag, project or keyword matches. ``taskwarrior`` holds Taskwarrior 2.6's defaults
/// (`task show urgency`); each coefficient can be read and set by its Taskwarrior name, as a
/// config file gives it:
///
/// ```swift
/// var coefficients = UrgencyCoefficients.taskwarrior
/// coefficients.due                                                     // 12.0
/// try coefficients.setCoefficient(named: "urgency.user.tag.next.coefficient", text: "20")
/// coefficients.coefficient(named: "urgency.user.tag.next.coefficient")  // 20.0
/// ```
public struct UrgencyCoefficients: Sendable, Hashable {
    /// `urgency.due.coefficient`: a due date (12.0).
    public var due: Double = 12.0
    /// `urgency.blocking.coefficient`: a pending todo depends on this one (8.0).
    public var blocking: Double = 8.0
    /// `urgency.uda.priority.H.coefficient`: high priority (6.0).
    public var highPriority: Double = 6.0
    /// `urgency.uda.priority.M.coefficient`: medium priority (3.9).
    public var mediumPriority: Double = 3.9
    /// `urgency.uda.priority.L.coefficient`: low priority (1.8).
    public var lowPriority: Double = 1.8
    /// `urgency.scheduled.coefficient`: the scheduled day has begun (5.0).
    public var scheduled: Double = 5.0
    /// `urgency.active.coefficient`: started (4.0).
    public var active: Double = 4.0
    /// `urgency.age.coefficient`: the age, up to ``ageMax`` days (2.0).
    public var age: Double = 2.0
    /// `urgency.age.max`: the age in days at which the age factor reaches 1 (365); 0 makes it
    /// 1 for every todo.
    public var ageMax: Double = 365
    /// `urgency.annotations.coefficient`: annotations (1.0).
    public var annotations: Double = 1.0
    /// `urgency.tags.coefficient`: tags (1.0).
    public var tags: Double = 1.0
    /// `urgency.project.coefficient`: a project (1.0).
    public var project: Double = 1.0
    /// `urgency.waiting.coefficient`: waiting (-3.0).
    public var waiting: Double = -3.0
    /// `urgency.blocked.coefficient`: depends on a todo that is not done (-5.0).
    public var blocked: Double = -5.0
    /// `urgency.user.tag.TAG.coefficient`, by tag: added when the todo has the tag. Taskwarrior's
    /// default has one, `next`, 15.0.
    public var userTags: [String: Double] = ["next": 15.0]
    /// `urgency.user.project.PROJECT.coefficient`, by project: added when the todo's project is
    /// that one or inside it (`home.garden` for `home`). None by default.
    public var userProjects: [String: Double] = [:]
    /// `urgency.user.keyword.WORD.coefficient`, by word: added when the title contains it
    /// (case-sensitive, anywhere: `call` is in `recall`). None by default.
    public var userKeywords: [String: Double] = [:]

    /// Taskwarrior 2.6's defaults.
    public init() {}

    /// Taskwarrior 2.6's defaults, what `task show urgency` lists on a fresh install.
    public static let taskwarrior = UrgencyCoefficients()

    /// `urgency.user.tag.next.coefficient`: the tag `next` (15.0), the largest default.
    public var next: Double {
        get { userTags["next"] ?? 0 }
        set { userTags["next"] = newValue }
    }

    /// The coefficient of `priority`; 0 for ``Priority/none``.
    public func coefficient(for priority: Priority) -> Double {
        switch priority {
        case .none: return 0
        case .low: return lowPriority
        case .medium: return mediumPriority
        case .high: return highPriority
        }
    }
}
