import TodoCore

/// Why a command line cannot be run, before the parser adds the usage line to make it a
/// ``UsageError``.
struct ArgumentProblem: Error, Equatable {
    /// What is wrong, lower-case, without the `Error: ` prefix.
    var message: String

    /// A problem with this message.
    init(_ message: String) {
        self.message = message
    }

    /// The problem a TodoCore check reported (a blank title, a bad date…), in its own words.
    init(_ error: TodoError) {
        self.message = error.cliMessage
    }

    /// Runs a TodoCore check, turning its error into a problem.
    static func checking<T>(_ check: () throws(TodoError) -> T) throws(ArgumentProblem) -> T {
        do {
            return try check()
        } catch {
            throw ArgumentProblem(error)
        }
    }

    /// `unknown command 'lsit'. Did you mean 'list'?`
    static func unknownCommand(_ name: String, among reports: [String] = []) -> ArgumentProblem {
        ArgumentProblem(
            "unknown command '\(name)'"
                + Suggestions.sentence(for: name, among: CommandCatalog.visibleNames + reports))
    }

    /// `unknown option '--nite'. Did you mean '--note'?`
    static func unknownOption(_ option: String, among candidates: [String]) -> ArgumentProblem {
        ArgumentProblem("unknown option '\(option)'" + Suggestions.sentence(for: option, among: candidates))
    }

    /// `missing value for '--due <date>'`, and for a value that looks like an option
    /// (`--note -x`), how to give it: `; to give a value starting with '-', write '--note=-x'`.
    static func missingValue(for option: OptionSpec, before dashed: String? = nil) -> ArgumentProblem {
        var message = "missing value for '\(option.synopsis)'"
        if let dashed {
            message += "; to give a value starting with '-', write '--\(option.long)=\(dashed)'"
        }
        return ArgumentProblem(message)
    }

    /// `missing expected argument '<title>'`
    static func missingArgument(_ argument: ArgumentSpec) -> ArgumentProblem {
        ArgumentProblem("missing expected argument '\(argument.value.label)'")
    }

    /// `unexpected argument '2'`
    static func unexpectedArgument(_ argument: String) -> ArgumentProblem {
        ArgumentProblem("unexpected argument '\(argument)'")
    }

    /// `'--yes' does not take a value`
    static func valueNotAllowed(for option: OptionSpec) -> ArgumentProblem {
        ArgumentProblem("'--\(option.long)' does not take a value")
    }

    /// `'--all' and '--done' cannot be used together`
    static func conflict(_ first: OptionSpec, _ second: OptionSpec) -> ArgumentProblem {
        ArgumentProblem("'--\(first.long)' and '--\(second.long)' cannot be used together")
    }
}
