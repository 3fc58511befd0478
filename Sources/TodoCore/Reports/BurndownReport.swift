/// What `todo burndown` shows: how many todos were pending, active and done at the end of each
/// period, the rates at which todos were added and completed lately, and the day the open count
/// would reach zero at that pace.
///
/// The counts come from each todo's created, completed and started times (see `Docs/Reports.md`):
/// at the end of a period, a todo created by then is *done* if it was completed by then, *active*
/// if it is active now and started by then, *pending* otherwise. So:
/// - a deleted todo is not counted at all, in any period: the store does not keep deleted todos
///   (its undo history holds the last few changes only, which would make the past change as it
///   scrolls), so a `todo clear` removes the done todos from the whole chart;
/// - a todo counts as active only from its `startedAt` on, and only while it is active now:
///   completing or stopping a todo forgets when it was started;
/// - a todo marked done and then pending again counts as pending since its creation.
///
/// The estimate is linear: over the last ``Rates/window`` complete periods (the current one,
/// still going, is left out; so are the periods before the earliest todo), the net daily rate is
/// (completed − added) ÷ the days those periods span; the open todos (pending and active, now)
/// divided by that rate, rounded up to whole days, counted from today, give the day.
///
/// ```swift
/// let report = BurndownReport(todos: todos, context: context, period: .week)
/// if case .zeroOn(let day) = report.estimate { print("all done by \(day)") }
/// ```
public struct BurndownReport: Sendable, Hashable {
    /// What each row counts by.
    public var period: ReportPeriod
    /// The periods, oldest first; the last is the current one, counted as of now.
    public var counts: [Counts]
    /// The rates over the recent window; `nil` when no period before the current one holds a todo.
    public var rates: Rates?
    /// When the open count reaches zero at the recent pace.
    public var estimate: Estimate

    /// The todos of one period.
    public struct Counts: Sendable, Hashable {
        /// The period's first day.
        public var start: CalendarDay
        /// The period's last day.
        public var end: CalendarDay
        /// Todos created by the period's end, neither done nor started by then.
        public var pending: Int
        /// Todos created and started by the period's end, not done by then (only those active now).
        public var active: Int
        /// Todos done by the period's end.
        public var done: Int
        /// Todos created during the period.
        public var added: Int
        /// Todos completed during the period.
        public var completed: Int

        /// Creates the counts of a period.
        public init(
            start: CalendarDay, end: CalendarDay, pending: Int, active: Int, done: Int, added: Int, completed: Int
        ) {
            self.start = start
            self.end = end
            self.pending = pending
            self.active = active
            self.done = done
            self.added = added
            self.completed = completed
        }

        /// The todos not done at the period's end: pending and active.
        public var open: Int { pending + active }
    }

    /// How fast todos were added and completed over the recent window.
    public struct Rates: Sendable, Hashable {
        /// How many complete periods the rates are measured over.
        public var window: Int
        /// How many days those periods span.
        public var days: Int
        /// Todos created in them.
        public var added: Int
        /// Todos completed in them.
        public var completed: Int

        /// Creates rates from the window's counts.
        public init(window: Int, days: Int, added: Int, completed: Int) {
            self.window = window
            self.days = days
            self.added = added
            self.completed = completed
        }

        /// Todos created per period.
        public var addedPerPeriod: Double { Double(added) / Double(max(window, 1)) }
        /// Todos completed per period.
        public var completedPerPeriod: Double { Double(completed) / Double(max(window, 1)) }
        /// How many fewer todos are open each day: completed minus added, per day (negative when
        /// more are added than completed).
        public var netPerDay: Double { Double(completed - added) / Double(max(days, 1)) }
    }

    /// When the open count reaches zero.
    public enum Estimate: Sendable, Hashable {
        /// On that day, at the recent net rate.
        case zeroOn(CalendarDay)
        /// Never at the recent pace: as many todos added as completed, or more (or not before
        /// 9999-12-31).
        case notConverging
        /// No todo is open: the count is zero already.
        case nothingOpen
        /// Too little history to tell: no todo was created before the current period.
        case noHistory
    }

