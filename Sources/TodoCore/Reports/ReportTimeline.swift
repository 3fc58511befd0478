#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What happened to todos period by period, from their created, completed and started times:
/// the counts behind ``BurndownReport`` and ``HistoryReport``.
///
/// Each todo is created on the local day of its `createdAt`, completed (when done) on the local
/// day of its `completedAt` (its `updatedAt` when a done todo has none, as the exports do), and,
/// when it is active now, started on the local day of its `startedAt`. A completion before the
/// creation (an import that did not know when the todo was created) counts as the creation too;
/// a start before the creation counts from the creation; a time after now (a clock that was
/// ahead) counts as now.
struct ReportTimeline {
    /// The kind of period counted by.
    let period: ReportPeriod
    /// The first day of a week.
    let weekStart: Weekday
    /// The number of the period holding today.
    let current: Int
    /// The number of the first period counted one by one (at most `current`).
    let first: Int
    /// The number of the period holding the earliest creation; `nil` without todos.
    let earliest: Int?
    /// Todos created in each period from `first` to `current`.
    let added: [Int]
    /// Todos completed in each period from `first` to `current`.
    let completed: [Int]
    /// Todos active now that started in each period from `first` to `current`.
    let started: [Int]
    /// Todos created, completed and started before `first`.
    let before: (added: Int, completed: Int, started: Int)

    /// Counts `todos` by `period`, one by one over the `covering` periods that end with the
    /// current one, at least, and from the earliest creation on, at most `maximum` periods.
    init(
        todos: some Sequence<Todo>, context: TodoContext, period: ReportPeriod, weekStart: Weekday, covering: Int,
        maximum: Int
    ) {
        let todos = Array(todos)  // no copy for an array; the loop below then reads it without generics
        self.period = period
        self.weekStart = weekStart
        let today = context.today.daysSinceEpoch
        current = period.index(ofDay: today, weekStart: weekStart)
        // The earliest event first: the creation or the completion (not a start: it counts from
        // the creation), compared as instants, without time zones.
        var earliestTime: Double?
        for todo in todos {
            var time = todo.createdAt.timeIntervalSince1970
            if todo.isDone {
                time = min(time, (todo.completedAt ?? todo.updatedAt).timeIntervalSince1970)
            }
            if earliestTime.map({ time < $0 }) ?? true { earliestTime = time }
        }
        var days = LocalDays(utcOffset: context.clock.utcOffset)
        let earliest = earliestTime.map {
            period.index(ofDay: min(days.day(of: Date(timeIntervalSince1970: $0)), today), weekStart: weekStart)
        }
        let shown = max(1, min(maximum, covering))
        let first = max(min(earliest ?? current, current - shown + 1), current - max(maximum, 1) + 1)
        var added = [Int](repeating: 0, count: current - first + 1)
        var completed = added
        var started = added
        var before = (added: 0, completed: 0, started: 0)
        // The period of the latest day met, remembered: todos created one after another are
        // mostly created on the same day.
        var lastDay = Int.min
        var lastIndex = 0
        func index(_ date: Date) -> Int {
            let day = min(days.day(of: date), today)
            if day != lastDay {
                lastDay = day
                lastIndex = period.index(ofDay: day, weekStart: weekStart)
            }
            return lastIndex - first
        }
        for todo in todos {
            var created = index(todo.createdAt)
            if todo.isDone {
                let completion = index(todo.completedAt ?? todo.updatedAt)
                created = min(created, completion)
                if completion < 0 { before.completed += 1 } else { completed[completion] += 1 }
            } else if let start = todo.startedAt {
                let start = max(index(start), created)
                if start < 0 { before.started += 1 } else { started[start] += 1 }
            }
            if created < 0 { before.added += 1 } else { added[created] += 1 }
        }
        self.earliest = earliest
        self.first = first
        self.added = added
        self.completed = completed
        self.started = started
        self.before = before
    }

    /// The first day of the period numbered `index`.
    func firstDay(of index: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: period.firstDay(ofIndex: index, weekStart: weekStart))
    }

    /// The last day of the period numbered `index`.
    func lastDay(of index: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: period.lastDay(ofIndex: index, weekStart: weekStart))
    }

    /// The created, completed and started counts of the period numbered `index` (from `first`).
    func counts(of index: Int) -> (added: Int, completed: Int, started: Int) {
        (added[index - first], completed[index - first], started[index - first])
    }
}
