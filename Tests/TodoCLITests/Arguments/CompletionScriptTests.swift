import Foundation
import Testing
import TodoCore

@testable import todo_cli

/// The zsh and fish scripts (checked with `zsh -n` and `fish -n` when those shells are
/// installed), and what every script takes from the declarations.
@Suite struct CompletionScriptTests {
    /// The commands whose first argument completes the ids of todos: an id, or a filter of the
    /// commands that change todos (`list`, `next` and `export` offer none).
    static let idCommands = [
        "show", "edit", "done", "undone", "start", "stop", "annotate", "denotate", "rm", "move",
    ]

    @Test(arguments: CompletionShell.allCases)
    func everyScriptIsWhatTheCompletionsCommandAsksFor(_ shell: CompletionShell) {
        let script = CompletionScript.render(for: shell)
        #expect(script.hasSuffix("\n"))
        #expect(script.contains("__complete-ids"))
        #expect(script.contains("--file"))
        for name in CommandCatalog.visibleNames { #expect(script.contains(name), "\(name) in the \(shell) script") }
        #expect(!script.contains("'__complete-ids:"))
    }

    @Test(.enabled(if: Shell.isInstalled("zsh"))) func theZshScriptIsValidZsh() throws {
        let sandbox = try CompletionSandbox()
        try CompletionScript.render(for: .zsh).write(
            toFile: sandbox.folder + "/_todo", atomically: true, encoding: .utf8)
        let result = try Shell.run("zsh", ["-n", sandbox.folder + "/_todo"])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test(.enabled(if: Shell.isInstalled("fish"))) func theFishScriptIsValidFish() throws {
        let sandbox = try CompletionSandbox()
        try CompletionScript.render(for: .fish).write(
            toFile: sandbox.folder + "/todo.fish", atomically: true, encoding: .utf8)
        let result = try Shell.run("fish", ["-n", sandbox.folder + "/todo.fish"])
        #expect(result.status == 0, "\(result.error)")
    }

    @Test func theZshScriptDescribesEachCommand() {
        let script = CompletionScript.render(for: .zsh)
        #expect(script.hasPrefix("#compdef todo\n"))
        for command in CommandCatalog.visibleCommands {
            for name in command.names {
                #expect(script.contains("'\(name):\(command.overview)'"))
            }
        }
        #expect(script.contains("compdef _todo todo"))
        #expect(script.contains("_describe -t todos 'todo' ids"))
    }

    @Test(arguments: CommandCatalog.visibleCommands.map(\.name))
    func theZshBranchOfEachCommandHasItsOptionsAndArguments(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        let branch = try #require(zshBranch(of: command))
        for option in command.options {
            #expect(branch.contains("--\(option.long)" + (option.isFlag ? "[" : "=[")), "\(option.long)")
            if let short = option.short { #expect(branch.contains("-\(short)[")) }
            if case .words(let words) = option.value.map(CompletionScript.candidates(for:)) {
                #expect(branch.contains(":\(option.value!.name):(\(words.joined(separator: " ")))"))
            }
        }
        let ids = [
            "show": ":id:_todo_ids", "move": ":id:_todo_ids", "denotate": ":id:_todo_ids",
            "edit": ":filter:_todo_filter_all", "rm": ":filter:_todo_filter_all",
            "annotate": ":filter:_todo_filter_all", "done": ":filter:_todo_filter_pending",
            "start": ":filter:_todo_filter_pending", "stop": ":filter:_todo_filter_pending",
            "undone": ":filter:_todo_filter_done",
        ]
        if let helper = ids[name] {
            #expect(branch.contains(helper + "'"), "\(branch)")
        } else {
            #expect(!branch.contains("_ids'"), "\(branch)")
        }
        #expect(branch.contains("_files") == [ImportCommand.spec.name, ExportCommand.spec.name].contains(name))
        let tagHelpers = [
            "add": ["_todo_tags"], "log": ["_todo_tags"], "list": ["_todo_tags"],
            "edit": ["_todo_tags", "_todo_tags_of_todo"],
        ]
        #expect(branch.contains(":tag:_todo_tags'") == tagHelpers[name]?.contains("_todo_tags") ?? false)
        #expect(
            branch.contains(":tag:_todo_tags_of_todo'") == tagHelpers[name]?.contains("_todo_tags_of_todo") ?? false)
    }

    @Test func zshOptionsNotRepeatableExcludeTheirOtherSpelling() throws {
        let branch = try #require(zshBranch(of: AddCommand.spec))
        #expect(branch.contains("'(--note -n)--note=[Details about the todo.]:text: '"))
        #expect(branch.contains("'(--note -n)-n[Details about the todo.]:text: '"))
        #expect(branch.contains("'*--tag=[A tag; repeat the option for several.]:tag:_todo_tags'"))
        #expect(branch.contains("[When it is due\\: YYYY-MM-DD, today, tomorrow, a weekday, +3d or +2w.]"))
        #expect(branch.contains("'*:title: '"))
        #expect(try #require(zshBranch(of: MoveCommand.spec)).contains("'1:id:_todo_ids' \\\n"))
        #expect(try #require(zshBranch(of: HelpCommand.spec)).contains("'1::command:_todo_commands'"))
    }

    @Test(arguments: CommandCatalog.visibleCommands.map(\.name))
    func theFishLinesOfEachCommandHaveItsOptionsAndArguments(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        let script = CompletionScript.render(for: .fish)
        let condition = "-n '__todo_using \(command.names.joined(separator: " "))"
        for option in command.options {
            let names = (option.short.map { " -s \($0)" } ?? "") + " -l \(option.long)"
            #expect(script.contains("complete -c todo \(condition)'\(names)"), "\(option.long)")
        }
        for alias in command.names {
            #expect(
                script.contains("complete -c todo -n __todo_needs_command -a '\(alias)' -d '\(command.overview)'\n"))
        }
        let ids = script.split(separator: "\n").filter {
            ($0.contains(condition + "'") || $0.contains(condition + ";")) && $0.contains("(__todo_ids")
        }
        #expect(ids.isEmpty == !Self.idCommands.contains(name))
        let status = ["done": " pending", "start": " pending", "stop": " pending", "undone": " done"][name] ?? ""
        #expect(ids.allSatisfy { $0.contains("-a '(__todo_ids\(status))'") }, "\(ids)")
    }

    @Test func fishOffersTheTagsForEveryTagOption() {
        let script = CompletionScript.render(for: .fish)
        #expect(script.contains("complete -c todo -n '__todo_using list ls' -s t -l tag -x -a '(__todo_tags)' -d"))
        #expect(script.contains("complete -c todo -n '__todo_using add' -s t -l tag -x -a '(__todo_tags)' -d"))
        #expect(
            script.contains(
                "complete -c todo -n '__todo_using edit modify' -l untag -x -a '(__todo_tags_of_todo --title --note -n "
                    + "--priority -p --due -d --tag -t --untag --repeat -r --project --wait --scheduled --depends "
                    + "--file)' -d"))
    }

