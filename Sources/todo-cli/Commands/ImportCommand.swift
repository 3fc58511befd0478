import TodoCore

/// `todo import`: reads and parses the file (the format guessed when not given), then the
/// list reactor's `importTodos`. On a terminal, progress goes to standard error.
struct ImportCommand {
    /// The file to read.
    var path: String
    /// Its format (`--format`), or `nil` to guess it from the file.
    var format: ImportFormat?
}

extension ImportCommand: TodoSubcommand {
    /// `todo import <file> [--format <format>]`
    static let spec = CommandSpec(
        name: "import",
        overview: "Add the todos of a file to the list.",
        discussion: """
            Reads what 'todo export' writes (json), todo.txt files (todotxt), Taskwarrior's \
            'task export' (taskwarrior) and iCalendar files of VTODOs (ics). A todo the list has \
            already is not added again: the same uuid (for iCalendar, the same UID), or for a \
            todo.txt line the same contents; a file holding a line twice adds two todos once.
            """,
        arguments: [.importFile],
        options: [.importFormat])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        path = values.value(of: .importFile)?.text ?? ""
        format = values.value(of: .importFormat)?.text.flatMap(ImportFormat.init(rawValue:))
    }

    func run(in context: CommandContext) -> ExitCode {
        let progress = Progress(context: context)
        progress.show("reading \(path)")
        let bytes: [UInt8]
        do {
            bytes = try FileIO.read(path)
        } catch {
            progress.clear()
            return context.fail(error)
        }
        let fileFormat = format.map(Self.fileFormat) ?? TodoFileFormat.guess(bytes: bytes, fileName: path)
        progress.show("reading \(bytes.count / 1024) KiB of \(fileFormat)")
        let todos: [ImportedTodo]
        do {
            todos = try fileFormat.parse(bytes, file: path, utcOffset: context.provider.clock.utcOffset)
        } catch {
            progress.clear()
            return context.fail(error)
        }
        progress.show("adding \(todos.count) todos to the store")
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.importTodos(todos))
        progress.clear()
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "import") }
        guard case .imported(let result)? = state.outcome else { return .failure }
        if context.options.json {
            context.printJSON(
                TodoJSONOutput.importResult(
                    result, format: fileFormat.rawValue.lowercased(), context: context.todoContext))
        } else {
            var details: [String] = []
            if !result.updated.isEmpty { details.append("\(result.updated.count) updated") }
            if result.unchanged > 0 { details.append("\(result.unchanged) already there") }
            let count = result.created.count
            context.say(
                "Imported \(count) todo\(count == 1 ? "" : "s") from \(path) (\(fileFormat))"
                    + (details.isEmpty ? "" : ", " + details.joined(separator: ", ")))
        }
        return .success
    }

    private static func fileFormat(_ format: ImportFormat) -> TodoFileFormat {
        switch format {
        case .json: return .json
        case .todotxt: return .todoTxt
        case .taskwarrior: return .taskwarrior
        case .ics: return .iCalendar
        }
    }

    /// One status line on standard error, rewritten in place; only on a terminal.
    final class Progress {
        private let context: CommandContext
        private var shown = false

        init(context: CommandContext) {
            self.context = context
        }

        func show(_ text: String) {
            guard context.terminal.errorIsTerminal, !context.options.quiet else { return }
            context.output.errControl("\r\u{1B}[2K")
            context.output.err(text + "…")
            shown = true
        }

        func clear() {
            guard shown else { return }
            context.output.errControl("\r\u{1B}[2K")
            shown = false
        }
    }
}

/// The formats `todo import` reads.
enum ImportFormat: String, CaseIterable, Equatable {
    case json, todotxt, taskwarrior, ics
}
