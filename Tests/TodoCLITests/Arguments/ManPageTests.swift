import Foundation
import Testing

@testable import todo_cli

/// The manual page: every command and option the parser knows (taken from the catalogs), and
/// valid roff as `groff` and `man` render it.
@Suite struct ManPageTests {
    static let page = ManPage.render()

    /// Whether `tool` can be run; when it cannot, the test is skipped, except in CI
    /// (`CI=true`), where `.ci/run` installs it and its absence fails the test.
    static func available(_ tool: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        if Shell.isInstalled(tool) { return true }
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            Issue.record("\(tool) is not installed; .ci/run installs it", sourceLocation: sourceLocation)
        }
        return false
    }

    /// The page as `man` shows it at 80 columns, without formatting (rendered once); `nil`
    /// when `man` fails.
    static let renderedByMan: String? = {
        guard Shell.isInstalled("man"), let sandbox = try? CompletionSandbox() else { return nil }
        try? page.write(toFile: sandbox.folder + "/todo.1", atomically: true, encoding: .utf8)
        let environment = ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MANPAGER": "cat"]
        guard let result = try? Shell.run("man", ["-l", sandbox.folder + "/todo.1"], environment: environment),
            result.status == 0
        else { return nil }
        // Bold and underlined letters, should a `man` keep them, as plain ones.
        return result.output.replacing(/.\u{8}/, with: "")
    }()

    @Test func todoHelpManPrintsIt() {
        #expect(command("help", "--man") == HelpCommand(text: Self.page))
        #expect(command("--json", "help", "--man") == HelpCommand(text: Self.page))
        #expect(
            errorMessage("help", "add", "--man")
                == "'--man' prints the one manual page of every command; give no command")
        #expect(Self.page.hasPrefix(#".\" The manual page of todo"#))
        #expect(Self.page.contains("\n.TH TODO 1 \"\" \"todo \(TodoCommand.version)\" \"User Commands\"\n"))
        #expect(Self.page.hasSuffix("\n"))
    }

    @Test(arguments: CommandCatalog.commands.map(\.name))
    func everyCommandHasItsSectionWithItsArgumentsAndOptions(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        let heading = ".SS \"\(command.names.joined(separator: ", "))\"\n"
        guard !command.isHidden else {
            #expect(!Self.page.contains(command.name))
            return
        }
        let section = try #require(Self.section(of: command, in: Self.page, heading: heading))
        #expect(section.contains(".SY \"todo \(command.name)\"\n"))
        #expect(section.contains(Roff.escaped(command.overview)))
        for argument in command.arguments {
            #expect(section.contains(".TP\n\(Roff.synopsis(argument.synopsis))\n"), "\(argument.value.label)")
        }
        for option in command.options {
            #expect(section.contains(".TP\n\(Roff.synopsis(option.helpLabel))\n"), "--\(option.long)")
            #expect(section.contains(Roff.escaped(option.help)), "--\(option.long)")
        }
        for conflict in command.conflicts { #expect(section.contains(Roff.escaped(conflict.sentence))) }
    }

    @Test func theGlobalOptionsExitCodesAndEnvironment() throws {
        let options = try #require(Self.page.firstRange(of: ".SH OPTIONS\n"))
        let commands = try #require(Self.page.firstRange(of: ".SH COMMANDS\n"))
        let global = Self.page[options.upperBound..<commands.lowerBound]
        for option in OptionSpec.globals + [.version, .help] {
            #expect(global.contains(".TP\n\(Roff.synopsis(option.helpLabel))\n"), "--\(option.long)")
        }
        for code in ExitCode.allCases { #expect(Self.page.contains(".TP\n\\fB\(code.rawValue)\\fR\n")) }
        for variable in ["TODO_FILE", "TODO_LOCK_TIMEOUT", "NO_COLOR", "XDG_DATA_HOME"] {
            #expect(Self.page.contains(".TP\n\\fB\(Roff.escaped(variable))\\fR\n"))
        }
    }

    @Test func groffFindsNothingToWarnAbout() throws {
        guard Self.available("groff") else { return }
        let sandbox = try CompletionSandbox()
        try Self.page.write(toFile: sandbox.folder + "/todo.1", atomically: true, encoding: .utf8)
        let result = try Shell.run("groff", ["-man", "-Tutf8", "-ww", "-z", sandbox.folder + "/todo.1"])
        #expect(result.status == 0)
        #expect(result.error == "", "groff warnings:\n\(result.error)")
    }

    @Test(arguments: CommandCatalog.visibleCommands.map(\.name))
    func manShowsEveryCommandWithEveryOption(_ name: String) throws {
        guard Self.available("man") else { return }
        let command = try #require(CommandCatalog.command(named: name))
        let text = try #require(Self.renderedByMan, "man -l renders the page")
        // A section: its heading indented by three spaces, up to the next heading.
        let heading = "\n   \(command.names.joined(separator: ", "))\n"
        let start = try #require(text.firstRange(of: heading), "\(heading) in:\n\(text)")
        let rest = text[start.upperBound...]
        let section = rest[..<(rest.firstRange(of: /\n   [a-z]|\n[A-Z]/)?.lowerBound ?? rest.endIndex)]
        #expect(section.contains("todo \(command.name)"))
        for option in command.options {
            for spelling in option.spellings {
                #expect(section.contains(spelling), "\(spelling) in the section of \(name):\n\(section)")
            }
        }
        for argument in command.arguments {
            #expect(section.contains(argument.value.name), "\(argument.value.label) in \(name)")
        }
    }

    @Test func manShowsTheGlobalOptionsAndTheExitCodes() throws {
        guard Self.available("man") else { return }
        let text = try #require(Self.renderedByMan, "man -l renders the page")
        #expect(text.contains("todo - keep a list of todos in the terminal"))
        let options = try #require(text.firstRange(of: "\nOPTIONS\n"))
        let commands = try #require(text.firstRange(of: "\nCOMMANDS\n"))
        let global = text[options.upperBound..<commands.lowerBound]
        for option in OptionSpec.globals + [.version, .help] {
            // Each entry's first line: its names, as help shows them, value names without <>.
            let label = option.helpLabel.replacing("<", with: "").replacing(">", with: "")
            #expect(global.contains("\n       \(label)"), "\(label)")
        }
        for code in ExitCode.allCases { #expect(text.contains("\n       \(code.rawValue) ")) }
        #expect(!text.contains("\\"), "no escape left unread")
    }

    @Test func roffEscaping() {
        #expect(Roff.escaped("--note -5 a-b 2030-01-08") == "\\-\\-note \\-5 a-b 2030-01-08")
        #expect(Roff.escaped("C:\\tmp") == "C:\\etmp")
        #expect(Roff.escaped("↑ or k…") == "\\[u2191] or k\\[u2026]")
        #expect(Roff.escaped("🍰") == "\\[u1F370]")
        #expect(Roff.lines(".hidden\n'quoted\n\nplain") == ["\\&.hidden", "\\&'quoted", "plain"])
        #expect(Roff.synopsis("[--note <text>]") == "[\\fB\\-\\-note\\fR\\ \\fItext\\fR]")
        #expect(Roff.synopsis("-n, --note <text>") == "\\fB\\-n\\fR,\\ \\fB\\-\\-note\\fR\\ \\fItext\\fR")
        #expect(Roff.synopsis("[--all | --done]") == "[\\fB\\-\\-all\\fR\\ |\\ \\fB\\-\\-done\\fR]")
        #expect(Roff.synopsis("<title> ...") == "\\fItitle\\fR\\ ...")
    }

    @Test func helpTextBecomesParagraphsAndLiteralLines() {
        #expect(
            ManPage.paragraphs("One.\nTwo.\n\nExamples:\n  todo add x\n  .hidden\nAfter.")
                == [
                    ".PP", "One.", "Two.", ".PP", "Examples:", ".RS 4n", ".nf", "todo add x", "\\&.hidden", ".fi",
                    ".RE", "After.",
                ])
    }

    /// The lines of the page from `heading` to the next `.SS` or `.SH`.
    static func section(of command: CommandSpec, in page: String, heading: String) -> Substring? {
        guard let start = page.firstRange(of: heading) else { return nil }
        let rest = page[start.upperBound...]
        let end = rest.firstRange(of: #/\n\.S[SH] /#)?.lowerBound ?? rest.endIndex
        return rest[..<end]
    }
}
