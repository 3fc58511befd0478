import TodoCore

/// A subject `todo help <topic>` explains that is not a command (`todo help dates`): an
/// overview, a discussion, and sections of entries laid out like the options of a command.
///
/// The top-level help lists the topics under TOPICS; `todo help <name>`, `todo --help <name>`
/// and `todo <name> --help` print one. Names never clash with commands (a test checks it).
struct HelpTopic: Sendable, Equatable {
    /// One entry of a section: a label (`+Nd`) and what it means.
    struct Entry: Sendable, Equatable {
        /// What is shown in the label column: `+Nd`.
        var label: String
        /// The description, wrapped in its column.
        var description: String
    }

    /// A heading in capitals (`FORMS`) and its entries.
    struct Section: Sendable, Equatable {
        /// The heading, without the colon.
        var heading: String
        /// The entries, in order.
        var entries: [Entry]
    }

    /// The word after `todo help`: `dates`.
    var name: String
    /// One sentence for OVERVIEW and the TOPICS list of the top-level help.
    var overview: String
    /// More about the topic, shown below the overview.
    var discussion: String?
    /// The sections, in order.
    var sections: [Section]

    /// Every topic, in the order the top-level help lists them.
    static let all: [HelpTopic] = [.dates, .filters]

    /// The topic with this name, or `nil`; `dates` for weeks starting on `weekStart`.
    static func named(_ name: String, weekStart: Weekday = .monday) -> HelpTopic? {
        guard name != HelpTopic.dates.name else { return .dates(weekStart: weekStart) }
        return all.first { $0.name == name }
    }
}
