/// What `todo history` shows: how many todos were added and completed in each period.
///
/// A todo is added in the period of its `createdAt` and completed in the period of its
/// `completedAt`, in local days of the context's time zone, as ``BurndownReport`` counts them
/// (see `Docs/Reports.md`); deleted todos are not known, so neither their creation nor their
/// completion is counted.
///
/// ```swift
/// let report = HistoryReport(todos: todos, context: context, period: .month)
/// for month in report.counts { print(month.start, month.added, month.completed) }
/// ```
public struct HistoryReport: Sendable, Hashable {
    /// What each row counts by.
    public var period: ReportPeriod
    /// The periods from the earliest todo's to the current one (only the current one without
    /// todos), oldest first, periods without any change included.
    public var counts: [Counts]

    /// The todos added and completed in one period.
    public struct Counts: Sendable, Hashable {
        /// The period's first day.
        public var start: CalendarDay
        /// The period's last day.
        public var end: CalendarDay
        /// Todos created during it.
        public var added: Int
        /// Todos completed during it.
        public var completed: Int

        /// Creates the counts of a period.
        public init(start: CalendarDay, end: CalendarDay, added: Int, completed: Int) {
            self.start = start
            self.end = end
            self.added = added
            self.completed = completed
        }

        /// How many more todos are open after it than before: added minus completed.
        public var net: Int { added - completed }
    }

    /// Todos added over all the periods.
    public var added: Int { counts.reduce(0) { $0 + $1.added } }
    /// Todos completed over all the periods.
    public var completed: Int { counts.reduce(0) { $0 + $1.completed } }

    /// Counts `todos` period by period up to now.
    ///
    /// - Parameters:
    ///   - todos: The todos to count (a filter may have narrowed them).
    ///   - context: Today and the time zone the periods are local days of.
    ///   - period: What each row counts by.
    ///   - weekStart: The first day of a week, for `.week`.
    ///   - periods: How many periods, ending with the current one (1 to
    ///     ``BurndownReport/maximumPeriods``); `nil` for every period from the earliest todo's on
    ///     (at most ``BurndownReport/maximumPeriods``, the most recent).
    public init(
        todos: some Sequence<Todo>, context: TodoContext, period: ReportPeriod = .month, weekStart: Weekday = .monday,
        periods: Int? = nil
    ) {
        let maximum = BurndownReport.maximumPeriods
        let shown = min(max(periods ?? 1, 1), maximum)
        let timeline = ReportTimeline(
            todos: todos, context: context, period: period, weekStart: weekStart, covering: shown, maximum: maximum)
        let from =
            periods == nil ? max(timeline.earliest ?? timeline.current, timeline.first) : timeline.current - shown + 1
        self.period = period
        counts = (from...timeline.current).map { index in
            let counts = timeline.counts(of: index)
            return Counts(
                start: timeline.firstDay(of: index), end: timeline.lastDay(of: index), added: counts.added,
                completed: counts.completed)
        }
    }
}
