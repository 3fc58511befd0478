/// One term of a todo's urgency: a factor read off one attribute, times its coefficient.
///
/// ``UrgencyCoefficients/terms(of:at:utcOffset:)`` lists the terms that add something, as
/// `task info` breaks an urgency down; their values add up to the urgency.
public struct UrgencyTerm: Sendable, Hashable {
    /// The coefficient's Taskwarrior name: `urgency.due.coefficient`,
    /// `urgency.user.tag.next.coefficient`, …
    public var name: String
    /// What the attribute gives, from 0 to 1 (1 for a user coefficient that matches). The age
    /// factor is below 0 for a todo created in the future, as in Taskwarrior.
    public var factor: Double
    /// The coefficient the factor is multiplied by.
    public var coefficient: Double

    /// Creates a term.
    public init(name: String, factor: Double, coefficient: Double) {
        self.name = name
        self.factor = factor
        self.coefficient = coefficient
    }

    /// What the term adds to the urgency: `factor * coefficient`.
    public var value: Double { factor * coefficient }
}
