/// A parsed filter: terms joined by `and`, `or` and `not`, in a normal form (no `and` directly
/// inside an `and`, no `or` inside an `or`, no `not` inside a `not`, the ids of an `or` in one
/// term).
indirect enum FilterExpression: Sendable, Hashable {
    /// One term.
    case term(FilterTerm)
    /// Todos the expression leaves out.
    case not(FilterExpression)
    /// Todos every expression keeps (two or more).
    case and([FilterExpression])
    /// Todos one of the expressions keeps (two or more).
    case or([FilterExpression])

    /// The expression keeping the todos this one leaves out; `not not x` is `x`.
    var negated: FilterExpression {
        if case .not(let inner) = self { return inner }
        return .not(self)
    }

    /// The todos all of `expressions` keep (`expressions` is not empty).
    static func all(_ expressions: [FilterExpression]) -> FilterExpression {
        var flat: [FilterExpression] = []
        for expression in expressions {
            if case .and(let inner) = expression { flat += inner } else { flat.append(expression) }
        }
        return flat.count == 1 ? flat[0] : .and(flat)
    }

    /// The todos one of `expressions` keeps (`expressions` is not empty); their ids become one
    /// term, where the first of them was.
    static func any(_ expressions: [FilterExpression]) -> FilterExpression {
        var flat: [FilterExpression] = []
        var idsIndex: Int?
        for expression in expressions.flatMap({ expression -> [FilterExpression] in
            if case .or(let inner) = expression { return inner }
            return [expression]
        }) {
            if case .term(.ids(let ranges)) = expression {
                if let index = idsIndex, case .term(.ids(let earlier)) = flat[index] {
                    flat[index] = .term(.ids(FilterTerm.merged(earlier + ranges)))
                    continue
                }
                idsIndex = flat.count
            }
            flat.append(expression)
        }
        return flat.count == 1 ? flat[0] : .or(flat)
    }

    /// Every term, depth first.
    var terms: [FilterTerm] {
        switch self {
        case .term(let term): return [term]
        case .not(let inner): return inner.terms
        case .and(let items), .or(let items): return items.flatMap(\.terms)
        }
    }
}

/// One term of a filter, as parsed (dates not resolved yet).
enum FilterTerm: Sendable, Hashable {
    /// `12`, `3-7`, `4,9-11`: todos with one of these ids (sorted, disjoint, not adjacent).
    case ids([ClosedRange<Int>])
    /// `+tag`: todos with this tag, in any case (`-tag` is its negation).
    case tag(String)
    /// `project:…`.
    case project(ProjectTest)
    /// `priority:…`.
    case priority(PriorityTest)
    /// `status:…`.
    case status(FilterStatus)
    /// `due:…`, `wait:…`, `scheduled:…`, `created:…`, `completed:…`.
    case date(DateField, DateTest)
    /// `is:…`.
    case state(FilterState)
    /// A search word (or `text:…`): text that appears, in any case, in the title, the note, a
    /// tag, the project or an annotation.
    case text(String)

    /// `ranges` sorted, overlapping and adjacent ones joined.
    static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            // Ids are at most Todo.maximumID, so `upperBound + 1` cannot overflow.
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}

/// What a `project:` term asks of a todo's project.
enum ProjectTest: Sendable, Hashable {
    /// `project:` or `project:none`: no project.
    case none
    /// `project:any`: some project.
    case any
    /// `project:Home`: `Home` or a project below it (`Home.Garden`), in any case.
    case under(String)
    /// `project.is:Home`: exactly `Home`, in any case.
    case exactly(String)
    /// `project.has:ome`: a project whose name contains the text, in any case.
    case containing(String)
}

/// What a `priority:` term asks of a todo's priority.
enum PriorityTest: Sendable, Hashable {
    /// `priority:high` (`none` for todos without one).
    case equal(Priority)
    /// `priority:any`: high, medium or low.
    case any
    /// `priority.above:low`: a higher priority.
    case above(Priority)
    /// `priority.below:high`: a lower priority (none included).
    case below(Priority)
}

/// The statuses a `status:` term names.
enum FilterStatus: String, Sendable, Hashable, CaseIterable {
    /// Not done, and not waiting.
    case pending
    /// Not done, hidden until its wait day.
    case waiting
    /// Done.
    case done
    /// Every todo.
    case all
}

/// The dated fields of a todo.
enum DateField: String, Sendable, Hashable {
    /// The day it is due.
    case due
    /// The day it stops waiting.
    case wait
    /// The day work on it is scheduled to start.
    case scheduled
    /// When it was created (an instant: its local day counts).
    case created
    /// When it was completed (an instant: its local day counts).
    case completed
}

/// What a date term asks of a dated field.
enum DateTest: Sendable, Hashable {
    /// `due:` or `due:none`: no date.
    case none
    /// `due:any`: some date.
    case any
    /// `due:DATE`: that day.
    case on(DateInput)
    /// `due.before:DATE`: a day before it.
    case before(DateInput)
    /// `due.after:DATE`: a day after it.
    case after(DateInput)
    /// `due.by:DATE`: that day or before.
    case by(DateInput)
}

/// The states an `is:` term names.
enum FilterState: String, Sendable, Hashable, CaseIterable {
    /// Pending and due before today.
    case overdue
    /// Due today.
    case today
    /// Depending on a todo not done yet.
    case blocked
    /// A todo not done yet depends on it.
    case blocking
    /// Pending, hidden until its wait day.
    case waiting
    /// Started.
    case active
    /// Repeating.
    case recurring
}
