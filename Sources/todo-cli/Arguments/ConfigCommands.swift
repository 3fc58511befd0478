import TodoCore

/// The commands a config file adds to `todo`: its custom reports (`report.NAME.…`, run as
/// `todo NAME`) and its aliases (`alias.NAME = words…`, expanded before parsing). The parser,
/// the help and the completion helper read them beside ``CommandCatalog``.
struct ConfigCommands: Sendable, Equatable {
    /// The custom reports, by name: those that are not a command of the catalog.
    var reports: [String: ReportDefinition] = [:]
    /// The aliases, by name, as written.
    var aliases: [String: [String]] = [:]
    /// The first day of a week (`week.start`), for `todo help dates`.
    var weekStart = Weekday.monday

    /// No reports and no aliases (no config file).
    static let none = ConfigCommands()

    /// The reports `report.NAME.…` may change without adding a command: the built-in ones.
    static let builtInReports: Set<String> = ["next", "list"]

    /// The names of every command of the catalog and their aliases, for the config's checks.
    static let catalogNames: Set<String> = Set(CommandCatalog.commands.flatMap(\.names))

    /// The reports and aliases of `config`.
    init(_ config: TodoConfig) {
        reports = config.reports.filter { !ConfigCommands.catalogNames.contains($0.key) }
        aliases = config.aliases
        weekStart = config.weekStart
    }

    /// The given reports and aliases (for tests).
    init(reports: [String: ReportDefinition] = [:], aliases: [String: [String]] = [:]) {
        self.reports = reports
        self.aliases = aliases
    }

    /// The report names, sorted.
    var reportNames: [String] { reports.keys.sorted() }

    /// The alias names, sorted.
    var aliasNames: [String] { aliases.keys.sorted() }

    /// The declaration of the report named `name`, or `nil`.
    func report(named name: String) -> CommandSpec? {
        reports[name].map(ConfigCommands.spec(for:))
    }

    /// The line help shows for the alias `name`: `Runs: next +today`.
    func aliasOverview(_ name: String) -> String {
        "Runs: todo " + (aliases[name] ?? []).joined(separator: " ")
    }

    /// A report's declaration: its name, its description, the filter terms it takes and `--limit`.
    static func spec(for report: ReportDefinition) -> CommandSpec {
        var details: [String] = []
        if let filter = report.filter { details.append("Filter: \(filter.description)") }
        if let sort = report.sort { details.append("Sort: " + sort.map(\.description).joined(separator: ",")) }
        details.append("Columns: " + report.shownColumns.map(\.rawValue).joined(separator: ","))
        if let limit = report.limit { details.append("Limit: \(limit)") }
        return CommandSpec(
            name: report.name,
            overview: report.description ?? "The report \(report.name), from the config file.",
            discussion: "A report of the config file (report.\(report.name).…): the pending todos its filter "
                + "selects, narrowed by the active context and the filter typed with it.\n\n"
                + details.joined(separator: "\n"),
            arguments: [.filterTerms],
            options: [.pageLimit],
            filterBefore: .terms)
    }
}
