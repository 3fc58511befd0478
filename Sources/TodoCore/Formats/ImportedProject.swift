/// Projects made from other tools' project names, in the form the store keeps.
enum ImportedProject {
    /// A project that ``Todo/validProject(_:)`` keeps unchanged, made from `text`; `nil` when
    /// nothing is left.
    ///
    /// The names between the dots are made as tags are (``ImportedTag/make(_:)``: each run of white
    /// space or commas inside becomes one `-`, surrounding white space goes), and empty names are
    /// left out: `My Project, Q4.Launch` → `My-Project-Q4.Launch`.
    static func make(_ text: some StringProtocol) -> String? {
        let names = text.split(separator: ".").compactMap { ImportedTag.make($0) }
        let project = names.joined(separator: ".")
        guard !project.isEmpty, (try? Todo.validProject(project)) == project else { return nil }
        return project
    }
}
