/// What a full-screen front end shows around its list, over the todos a filter keeps: the
/// counts, the projects tree and this month's calendar — and which todos of the store are
/// blocked. ``TodoOverviewReactor`` keeps it up to date.
public struct TodoOverview: Sendable, Hashable {
    /// The counts (as ``TodoStats/init(todos:today:relations:)`` counts the todos in scope, with
    /// the store's relations).
    public var stats: TodoStats
    /// Which todos of the whole store are blocked and blocking.
    public var relations: TodoRelations
    /// The projects of the todos in scope, as ``SummaryReport`` sums them up.
    public var projects: SummaryReport
    /// This month's calendar of the todos in scope.
    public var calendar: CalendarReport

    /// Creates an overview from its parts.
    public init(stats: TodoStats, relations: TodoRelations, projects: SummaryReport, calendar: CalendarReport) {
        self.stats = stats
        self.relations = relations
        self.projects = projects
        self.calendar = calendar
    }
}
