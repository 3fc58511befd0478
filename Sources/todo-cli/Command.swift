import Foundation

/// Exit codes of the `todo` command (see `Docs/` for the full table).
enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
}

/// Where the command writes: standard output for results, standard error for errors.
protocol OutputStreams {
    func out(_ text: String)
    func err(_ text: String)
}

/// The process's standard output and error.
struct StandardStreams: OutputStreams {
    func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func err(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// Parses the arguments and runs the command.
enum Command {
    static let version = "0.1.0"

    static let help = """
        OVERVIEW: Manage your todos from the terminal.

        USAGE: todo <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          help                    Show help information.

        This build has no todo subcommands yet: they arrive with the TodoCore library.

        """

    static let usage = "USAGE: todo <subcommand>\n"

    /// Runs the command for `arguments` (without the program name) and returns its exit code.
    static func run(_ arguments: [String], output: OutputStreams) -> ExitCode {
        guard let first = arguments.first else {
            output.out(help)
            return .success
        }
        switch first {
        case "-h", "--help", "help":
            output.out(help)
            return .success
        case "--version":
            output.out("\(version)\n")
            return .success
        default:
            let kind = first.hasPrefix("-") ? "unknown option" : "unknown subcommand"
            output.err("Error: \(kind) '\(first)'\n\(usage)See 'todo --help' for more information.\n")
            return .usage
        }
    }
}
