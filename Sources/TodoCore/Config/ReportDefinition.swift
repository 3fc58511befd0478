/// A report defined in the config file by `report.NAME.filter`, `.sort`, `.columns`, `.limit` and
/// `.description`: each part is `nil` when not set, for the report's code to use its default.
///
/// ```
/// report.overdue.description = Late, most urgent first
/// report.overdue.filter = is:overdue
/// report.overdue.sort = urgency-,due+
/// report.overdue.columns = id,due,title,urgency
/// report.overdue.limit = 20
/// ```
public struct ReportDefinition: Sendable, Hashable {
    /// A column a report can show.
    public enum Column: String, Sendable, Hashable, CaseIterable {
        /// The todo's id.
        case id
        /// Pending, waiting or done.
        case status
        /// The priority.
        case priority
        /// The project.
        case project
        /// The due day.
        case due
        /// The wait day.
        case wait
        /// The scheduled day.
        case scheduled
        /// The title.
        case title
        /// The tags.
        case tags
        /// The urgency.
        case urgency
        /// How long ago the todo was created.
        case age
        /// The annotations.
        case annotations
    }

    /// One key of a report's order: a field, ascending (`due+`) or descending (`urgency-`).
    public struct SortKey: Sendable, Hashable, CustomStringConvertible {
        /// What a report can sort by.
        public enum Field: String, Sendable, Hashable, CaseIterable {
            /// The id.
            case id
            /// The title.
            case title
            /// Pending, waiting, done.
            case status
            /// The priority (high is the greatest).
            case priority
            /// The project's name.
            case project
            /// The due day.
            case due
            /// The wait day.
            case wait
            /// The scheduled day.
            case scheduled
            /// The urgency.
            case urgency
            /// The creation time.
            case created
            /// The time of the last change.
            case modified
            /// The completion time.
            case completed
            /// The time work started.
            case started
        }

        /// The field.
        public var field: Field
        /// Whether smaller values come first.
        public var ascending: Bool

        /// A key of the order.
        public init(_ field: Field, ascending: Bool) {
            self.field = field
            self.ascending = ascending
        }

        /// `due+` or `urgency-`, as the config file writes it.
        public var description: String { field.rawValue + (ascending ? "+" : "-") }
    }

    /// The report's name, which is also its command (`todo overdue`).
    public var name: String
    /// The todos it shows (`report.NAME.filter`), with the words as written.
    public var filter: TodoFilter?
    /// Its order (`report.NAME.sort`), first key first.
    public var sort: [SortKey]?
    /// Its columns (`report.NAME.columns`), in order.
    public var columns: [Column]?
    /// The most todos it shows (`report.NAME.limit`).
    public var limit: Int?
    /// The line its help shows (`report.NAME.description`).
    public var description: String?

    /// A report with nothing set but its name.
    public init(
        name: String, filter: TodoFilter? = nil, sort: [SortKey]? = nil, columns: [Column]? = nil, limit: Int? = nil,
        description: String? = nil
    ) {
        self.name = name
        self.filter = filter
        self.sort = sort
        self.columns = columns
        self.limit = limit
        self.description = description
    }

    /// The parts a report has in the config file, after `report.NAME.`.
    enum Part: String, CaseIterable {
        case filter, sort, columns, limit, description
    }

    /// Sets `part` from its text in the config file.
    mutating func set(_ part: Part, _ value: String) throws(ConfigProblem) {
        switch part {
        case .filter:
            filter = try ConfigValues.filter(value)
        case .sort:
            sort = try ReportDefinition.sortKeys(value)
        case .columns:
            columns = try ReportDefinition.columns(value)
        case .limit:
            guard let number = Int(value), number > 0, value.allSatisfy(\.isASCII) else {
                throw ConfigProblem(
                    "'\(value)' is not a number of todos", fix: "give a whole number of 1 or more, such as 25")
            }
            limit = number
        case .description:
            guard !value.isEmpty else {
                throw ConfigProblem("a report's description cannot be empty", fix: "write the line its help shows")
            }
            description = value
        }
    }

    /// Taskwarrior's names for the sort fields that todo calls otherwise.
    private static let taskwarriorFields: [String: SortKey.Field] = [
        "description": .title, "entry": .created, "end": .completed, "start": .started,
    ]

    private static func sortKeys(_ value: String) throws(ConfigProblem) -> [SortKey] {
        let fields = SortKey.Field.allCases.map(\.rawValue)
        let fix = "give fields joined by commas, each with + (ascending) or - (descending): due+,urgency-"
        var keys: [SortKey] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            var word = item.trimmingSpaces()
            guard !word.isEmpty else { throw ConfigProblem("'\(value)' has an empty sort key", fix: fix) }
            if word.hasSuffix("/") {
                throw ConfigProblem(
                    "'\(word)': todo's reports have no breaks (a / after a sort key)", fix: "remove the /")
            }
            var ascending = true
            if word.hasSuffix("+") || word.hasSuffix("-") {
                ascending = word.hasSuffix("+")
                word.removeLast()
            }
            let lowered = word.lowercased()
            guard let field = SortKey.Field(rawValue: lowered) ?? taskwarriorFields[lowered] else {
                let near = lowered == "age" ? "created" : FilterWords.nearMiss(lowered, among: fields)
                throw ConfigProblem(
                    "'\(word)' is not a field a report sorts by"
                        + (near.map { " (did you mean '\($0)'?)" } ?? ""),
                    fix: "use \(FilterWords.list(fields, conjunction: "or"))")
            }
            guard !keys.contains(where: { $0.field == field }) else {
                throw ConfigProblem("'\(value)' sorts by \(field.rawValue) twice", fix: "keep one")
            }
            keys.append(SortKey(field, ascending: ascending))
        }
        return keys
    }

    private static func columns(_ value: String) throws(ConfigProblem) -> [Column] {
        let names = Column.allCases.map(\.rawValue)
        var columns: [Column] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            let word = item.trimmingSpaces()
            guard !word.isEmpty else {
                throw ConfigProblem("'\(value)' has an empty column", fix: "give column names joined by commas")
            }
            let lowered = word.lowercased()
            guard let column = Column(rawValue: lowered) else {
                // Taskwarrior's column formats (due.relative) and names (description).
                let base = String(lowered.prefix(while: { $0 != "." }))
                let near =
                    Column(rawValue: base)?.rawValue ?? (base == "description" ? "title" : nil)
                    ?? FilterWords.nearMiss(lowered, among: names)
                throw ConfigProblem(
                    "'\(word)' is not a column" + (near.map { " (did you mean '\($0)'?)" } ?? ""),
                    fix: "use \(FilterWords.list(names, conjunction: "or"))")
            }
            guard !columns.contains(column) else {
                throw ConfigProblem("'\(value)' shows \(column.rawValue) twice", fix: "keep one")
            }
            columns.append(column)
        }
        return columns
    }
}
