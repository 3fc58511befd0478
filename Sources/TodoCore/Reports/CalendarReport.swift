/// What `todo calendar` shows: month grids whose days list the todos due on them.
///
/// A todo counts on its due day, in the month that holds it: pending when it is not done
/// (waiting todos included: they are due all the same), done otherwise. A pending todo due
/// before today is overdue. Todos without a due day, or due outside the months shown, are not
/// counted.
///
/// ```swift
/// let report = CalendarReport(
///     todos: todos, from: CalendarMonth(containing: context.today), months: 3, today: context.today,
///     weekStart: .sunday)
/// for week in report.months[0].weeks {
///     print(week.map { $0.map { String($0.day.day) } ?? "  " })
/// }
/// ```
public struct CalendarReport: Sendable, Hashable {
    /// The day marked as today.
    public var today: CalendarDay
    /// The first day of each week of the grids.
    public var weekStart: Weekday
    /// The months, in order.
    public var months: [Month]

    /// One month of the calendar.
    public struct Month: Sendable, Hashable {
        /// Which month it is.
        public var month: CalendarMonth
        /// Its days, the first to the last.
        public var days: [Day]
        /// How many places of the first week come before its first day (0 to 6).
        public var leadingBlanks: Int

        /// Creates a month.
        public init(month: CalendarMonth, days: [Day], leadingBlanks: Int) {
            self.month = month
            self.days = days
            self.leadingBlanks = leadingBlanks
        }

        /// Its grid: weeks of seven places from the first day of the week, `nil` where a place
        /// holds a day of the month before or after (4 to 6 weeks).
        public var weeks: [[Day?]] {
            let places = [Day?](repeating: nil, count: leadingBlanks) + days.map { Optional($0) }
            let padded = places + [Day?](repeating: nil, count: (7 - places.count % 7) % 7)
            return stride(from: 0, to: padded.count, by: 7).map { Array(padded[$0..<$0 + 7]) }
        }
    }

    /// One day of a month, with the todos due on it.
    public struct Day: Sendable, Hashable {
        /// The day.
        public var day: CalendarDay
        /// The ids of the todos due on it that are not done, ascending.
        public var pending: [Int]
        /// The ids of the todos due on it that are done, ascending.
        public var done: [Int]
        /// Whether it is today.
        public var isToday: Bool
        /// Whether it is before today and todos not done are due on it (they are overdue).
        public var isOverdue: Bool

        /// Creates a day.
        public init(day: CalendarDay, pending: [Int] = [], done: [Int] = [], isToday: Bool, isOverdue: Bool) {
            self.day = day
            self.pending = pending
            self.done = done
            self.isToday = isToday
            self.isOverdue = isOverdue
        }

        /// The ids of every todo due on it, ascending.
        public var due: [Int] { (pending + done).sorted() }
    }

    /// The largest number of months a report holds: 100 years.
    public static let maximumMonths = 1_200

    /// Lays out `months` months from `first` and puts each of `todos` on its due day.
    ///
    /// - Parameters:
    ///   - todos: The todos to show (a filter may have narrowed them).
    ///   - first: The first month shown.
    ///   - months: How many months, 1 to ``maximumMonths`` (less is 1, more is the maximum); the
    ///     last is never after 9999-12.
    ///   - today: The day marked as today, which decides what is overdue.
    ///   - weekStart: The first day of each week of the grids.
    public init(
        todos: some Sequence<Todo>, from first: CalendarMonth, months: Int = 1, today: CalendarDay,
        weekStart: Weekday = .monday
    ) {
        let todos = Array(todos)  // no copy for an array; the loop below then reads it without generics
        var due: [DueTodo] = []
        for index in todos.indices {
            guard let day = todos[index].due else { continue }
            due.append(DueTodo(id: todos[index].id, due: day, isDone: todos[index].isDone))
        }
        self.init(due: due, from: first, months: months, today: today, weekStart: weekStart)
    }

    /// A todo with a due day, as the calendar places it.
    struct DueTodo: Sendable, Hashable {
        var id: Int
        var due: CalendarDay
        var isDone: Bool
    }

    /// Lays out `months` months from `first` and puts each of `due` on its day.
    init(due todos: [DueTodo], from first: CalendarMonth, months: Int, today: CalendarDay, weekStart: Weekday) {
        self.today = today
        self.weekStart = weekStart
        let count = min(max(months, 1), CalendarReport.maximumMonths)
        var shown: [CalendarMonth] = []
        var month: CalendarMonth? = first
        while let current = month, shown.count < count {
            shown.append(current)
            month = current.adding(months: 1)
        }
        let start = first.firstDay.daysSinceEpoch
        let end = shown.last!.lastDay.daysSinceEpoch
        // Every day shown, in one array: a todo's place is its due day's distance from the first.
        var pending = [[Int]](repeating: [], count: end - start + 1)
        var done = pending
        for todo in todos {
            let offset = todo.due.daysSinceEpoch - start
            guard offset >= 0, offset < pending.count else { continue }
            if todo.isDone {
                done[offset].append(todo.id)
            } else {
                pending[offset].append(todo.id)
            }
        }
        let startIndex = Weekday.allCases.firstIndex(of: weekStart)!
        self.months = shown.map { month in
            let first = month.firstDay
            let firstIndex = Weekday.allCases.firstIndex(of: first.weekday)!
            let days = (0..<month.dayCount).map { dayOffset in
                let offset = first.daysSinceEpoch + dayOffset - start
                let day = first.adding(days: dayOffset)
                return Day(
                    day: day, pending: pending[offset].sorted(), done: done[offset].sorted(), isToday: day == today,
                    isOverdue: day < today && !pending[offset].isEmpty)
            }
            return Month(month: month, days: days, leadingBlanks: (firstIndex - startIndex + 7) % 7)
        }
    }
}
