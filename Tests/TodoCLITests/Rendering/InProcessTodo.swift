import Foundation
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// `todo` run in this process, on an in-memory store and the UI tests' clock (Monday
/// 2030-01-07), as if on a terminal of a given width: each command's output in microseconds,
/// so that many cases can be checked.
final class InProcessTodo {
    let provider: TodoServiceProvider
    private let shell: AppShell<TodoServiceProvider>

    /// A store holding `todos`.
    init(_ todos: [Todo] = []) {
        provider = TodoServiceProvider.inMemory(todos, clock: uiClock, alertService: UIAlertService())
        shell = AppShell(provider: provider)
    }

    deinit {
        shell.tearDown()
    }

    /// What one command printed.
    struct Result: CustomStringConvertible {
        var code: ExitCode
        var stdout: String
        var stderr: String

        var description: String { "exit \(code.rawValue)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }

        /// The lines of standard output, without their colours.
        var lines: [String] {
            stdout.withoutEscapes.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// Runs `todo arguments…` with `COLUMNS` set to `columns`; on a terminal (colours on) when
    /// `terminal`, else as in a pipe.
    func run(_ arguments: [String], columns: Int, terminal: Bool = false) -> Result {
        let output = CapturedOutput()
        let invocation: Invocation
        switch CommandLineParser.parse(arguments) {
        case .failure(let error): return Result(code: .usage, stdout: "", stderr: error.text)
        case .success(let parsed): invocation = parsed
        }
        let context = CommandContext(
            options: invocation.global,
            terminal: Terminal(
                environment: ["COLUMNS": String(columns)], inputIsTerminal: false, outputIsTerminal: terminal,
                errorIsTerminal: false, width: terminal ? columns : nil),
            output: output, shell: shell)
        let code = invocation.command.run(in: context)
        context.releaseReactors()
        return Result(code: code, stdout: output.standardOutput, stderr: output.standardError)
    }

    /// `todo` with the words of `line` (split on spaces).
    func run(_ line: String, columns: Int = 80, terminal: Bool = false) -> Result {
        run(line.split(separator: " ").map(String.init), columns: columns, terminal: terminal)
    }
}

extension String {
    /// The text without its terminal escapes (`ESC [ … letter`).
    var withoutEscapes: String {
        guard contains("\u{1B}") else { return self }
        var result = ""
        var inEscape = false
        for scalar in unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
