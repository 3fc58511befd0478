import Testing
import TodoCore

@testable import todo_cli

/// The help texts: swift-argument-parser's layout, drawn from the declarations.
@Suite struct HelpRendererTests {
    @Test func theHelpOfACommandInFull() {
        #expect(
            HelpRenderer.help(for: MoveCommand.spec) == """
                OVERVIEW: Move a todo to another place in the list.

                USAGE: todo move <id> <position>

                ARGUMENTS:
                  <id>                    The id of the todo.
                  <position>              The new place in the list, from 1 (the top).

                OPTIONS:
                  --file <path>           The store file (default: $TODO_FILE, else
                                          $XDG_DATA_HOME/todo/todos.json, else
                                          ~/.local/share/todo/todos.json).
                  --json                  Print JSON, for scripts.
                  --no-color              Print no colours, even on a terminal.
                  -q, --quiet             Print nothing on success.
                  -h, --help              Show help information.

                """)
    }

    @Test func theTopLevelHelpListsTheCommandsWithTheirAliases() {
        let help = HelpRenderer.topLevelHelp()
        #expect(
            help.hasPrefix(
                "OVERVIEW: \(CommandCatalog.overview)\n\nUSAGE: todo [--file <path>] [--json] [--no-color] [--quiet] <subcommand>\n\nOPTIONS:\n"
            ))
        #expect(help.contains("\n  --version               Show the version.\n"))
        #expect(help.contains("\n  -h, --help              Show help information.\n"))
        #expect(
            help.contains(
                "\n\nSUBCOMMANDS:\n  add                     Add a todo.\n  log                     Add a todo that is already done.\n  list, ls                List todos.\n"
            ))
        #expect(help.contains("\n  undone, reopen          Mark done todos as pending again.\n"))
        #expect(help.contains("\n  rm, delete              Delete todos.\n"))
        for command in CommandCatalog.visibleCommands {
            #expect(help.contains("\n  \(command.names.joined(separator: ", ")) "), "\(command.name) is listed")
            #expect(help.contains(command.overview))
        }
        #expect(!help.contains("__complete-ids"))
        #expect(help.hasSuffix("\n\n  See 'todo help <subcommand>' for detailed help.\n"))
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func theHelpOfEachCommandHasItsSections(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        let help = HelpRenderer.help(for: command)
        #expect(help.hasPrefix("OVERVIEW: "))
        #expect(help.contains("\n\n" + HelpRenderer.usage(for: command) + "\n\n"))
        #expect(help.contains("\n\nARGUMENTS:\n") == !command.arguments.isEmpty)
        #expect(help.contains("\n\nOPTIONS:\n"))
        #expect(!help.contains("SUBCOMMANDS"))
        for argument in command.arguments {
            #expect(help.contains("\n  \(argument.value.label) "))
        }
        for option in command.options + OptionSpec.globals + [.help] {
            #expect(help.contains("\n  \(option.helpLabel)"), "\(option.helpLabel) in the help of \(name)")
        }
        #expect(help.hasSuffix("  -h, --help              Show help information.\n"))
    }

    @Test(arguments: [HelpRenderer.topLevelHelp()] + CommandCatalog.commands.map(HelpRenderer.help(for:)))
    func everyLineFitsInEightyColumnsAndDescriptionsShareAColumn(_ help: String) {
        let column = HelpRenderer.descriptionColumn
        var inSection = false
        var expectsContinuation = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.count <= 80, "too long: \(line)")
            if ["ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:"].contains(line) {
                inSection = true
                continue
            }
            if line.isEmpty { inSection = false }
            guard inSection else { continue }
            // An entry: two spaces, a label, and its description from column 26, on the same line
            // or, after a label too long for it, on the next; continuation lines start at column 26.
            #expect(
                line.hasPrefix("  ") && line.dropFirst(2).first != " "
                    || line.hasPrefix(String(repeating: " ", count: column)), "\(line)")
            if line.hasPrefix(String(repeating: " ", count: column)) {
                #expect(line.dropFirst(column).first != " ", "\(line)")
                expectsContinuation = false
            } else if line.count > column, line.prefix(column).hasSuffix(" ") {
                #expect(!expectsContinuation, "\(line)")
                #expect(line.dropFirst(column).first != " ", "\(line)")
            } else {
                #expect(!line.dropFirst(2).contains("  "), "a long label stands alone: \(line)")
                expectsContinuation = true
            }
        }
        #expect(!expectsContinuation)
        #expect(help.hasSuffix("\n") && !help.hasSuffix("\n\n"))
    }

    @Test func aLongLabelPutsItsDescriptionOnTheNextLine() {
        let help = HelpRenderer.help(for: AddCommand.spec)
        #expect(
            help.contains(
                "\n  -p, --priority <priority>\n                          How important it is. (values: high, medium, low)\n"
            ))
    }

    @Test func allowedValuesAndDefaultsAreListed() {
        #expect(unwrapped(HelpRenderer.help(for: EditCommand.spec)).contains("(values: high, medium, low, none)"))
        #expect(
            unwrapped(HelpRenderer.help(for: ListCommand.spec)).contains(
                "--sort <order> The order of the list. (values: position, due, priority, created, urgency) (default: position)"
            ))
        #expect(
            unwrapped(HelpRenderer.help(for: ImportCommand.spec)).contains("(values: json, todotxt, taskwarrior, ics)"))
        #expect(
            unwrapped(HelpRenderer.help(for: ExportCommand.spec)).contains(
                "(values: json, todotxt, taskwarrior, ics) (default: json)"))
    }

    /// `text` with every run of spaces and new lines made one space.
    private func unwrapped(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    @Test func usageLinesShowArgumentsThenOptions() {
        #expect(HelpRenderer.usage(for: ShowCommand.spec) == "USAGE: todo show <id>")
        #expect(HelpRenderer.usage(for: RemoveCommand.spec) == "USAGE: todo rm <filter> ... [--yes]")
        #expect(HelpRenderer.usage(for: HelpCommand.spec) == "USAGE: todo help [<command>] [--man]")
        #expect(
            HelpRenderer.usage(for: ExportCommand.spec)
                == "USAGE: todo export [<filter> ...] [--format <format>] [--output <file>]")
        #expect(
            HelpRenderer.usage(for: ListCommand.spec) == """
                USAGE: todo list [<filter> ...] [--all | --done] [--tag <tag> ...]
                                 [--priority <priority>] [--overdue] [--sort <order>]
                                 [--limit <count>]
                """)
        #expect(
            HelpRenderer.usage(for: EditCommand.spec) == """
                USAGE: todo edit <filter> [<change> ...] [--title <title>] [--note <text>]
                                 [--priority <priority>] [--due <date>] [--tag <tag> ...]
                                 [--untag <tag> ...] [--repeat <recurrence>]
                                 [--project <project>] [--wait <date>] [--scheduled <date>]
                                 [--depends <ids> ...] [--yes]
                """)
    }

    @Test func theDiscussionFollowsTheOverview() {
        #expect(
            HelpRenderer.help(for: DoneCommand.spec).hasPrefix(
                "OVERVIEW: Mark todos as done.\n\nCompleting a repeating todo adds its next occurrence. A filter"))
        #expect(
            HelpRenderer.help(for: AddCommand.spec).contains(
                "\nExamples:\n  todo add Buy milk --due tomorrow --tag shop\n"))
    }

    @Test func wrappingKeepsWordsWholeAndIndentsContinuations() {
        let text = TextLayout.wrap("aaa bbb ccc", indent: 2, width: 9)
        #expect(text == "  aaa bbb\n  ccc")
        #expect(TextLayout.wrap("  x y", width: 5) == "  x y")
        #expect(TextLayout.wrap("  x yy", width: 5) == "  x\n  yy")
        #expect(TextLayout.wrap(String(repeating: "w", count: 100), width: 80).count == 100)
        #expect(TextLayout.wrap("a\n\nb") == "a\n\nb")
    }
}
