/// The commands that move todos in and out of the store: `export`, `import`.
extension CommandSpec {
    /// `todo export [--format <format>] [--output <file>]`
    static let export = CommandSpec(
        name: "export",
        overview: "Write every todo in a format other tools read.",
        discussion: "'todo import' reads the JSON format back without losing anything.",
        options: [.exportFormat, .output],
        build: { values throws(ArgumentProblem) in
            let format = values.value(of: .exportFormat)?.text.flatMap(ExportFormat.init(rawValue:)) ?? .json
            return .export(format: format, output: values.value(of: .output)?.text)
        })

    /// `todo import <file> [--format <format>]`
    static let importFile = CommandSpec(
        name: "import",
        overview: "Add the todos of a file to the list.",
        discussion: """
            Reads what 'todo export' writes (json), todo.txt files (todotxt) and Taskwarrior's \
            'task export' (taskwarrior). A todo the list has already is not added again: the same \
            uuid, or for a todo.txt line the same contents; a file holding a line twice adds two \
            todos once.
            """,
        arguments: [.importFile],
        options: [.importFormat],
        build: { values throws(ArgumentProblem) in
            .importFile(
                path: values.value(of: .importFile)?.text ?? "",
                format: values.value(of: .importFormat)?.text.flatMap(ImportFormat.init(rawValue:)))
        })
}