    /// The number of complete periods the rates are measured over, unless told otherwise: 14 days,
    /// 4 weeks, or 3 months.
    public static func defaultWindow(for period: ReportPeriod) -> Int {
        switch period {
        case .day: return 14
        case .week: return 4
        case .month: return 3
        }
    }

    /// The most periods a report holds (the most recent ones): 10,000.
    public static let maximumPeriods = 10_000

    /// Counts `todos` period by period up to now.
    ///
    /// - Parameters:
    ///   - todos: The todos to count (a filter may have narrowed them).
    ///   - context: Now, today and the time zone the periods are local days of.
    ///   - period: What each row counts by.
    ///   - weekStart: The first day of a week, for `.week`.
    ///   - periods: How many periods, ending with the current one (1 to ``maximumPeriods``); `nil`
    ///     for every period from the earliest todo's on (at most ``maximumPeriods``, the most recent).
    ///   - window: How many complete periods the rates are measured over (1 at least); `nil` for
    ///     ``defaultWindow(for:)``.
    public init(
        todos: some Sequence<Todo>, context: TodoContext, period: ReportPeriod = .day, weekStart: Weekday = .monday,
        periods: Int? = nil, window: Int? = nil
    ) {
        let shown = min(max(periods ?? BurndownReport.maximumPeriods, 1), BurndownReport.maximumPeriods)
        let window = min(max(window ?? BurndownReport.defaultWindow(for: period), 1), BurndownReport.maximumPeriods - 1)
        let timeline = ReportTimeline(
            todos: todos, context: context, period: period, weekStart: weekStart,
            covering: max(periods == nil ? 1 : shown, window + 1), maximum: BurndownReport.maximumPeriods)
        self.period = period

        var created = timeline.before.added
        var done = timeline.before.completed
        var active = timeline.before.started
        var all: [Counts] = []
        all.reserveCapacity(timeline.current - timeline.first + 1)
        for index in timeline.first...timeline.current {
            let counts = timeline.counts(of: index)
            created += counts.added
            done += counts.completed
            active += counts.started
            all.append(
                Counts(
                    start: timeline.firstDay(of: index), end: timeline.lastDay(of: index),
                    pending: created - done - active, active: active, done: done, added: counts.added,
                    completed: counts.completed))
        }
        let from =
            periods == nil ? max(timeline.earliest ?? timeline.current, timeline.first) : timeline.current - shown + 1
        counts = Array(all[(from - timeline.first)...])

        // The window: the complete periods before the current one, from the earliest todo's on.
        let windowFirst = max(timeline.current - window, timeline.earliest ?? timeline.current, timeline.first)
        if windowFirst < timeline.current {
            var added = 0
            var completed = 0
            for index in windowFirst..<timeline.current {
                let counts = timeline.counts(of: index)
                added += counts.added
                completed += counts.completed
            }
            rates = Rates(
                window: timeline.current - windowFirst,
                days: timeline.firstDay(of: windowFirst).days(to: timeline.firstDay(of: timeline.current)),
                added: added, completed: completed)
        } else {
            rates = nil
        }
        let open = all.last!.open
        if open == 0 {
            estimate = .nothingOpen
        } else if let rates {
            estimate = BurndownReport.estimate(open: open, rates: rates, today: context.today)
        } else {
            estimate = .noHistory
        }
    }

    /// The day `open` todos are done at the net rate of `rates`, from `today`.
    private static func estimate(open: Int, rates: Rates, today: CalendarDay) -> Estimate {
        let net = rates.completed - rates.added
        guard net > 0 else { return .notConverging }
        // open ÷ (net ÷ days), rounded up: (open × days + net − 1) ÷ net, in whole numbers.
        let (product, overflow) = open.multipliedReportingOverflow(by: rates.days)
        guard !overflow, let day = today.advanced(byDays: (product + net - 1) / net) else { return .notConverging }
        return .zeroOn(day)
    }
}