    @Test func fishOffersFilesOnlyForPathsAndValuesForTheirOptions() {
        let script = CompletionScript.render(for: .fish)
        #expect(script.contains("\ncomplete -c todo -f\n"))
        #expect(script.contains("complete -c todo -l file -r -F -d 'The store file.'\n"))
        #expect(script.contains("-s o -l output -r -F -d"))
        #expect(script.contains("-s p -l priority -x -a 'high medium low' -d 'How important it is.'"))
        #expect(
            script.contains("complete -c todo -n '__todo_using import; and __todo_argument 0 --format -f --file' -F\n"))
        #expect(
            script.contains(
                "complete -c todo -n '__todo_using move; and __todo_argument 0 --file' -a '(__todo_ids)'\n"))
        #expect(script.contains("complete -c todo -n '__todo_using done' -a '(__todo_ids pending)'\n"))
        #expect(script.contains("complete -c todo -n '__todo_using undone reopen' -a '(__todo_ids done)'\n"))
        #expect(script.contains("complete -c todo -n '__todo_using rm delete' -a '(__todo_ids)'\n"))
        #expect(
            script.contains(
                "complete -c todo -n '__todo_using completions; and __todo_argument 0 --file' -a 'bash zsh fish'\n"))
    }

    @Test func quotingForEachShell() {
        #expect(CompletionScript.shellQuoted("it's") == "'it'\\''s'")
        #expect(CompletionScript.summary(of: "The store file (default: x).") == "The store file.")
        #expect(CompletionScript.summary(of: "A day (friday (or so)), or +3d.") == "A day, or +3d.")
        #expect(CompletionScript.summary(of: "Show help information.") == "Show help information.")
    }

    /// The lines of the zsh script's branch for `command`, up to its `;;`.
    private func zshBranch(of command: CommandSpec) -> String? {
        let script = CompletionScript.render(for: .zsh)
        guard let start = script.firstRange(of: "\n                \(command.names.joined(separator: " | ")))\n")
        else { return nil }
        let rest = script[start.upperBound...]
        guard let end = rest.firstRange(of: ";;") else { return nil }
        return String(rest[..<end.lowerBound])
    }
}
