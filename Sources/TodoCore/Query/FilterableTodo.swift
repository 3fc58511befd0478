#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a ``TodoFilter`` reads of a todo.
///
/// A model type conforms by exposing these fields; those with a default here need not be
/// written. Filters are generic over the conforming type, so reading a field costs no more than
/// reading a stored property.
public protocol FilterableTodo {
    /// The tags' collection.
    associatedtype Tags: Sequence<String>
    /// The annotations' texts' collection.
    associatedtype AnnotationTexts: Sequence<String>

    /// The todo's number (`12`, `3-7` and `4,9` terms).
    var id: Int { get }
    /// What to do (searched).
    var title: String { get }
    /// Details, or `nil` (searched).
    var note: String? { get }
    /// The tags (`+tag` and `-tag` terms, compared in any case; searched).
    var tags: Tags { get }
    /// The project, a dotted name such as `Home.Garden`, or `nil` (`project:` terms; searched).
    var project: String? { get }
    /// How important it is (`priority:` terms).
    var priority: Priority { get }
    /// The day it is due (`due:` terms, `is:overdue`, `is:today`).
    var due: CalendarDay? { get }
    /// The day it stops waiting (`wait:` terms).
    var wait: CalendarDay? { get }
    /// The day work on it is scheduled to start (`scheduled:` terms).
    var scheduled: CalendarDay? { get }
    /// When it was created (`created:` terms compare its local day).
    var createdAt: Date { get }
    /// When it was completed, or `nil` (`completed:` terms compare its local day).
    var completedAt: Date? { get }
    /// The texts of its annotations (searched).
    var annotationTexts: AnnotationTexts { get }
    /// Whether it is done (`status:done`).
    var isDone: Bool { get }
    /// Whether it depends on a todo not done yet (`is:blocked`).
    var isBlocked: Bool { get }
    /// Whether a todo not done yet depends on it (`is:blocking`).
    var isBlocking: Bool { get }
    /// Whether it was started and not stopped (`is:active`).
    var isActive: Bool { get }
    /// Whether it repeats (`is:recurring`).
    var isRecurring: Bool { get }

    /// Whether it is pending and hidden until a later day, as seen on `today` (`status:waiting`,
    /// `is:waiting`; `status:pending` leaves such todos out). By default: not done, and ``wait``
    /// after `today`.
    func isWaiting(today: CalendarDay) -> Bool
    /// Whether it is pending and due before `today` (`is:overdue`). By default: not done, and
    /// ``due`` before `today`.
    func isOverdue(today: CalendarDay) -> Bool
}

extension FilterableTodo {
    /// Not done, and ``wait`` after `today`.
    public func isWaiting(today: CalendarDay) -> Bool {
        guard !isDone, let wait else { return false }
        return wait > today
    }

    /// Not done, and ``due`` before `today`.
    public func isOverdue(today: CalendarDay) -> Bool {
        guard !isDone, let due else { return false }
        return due < today
    }
}
