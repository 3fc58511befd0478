import Testing
import TodoCore

@testable import todo_cli

/// `clear`, `undo`, `stats`, `export`, `import`, `shell`, `ui`, `completions`.
@Suite struct OtherCommandParsingTests {
    @Test func clearWithOrWithoutConfirmation() {
        #expect(command("clear") == ClearCommand(confirmed: false))
        #expect(command("clear", "--yes") == ClearCommand(confirmed: true))
        #expect(command("clear", "-y") == ClearCommand(confirmed: true))
        #expect(errorMessage("clear", "3") == "unexpected argument '3'")
    }

    @Test func commandsWithoutArguments() {
        #expect(command("undo") == UndoCommand())
        #expect(command("stats") == StatsCommand())
        #expect(command("shell") == ShellCommand())
        #expect(command("ui") == UICommand())
        #expect(
            invocation(["stats", "--json"]) == Invocation(global: GlobalOptions(json: true), command: StatsCommand()))
        #expect(errorMessage("undo", "1") == "unexpected argument '1'")
        #expect(errorMessage("stats", "--all") == "unknown option '--all'")
        #expect(errorMessage("undo", "--yes") == "unknown option '--yes'")
        #expect(errorMessage("shell", "x") == "unexpected argument 'x'")
    }

    @Test func exportDefaultsToJSONOnStandardOutput() {
        #expect(command("export") == ExportCommand(format: .json, output: nil))
    }

    @Test func exportFormatAndOutput() {
        #expect(
            command("export", "--format", "todotxt", "--output", "todo.txt")
                == ExportCommand(format: .todotxt, output: "todo.txt"))
        #expect(command("export", "-f", "json", "-o", "out.json") == ExportCommand(format: .json, output: "out.json"))
        #expect(
            command("export", "--format=todotxt", "--output=a b.txt")
                == ExportCommand(format: .todotxt, output: "a b.txt"))
        #expect(command("export", "-f", "todotxt", "-f", "json") == ExportCommand(format: .json, output: nil))
    }

    @Test func exportRefusesOtherFormatsAndEmptyPaths() {
        #expect(command("export", "-f", "taskwarrior") == ExportCommand(format: .taskwarrior, output: nil))
        let error = usageError("export", "--format", "csv")
        #expect(
            error?.message
                == "'csv' is not a valid value for '--format <format>'; use json, todotxt, taskwarrior or ics")
        #expect(error?.command == "export")
        #expect(
            errorMessage("export", "-f", "jsno")
                == "'jsno' is not a valid value for '--format <format>'; use json, todotxt, taskwarrior or ics. Did you mean 'json'?"
        )
        #expect(
            errorMessage("export", "-f", "JSON")
                == "'JSON' is not a valid value for '--format <format>'; use json, todotxt, taskwarrior or ics. Did you mean 'json'?"
        )
        #expect(errorMessage("export", "--output") == "missing value for '--output <file>'")
        #expect(errorMessage("export", "--output", "") == "the file path for '--output <file>' is empty")
        // Export takes a filter (issue 18); a word that looks like a file is taken for one.
        #expect(
            errorMessage("export", "x.json")
                == "'x.json' looks like a file; write --output x.json to export to it (or text:x.json to export the todos that mention it)"
        )
        #expect(errorMessage("export", "out/todos") != nil)
        #expect(command("export", "text:x.json") != nil)
    }

    @Test func importAFileWithOrWithoutAFormat() {
        #expect(command("import", "todos.json") == ImportCommand(path: "todos.json", format: nil))
        for format in ImportFormat.allCases {
            #expect(command("import", "f", "--format", format.rawValue) == ImportCommand(path: "f", format: format))
            #expect(command("import", "-f", format.rawValue, "f") == ImportCommand(path: "f", format: format))
        }
        #expect(command("import", "-") == ImportCommand(path: "-", format: nil))
        #expect(command("import", "--", "-odd name") == ImportCommand(path: "-odd name", format: nil))
    }

    @Test func importNeedsOneFileAndAKnownFormat() {
        let error = usageError("import")
        #expect(error?.message == "missing expected argument '<file>'")
        #expect(error?.usage == "USAGE: todo import <file> [--format <format>]")
        #expect(errorMessage("import", "--format", "json") == "missing expected argument '<file>'")
        #expect(errorMessage("import", "") == "the file path for '<file>' is empty")
        #expect(errorMessage("import", "a", "b") == "unexpected argument 'b'")
        #expect(
            errorMessage("import", "a", "--format", "csv")
                == "'csv' is not a valid value for '--format <format>'; use json, todotxt, taskwarrior or ics")
    }

    @Test(arguments: CompletionShell.allCases)
    func completionsForEachShell(_ shell: CompletionShell) {
        #expect(command("completions", shell.rawValue) == CompletionsCommand(shell: shell))
    }

    @Test func completionsNeedsOneKnownShell() {
        let missing = usageError("completions")
        #expect(missing?.message == "missing expected argument '<shell>'")
        #expect(missing?.command == "completions")
        #expect(missing?.usage == "USAGE: todo completions <shell>")
        #expect(
            errorMessage("completions", "powershell")
                == "'powershell' is not a valid value for '<shell>'; use bash, zsh or fish")
        #expect(
            errorMessage("completions", "fihs")
                == "'fihs' is not a valid value for '<shell>'; use bash, zsh or fish. Did you mean 'fish'?")
        #expect(
            errorMessage("completions", "tcsh") == "'tcsh' is not a valid value for '<shell>'; use bash, zsh or fish")
        #expect(errorMessage("completions", "bash", "zsh") == "unexpected argument 'zsh'")
    }
}
