import Foundation
import Testing
import TodoCore

@testable import todo_cli

/// The config's reports as commands in the parser, and what `todo` does with the config before
/// parsing (``ConfigStartup``): `--set` taken out, an alias expanded, `default.command` added.
@Suite struct ConfigCommandsParsingTests {
    let overdue = ReportDefinition(
        name: "overdue", filter: try! TodoFilter(parsing: ["is:overdue"]), limit: 5, description: "Late todos")

    var commands: ConfigCommands { ConfigCommands(reports: ["overdue": overdue], aliases: ["t": ["next", "+today"]]) }

    @Test func aReportParsesAsAReportCommandWithItsFilter() throws {
        let parsed = try CommandLineParser.parse(["+work", "overdue", "milk", "--limit", "3"], config: commands).get()
        let report = try #require(parsed.command as? ReportCommand)
        #expect(report.report == overdue)
        #expect(report.filter.description == "+work and milk")
        #expect(report.limit == 3)
        // Without the config, it is an unknown command.
        guard case .failure(let error) = CommandLineParser.parse(["overdue"]) else {
            Issue.record("parsed")
            return
        }
        #expect(error.message == "unknown command 'overdue'")
    }

    @Test func aNearMissOfAReportIsSuggested() throws {
        guard case .failure(let error) = CommandLineParser.parse(["overdeu"], config: commands) else {
            Issue.record("parsed")
            return
        }
        #expect(error.message == "unknown command 'overdeu'. Did you mean 'overdue'?")
    }

    @Test func helpListsReportsAndAliases() throws {
        let help = HelpRenderer.topLevelHelp(config: commands)
        #expect(help.contains("REPORTS (from the config file):\n  overdue                 Late todos\n"))
        #expect(help.contains("ALIASES (from the config file):\n  t                       Runs: todo next +today\n"))
        #expect(help.contains("--set <key=value>"))
        #expect(!HelpRenderer.topLevelHelp().contains("REPORTS"))
        let reportHelp = try CommandLineParser.parse(["help", "overdue"], config: commands).get()
        #expect((reportHelp.command as? HelpCommand)?.text.hasPrefix("OVERVIEW: Late todos\n") == true)
        let dashed = try CommandLineParser.parse(["overdue", "-h"], config: commands).get()
        #expect((dashed.command as? HelpCommand)?.text == (reportHelp.command as? HelpCommand)?.text)
    }

    @Test func theManualPageHasTheConfigExitCodeAndFiles() {
        let page = ManPage.render()
        #expect(page.contains("\n\\fB78\\fR\n"))
        #expect(page.contains("\\fBTODO_CONFIG\\fR"))
        #expect(page.contains("~/.config/todo/hooks/"))
        #expect(page.contains("key=value"))
        #expect(ExitCode.config.rawValue == 78)
    }

    /// A startup with no config file (TODO_CONFIG names a file that does not exist).
    func startup(_ arguments: [String], config text: String? = nil) throws -> ConfigStartup {
        let folder = NSTemporaryDirectory() + "todo-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        if let text { try text.write(toFile: folder + "/config", atomically: true, encoding: .utf8) }
        switch ConfigStartup.read(arguments, environment: ["TODO_CONFIG": folder + "/config"]) {
        case .success(let startup): return startup
        case .failure(let failure): throw CocoaError(.featureUnsupported, userInfo: ["text": failure.text])
        }
    }

    @Test func setIsTakenOutBeforeParsing() throws {
        let read = try startup(["--set", "color=never", "list", "--set=week.start=sunday", "--", "--set", "x"])
        #expect(read.arguments == ["list", "--", "--set", "x"])
        #expect(read.config.color == .never)
        #expect(read.config.weekStart == .sunday)
    }

    @Test func anAliasIsExpandedInTheCommandsPlace() throws {
        let read = try startup(["--json", "+work", "t", "-x"], config: "alias.t = next +today\n")
        #expect(read.arguments == ["--json", "+work", "next", "+today", "-x"])
        #expect(read.commandName == "next")
        #expect(!read.usesDefaultCommand)
        // Not an alias after the command's name.
        #expect(try startup(["add", "t"], config: "alias.t = next\n").arguments == ["add", "t"])
    }

    @Test func theDefaultCommandIsAddedWhenNoneIsGiven() throws {
        let plain = try startup([])
        #expect(plain.arguments == ["next"] && plain.usesDefaultCommand)
        let configured = try startup(["--json"], config: "default.command = t +x\nalias.t = list +today\n")
        #expect(configured.arguments == ["--json", "list", "+today", "+x"])
        #expect(try startup(["+work"]).arguments == ["+work"])  // a filter lists
        #expect(try startup(["--help"]).arguments == ["--help"])
        #expect(try startup(["--version"]).arguments == ["--version"])
    }
}
