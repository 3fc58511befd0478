import Testing
import TodoCore

@testable import todo_cli

/// What every option that takes a value does with a value it cannot take, for every command:
/// the values a message lists and suggests are those the command accepts, and a value starting
/// with `-` is reported as what it is.
@Suite struct OptionValueTests {
    /// Each command with each option that takes a value, its own and `--file`.
    static let valueOptions: [(command: String, option: String)] = CommandCatalog.commands.flatMap { command in
        (command.options + OptionSpec.globals).filter { !$0.isFlag }.map { (command.name, $0.long) }
    }

    /// The command's required arguments, with valid values.
    static func requiredArguments(of command: CommandSpec) -> [String] {
        command.arguments.filter(\.isRequired).map { argument in
            switch argument.value.kind {
            case .id, .position, .count: return "1"
            case .choice(let words): return words[0]
            default: return "x"
            }
        }
    }

    /// `todo <command> <required arguments> --<option> <value>`.
    static func arguments(_ name: String, _ long: String, _ value: String) throws -> [String] {
        let command = try #require(CommandCatalog.command(named: name))
        return [name] + requiredArguments(of: command) + ["--\(long)", value]
    }

    static func option(_ name: String, _ long: String) throws -> OptionSpec {
        let command = try #require(CommandCatalog.command(named: name))
        return try #require((command.options + OptionSpec.globals).first { $0.long == long })
    }

    static func message(_ arguments: [String]) -> String? {
        guard case .failure(let error) = CommandLineParser.parse(arguments) else { return nil }
        return error.message
    }

    @Test(arguments: valueOptions)
    func aValueStartingWithADashIsNeverAMissingValueUnlessItIsAnOption(command: String, option long: String) throws {
        let option = try Self.option(command, long)
        let value = try #require(option.value)
        let message = try #require(Self.message(try Self.arguments(command, long, "-zz")), "\(command) --\(long)")
        if value.isOpen {
            #expect(
                message
                    == "missing value for '\(option.synopsis)'; to give a value starting with '-', write '--\(long)=-zz'"
            )
        } else {
            #expect(message.hasPrefix("'-zz' is not"), "\(command) --\(long): \(message)")
            #expect(!message.contains("missing value"))
        }
        // The short spelling reads the same way.
        if let short = option.short {
            let command = try #require(CommandCatalog.command(named: command))
            let shortMessage = Self.message(
                [command.name] + Self.requiredArguments(of: command) + ["-\(short)", "-zz"])
            #expect(shortMessage == message)
        }
        // A global option is an option, never a value.
        #expect(
            Self.message(try Self.arguments(command, long, "--json")) == "missing value for '\(option.synopsis)'")
    }

    @Test(arguments: valueOptions)
    func aBadValueListsExactlyWhatTheCommandTakes(command: String, option long: String) throws {
        let option = try Self.option(command, long)
        let value = try #require(option.value)
        guard !value.isOpen, value.kind != .commandName else { return }
        let message = try #require(Self.message(try Self.arguments(command, long, "zzz")), "\(command) --\(long)")
        if let allowed = value.allowedValues {
            #expect(message.hasSuffix("; use \(ValueSpec.orList(allowed))"), "\(message)")
        }
        #expect(message.contains("none") == value.acceptsNone, "\(command) --\(long): \(message)")
    }

    @Test(arguments: valueOptions)
    func onlyAcceptedValuesAreSuggested(command: String, option long: String) throws {
        let option = try Self.option(command, long)
        let value = try #require(option.value)
        guard !value.isOpen, !value.completionWords.isEmpty else { return }
        // A near miss of `none`: suggested where `none` is taken, never elsewhere.
        let message = try #require(Self.message(try Self.arguments(command, long, "nnoe")), "\(command) --\(long)")
        #expect(message.contains("Did you mean 'none'?") == value.acceptsNone, "\(command) --\(long): \(message)")
        // A near miss of each word offered is suggested, and the word itself is taken.
        for word in value.completionWords where word.count > 4 {
            let typo = String(word.dropLast())
            let suggestion = Self.message(try Self.arguments(command, long, typo + "x"))
            #expect(suggestion?.hasSuffix("Did you mean '\(word)'?") == true, "\(command) --\(long) \(typo)x")
            #expect(Self.message(try Self.arguments(command, long, word)) == nil, "\(command) --\(long) \(word)")
        }
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func everyConflictIsRefusedNamingBothOptions(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        for conflict in command.conflicts {
            func given(_ option: OptionSpec) -> [String] {
                option.isFlag ? ["--\(option.long)"] : ["--\(option.long)", "same"]
            }
            let arguments =
                [name] + Self.requiredArguments(of: command) + given(conflict.first) + given(conflict.second)
            let message = try #require(Self.message(arguments), "\(arguments)")
            #expect(message.contains("'--\(conflict.first.long)"), "\(message)")
            #expect(message.contains("'--\(conflict.second.long)"), "\(message)")
            #expect(message.contains("cannot be used together: \(conflict.reason)"), "\(message)")
            if conflict.onlyForTheSameValue {
                let apart =
                    [name] + Self.requiredArguments(of: command)
                    + ["--\(conflict.first.long)", "one", "--\(conflict.second.long)", "other"]
                #expect(Self.message(apart) == nil, "\(apart)")
            }
        }
    }
}
