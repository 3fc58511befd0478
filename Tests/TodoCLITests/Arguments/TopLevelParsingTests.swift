import Testing
import TodoCore

@testable import todo_cli

/// `todo` alone, help in all its forms, `--version`, and unknown commands.
@Suite struct TopLevelParsingTests {
    static let topLevelHelp = HelpCommand(text: HelpRenderer.topLevelHelp())

    @Test(arguments: [[], ["--help"], ["-h"], ["help"], ["--json"], ["--json", "help"], ["--help", "--frob"]])
    func topLevelHelp(_ arguments: [String]) {
        #expect(invocation(arguments)?.command == Self.topLevelHelp)
    }

    @Test func versionBeforeAnyCommand() {
        #expect(command("--version") == VersionCommand())
        #expect(
            invocation(["--json", "--version"])
                == Invocation(global: GlobalOptions(json: true), command: VersionCommand()))
    }

    @Test func versionIsNotAnOptionOfTheCommands() {
        #expect(errorMessage("list", "--version") == "unknown option '--version'")
    }

    @Test(arguments: [
        ["help", "add"], ["add", "--help"], ["add", "-h"], ["add", "Buy", "--note", "x", "--help"],
        ["--help", "add"], ["add", "-qh"], ["add", "--priority", "bogus", "--help"], ["add", "--help=yes"],
        ["--json", "help", "add"],
    ])
    func helpOfACommand(_ arguments: [String]) {
        #expect(invocation(arguments)?.command == HelpCommand(text: HelpRenderer.help(for: AddCommand.spec)))
    }

    @Test func helpNamesCommandsByAliasToo() {
        #expect(command("help", "ls") == HelpCommand(text: HelpRenderer.help(for: ListCommand.spec)))
        #expect(command("reopen", "--help") == HelpCommand(text: HelpRenderer.help(for: UndoneCommand.spec)))
        #expect(command("help", "help") == HelpCommand(text: HelpRenderer.help(for: HelpCommand.spec)))
    }

    @Test func helpAfterADoubleDashIsAnArgument() {
        #expect(command("add", "--", "--help") == draft("--help"))
        #expect(command("add", "--", "-h") == draft("-h"))
    }

    @Test func helpOfAnUnknownCommandIsAUsageError() {
        let error = usageError("help", "frob")
        #expect(error?.message == "unknown command 'frob'")
        #expect(error?.usage == "USAGE: todo help [<command>] [--man]")
        #expect(error?.command == "help")
        #expect(usageError("help", "lsit")?.message == "unknown command 'lsit'. Did you mean 'list'?")
        #expect(usageError("frob", "--help")?.message == "unknown command 'frob'")
        #expect(usageError("help", "__complete-ids")?.message == "unknown command '__complete-ids'")
    }

    @Test func helpTakesOneCommandAtMost() {
        #expect(errorMessage("help", "add", "list") == "unexpected argument 'list'")
    }

    @Test func anUnknownCommandIsATopLevelUsageError() {
        let error = usageError("frobnicate")
        #expect(error?.message == "unknown command 'frobnicate'")
        #expect(error?.usage == HelpRenderer.topLevelUsage())
        #expect(error?.command == nil)
        #expect(
            error?.text == """
                Error: unknown command 'frobnicate'
                USAGE: todo [--file <path>] [--json] [--no-color] [--quiet] <subcommand>
                See 'todo --help' for more information.

                """)
    }

    @Test(arguments: [
        ("lsit", "list"), ("lst", "list"), ("LIST", "list"), ("ad", "add"), ("eddit", "edit"), ("dne", "done"),
        ("undoen", "undone"), ("reopn", "reopen"), ("delet", "delete"), ("mv", "move"), ("stat", "stats"),
        ("exprot", "export"), ("imprt", "import"), ("completion", "completions"), ("comp", "completions"),
        ("hlep", "help"), ("stas", "stats"), ("sta", "start"), ("del", "delete"), ("nxet", "next"), ("lgo", "log"),
    ])
    func aMisspeltCommandIsSuggested(typed: String, suggested: String) {
        #expect(errorMessage(typed) == "unknown command '\(typed)'. Did you mean '\(suggested)'?")
    }

    @Test(arguments: ["xyz", "x", "", "=", "__complete-id", "frobnicate"])
    func nothingIsSuggestedForAFarCommand(_ typed: String) {
        #expect(errorMessage(typed) == "unknown command '\(typed)'")
    }

    @Test func anUnknownOptionBeforeTheCommandIsATopLevelUsageError() {
        let error = usageError("--frob", "list")
        #expect(error?.message == "unknown option '--frob'")
        #expect(error?.command == nil)
        #expect(errorMessage("--verison") == "unknown option '--verison'. Did you mean '--version'?")
    }

    @Test func theHiddenCommandThatListsIdsForCompletions() {
        #expect(command("__complete-ids") == CompleteIDsCommand(status: .all))
        #expect(command("__complete-ids", "pending") == CompleteIDsCommand(status: .pending))
        #expect(command("__complete-ids", "done") == CompleteIDsCommand(status: .done))
        #expect(invocation(["--file", "t.json", "__complete-ids"])?.global.file == "t.json")
        #expect(
            errorMessage("__complete-ids", "3")
                == "'3' is not a valid value for '<status>'; use pending, done, all or waiting")
        #expect(errorMessage("__complete-ids", "all", "done") == "unexpected argument 'done'")
    }

    @Test func theHiddenCommandThatListsTagsForCompletions() {
        #expect(command("__complete-tags") == CompleteTagsCommand(id: nil))
        #expect(command("__complete-tags", "3") == CompleteTagsCommand(id: 3))
        // Whatever was typed where the id goes: not an id, so every tag.
        #expect(command("__complete-tags", "abc") == CompleteTagsCommand(id: nil))
        #expect(command("__complete-tags", "") == CompleteTagsCommand(id: nil))
        #expect(command("__complete-tags", "--", "-1") == CompleteTagsCommand(id: nil))
        #expect(invocation(["--file", "t.json", "__complete-tags"])?.global.file == "t.json")
        #expect(errorMessage("__complete-tags", "1", "2") == "unexpected argument '2'")
    }

    @Test func everyCommandAndAliasParsesToItsOwnType() {
        for subcommand in CommandCatalog.subcommands {
            for name in subcommand.spec.names {
                let arguments = [name] + OptionValueTests.requiredArguments(of: subcommand.spec)
                guard case .success(let invocation) = CommandLineParser.parse(arguments) else {
                    Issue.record("\(arguments) did not parse")
                    continue
                }
                #expect(type(of: invocation.command) == subcommand, "\(arguments)")
            }
        }
    }
}
