/// One kind of filter term, what it keeps, and examples: the rows of `todo help filters` and of
/// the table of terms in Docs/Filters.md (a test checks that both say the same).
struct FilterForm: Sendable, Equatable {
    /// The forms, as help shows them: `N`, `N-M`, `N,M,…`.
    var forms: [String]
    /// Whether the forms are code (`+TAG`) rather than words (`any other word`).
    var formsAreCode = true
    /// Which todos it keeps, after "Keeps the todos", without a final period.
    var keeps: String
    /// Examples, each one argument or, for the operators, a few (`+a or +b`).
    var examples: [String]

    /// The entry of `todo help filters`: `Keeps the todos with one of these ids: 12, 3-7.`
    var helpDescription: String {
        "Keeps the todos \(keeps): \(examples.joined(separator: ", "))."
    }

    /// The row of the table in Docs/Filters.md.
    var markdownRow: String {
        let forms = formsAreCode ? self.forms.map { "`\($0)`" } : self.forms
        return "| \(forms.joined(separator: ", ")) | \(keeps) | \(examples.map { "`\($0)`" }.joined(separator: ", ")) |"
    }

    /// Every kind of term, in the order help lists them.
    static let all: [FilterForm] = [
        FilterForm(forms: ["N", "N-M", "N,M,…"], keeps: "with one of these ids", examples: ["12", "3-7", "4,9-11"]),
        FilterForm(forms: ["+TAG"], keeps: "with the tag, in any case", examples: ["+work", "+Work"]),
        FilterForm(
            forms: ["-TAG"], keeps: "without the tag (the tag starts with a letter; else write not +TAG)",
            examples: ["-someday"]),
        FilterForm(
            forms: ["project:NAME"],
            keeps: "of the project or a project below it (project:Home keeps Home.Garden, never Homework)",
            examples: ["project:Home", "pro:Home.Garden"]),
        FilterForm(
            forms: ["priority:P"], keeps: "with that priority (high, medium, low, none, any)",
            examples: ["priority:high", "pri:h", "pri:none"]),
        FilterForm(
            forms: ["status:S"], keeps: "in that status (pending leaves the waiting ones out)",
            examples: ["status:pending", "status:waiting", "status:done", "status:all"]),
        FilterForm(
            forms: ["due:DATE"], keeps: "due that day", examples: ["due:today", "due:friday", "due:2030-02-28"]),
        FilterForm(
            forms: ["due.before:DATE", "due.after:DATE", "due.by:DATE"],
            keeps: "due before, after, on or before that day", examples: ["due.before:+3d", "due.by:eow"]),
        FilterForm(
            forms: ["due:none", "due:any"], keeps: "without, with a due date (due: is due:none)",
            examples: ["due:none", "due:any"]),
        FilterForm(
            forms: ["wait:…", "scheduled:…"], keeps: "by their wait and scheduled days, as due: does",
            examples: ["wait.after:today", "sched:monday"]),
        FilterForm(
            forms: ["created:…", "completed:…"],
            keeps: "by the local day of their creation and completion, as due: does",
            examples: ["created.after:2030-01-01", "completed:today"]),
        FilterForm(
            forms: ["is:STATE"],
            keeps: "in that state: overdue, today (due today), blocked, blocking, waiting, active or recurring",
            examples: ["is:overdue", "is:blocked", "is:active"]),
        FilterForm(
            forms: ["text:TEXT"], keeps: "with the text, even one that would be a term",
            examples: ["text:2030", "text:or"]
        ),
        FilterForm(
            forms: ["any other word"], formsAreCode: false,
            keeps: "with the word in their title, note, tags, project or annotations, in any case",
            examples: ["milk", "Lisbon", "http://example.com"]),
        FilterForm(
            forms: ["and", "or", "not", "(", ")"],
            keeps: "that the terms they combine keep (not binds tighter than and, and tighter than or)",
            examples: ["+a or +b", "not (+a +b)", "(+a or +b) +c"]),
    ]
}
