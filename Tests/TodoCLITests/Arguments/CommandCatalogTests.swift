import Testing
import TodoCore

@testable import todo_cli

/// The declarations themselves: names that do not clash, arguments that can be parsed.
@Suite struct CommandCatalogTests {
    @Test func commandNamesAndAliasesAreUnique() {
        let names = CommandCatalog.commands.flatMap(\.names)
        #expect(Set(names).count == names.count)
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func optionNamesDoNotClashWithEachOtherOrTheGlobalOnes(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        let options = command.options + OptionSpec.globals + [.help]
        let longs = options.map(\.long)
        let shorts = options.compactMap(\.short)
        #expect(Set(longs).count == longs.count, "\(longs)")
        #expect(Set(shorts).count == shorts.count, "\(shorts)")
        #expect(shorts.allSatisfy { !($0.isASCII && $0.isNumber) }, "digits are read as negative numbers")
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func onlyTheLastArgumentIsVariadicAndOptionalOnesComeLast(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        for (index, argument) in command.arguments.enumerated() {
            if argument.isVariadic { #expect(index == command.arguments.count - 1) }
            if !argument.isRequired { #expect(command.arguments[index...].allSatisfy { !$0.isRequired }) }
        }
        for group in command.exclusiveFlags {
            #expect(group.allSatisfy { command.option(long: $0)?.isFlag == true })
        }
    }

    @Test func fileIsTheOnlyGlobalOptionWithAValueAndHasNoShortName() {
        #expect(OptionSpec.globals.filter { !$0.isFlag } == [.file])
        #expect(OptionSpec.file.short == nil)
    }

    @Test func onlyTheCompletionHelpersAreHidden() {
        #expect(
            CommandCatalog.commands.filter(\.isHidden).map(\.name) == [
                "__complete-ids", "__complete-tags", "__complete-commands", "__complete-filter",
            ])
        #expect(!CommandCatalog.visibleNames.contains("__complete-ids"))
        #expect(!CommandCatalog.visibleNames.contains("__complete-tags"))
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func everyTagOptionIsRepeatable(_ name: String) throws {
        // Tags add up wherever they are given (`list --tag a --tag b` shows the todos with both).
        let command = try #require(CommandCatalog.command(named: name))
        for option in command.options {
            if case .tag = option.value?.kind { #expect(option.isRepeatable, "--\(option.long) of \(name)") }
        }
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func conflictsNameOptionsOfTheirCommand(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        for conflict in command.conflicts {
            #expect(command.options.contains(conflict.first) && command.options.contains(conflict.second))
            #expect(conflict.first != conflict.second)
            if conflict.onlyForTheSameValue { #expect(!conflict.first.isFlag && !conflict.second.isFlag) }
        }
    }

    @Test func eachCommandTypeIsListedOnceAndFoundByItsNames() {
        let types = CommandCatalog.subcommands.map(ObjectIdentifier.init)
        #expect(Set(types).count == types.count)
        #expect(CommandCatalog.commands == CommandCatalog.subcommands.map { $0.spec })
        for subcommand in CommandCatalog.subcommands {
            for name in subcommand.spec.names {
                #expect(CommandCatalog.subcommand(named: name) == subcommand, "\(name)")
                #expect(CommandCatalog.command(named: name) == subcommand.spec, "\(name)")
            }
        }
        #expect(CommandCatalog.subcommand(named: "frob") == nil)
    }

    @Test func onlyTheCompletionHelpersLimitTheWaitForTheLock() {
        let limited = CommandCatalog.subcommands.filter { $0.lockTimeoutLimit != nil }.map { $0.spec.name }
        #expect(limited == ["__complete-ids", "__complete-tags", "__complete-commands", "__complete-filter"])
        #expect(CompleteIDsCommand.lockTimeoutLimit == 1)
        #expect(CompleteTagsCommand.lockTimeoutLimit == 1)
        #expect(VersionCommand.lockTimeoutLimit == nil)
    }

    @Test func helpTheVersionAndCompletionScriptsNeedNoStore() {
        let textCommands = CommandCatalog.subcommands.filter { $0 is any TextCommand.Type }.map { $0.spec.name }
        #expect(textCommands == ["completions", "help"])
        #expect(VersionCommand().text == TodoCommand.version + "\n")
        #expect(CompletionsCommand(shell: .zsh).text == CompletionScript.render(for: .zsh))
    }

    @Test func whatPrintsTextEvenWithJSON() {
        // In `todo shell --json`, these keep standard output as it is instead of one line of JSON each.
        let text: [any ParsedCommand] = [
            HelpCommand(text: "x"), VersionCommand(), CompletionsCommand(shell: .bash),
            CompleteIDsCommand(status: .all),
            ExportCommand(format: .todotxt, output: nil),
        ]
        #expect(text.allSatisfy { !$0.printsJSON })
        let json: [any ParsedCommand] = [
            ExportCommand(format: .json, output: nil), ListCommand(query: TodoQuery()), StatsCommand(),
            CompleteTagsCommand(id: nil), DoneCommand(selection: selection("1"), confirmed: false),
        ]
        #expect(json.allSatisfy { $0.printsJSON })
    }

    @Test func parsedCommandsAreEqualWithTheSameTypeAndArguments() {
        #expect(
            DoneCommand(selection: selection("1"), confirmed: false).isEqual(
                to: DoneCommand(selection: selection("1"), confirmed: false)))
        #expect(
            !DoneCommand(selection: selection("1"), confirmed: false).isEqual(
                to: DoneCommand(selection: selection("2"), confirmed: false)))
        #expect(
            !DoneCommand(selection: selection("1"), confirmed: false).isEqual(
                to: UndoneCommand(selection: selection("1"), confirmed: false)))
        #expect(
            Invocation(global: GlobalOptions(), command: UndoCommand())
                != Invocation(global: GlobalOptions(json: true), command: UndoCommand()))
        #expect(
            Invocation(global: GlobalOptions(), command: UndoCommand())
                != Invocation(global: GlobalOptions(), command: StatsCommand()))
    }

    @Test func theFormatsAndShellsAreTheParsedCommandsOwn() {
        #expect(OptionSpec.exportFormat.value?.allowedValues == ExportFormat.allCases.map(\.rawValue))
        #expect(OptionSpec.importFormat.value?.allowedValues == ImportFormat.allCases.map(\.rawValue))
        #expect(ArgumentSpec.shell.value.allowedValues == CompletionShell.allCases.map(\.rawValue))
        #expect(OptionSpec.sort.value?.allowedValues == TodoQuery.Sort.allCases.map(\.rawValue))
    }
}
