import Foundation
import TestSupport
import Testing

/// Custom reports of the config file (`report.NAME.…`) as commands: their filter, order, columns,
/// limit, help, `--json` and completions.
@Suite struct ReportEndToEndTests {
    let todo = TodoSandbox()

    func titles(_ arguments: [String]) async -> [String] {
        (await todo.run(arguments + ["--json"]).json as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    func addSome() async {
        await todo.run(["add", "Later", "due:2030-03-01", "project:Home", "+b"])
        await todo.run(["add", "Soon", "due:2030-01-08", "pri:H", "project:Work", "+a"])
        await todo.run(["add", "Whenever", "pri:L"])
        await todo.run(["add", "Done", "due:2030-01-01"])
        await todo.run(["done", "4"])
    }

    static let config = """
        report.due.description = Todos with a due day, soonest first
        report.due.filter = due:any
        report.due.sort = due+
        report.due.columns = id,due,project,title
        report.top.sort = urgency-,id+
        report.top.limit = 2
        report.top.columns = id,priority,title,urgency,tags

        """

    @Test func aReportSelectsAndOrdersByItsDefinition() async {
        todo.writeConfig(Self.config)
        await addSome()
        #expect(await titles(["due"]) == ["Soon", "Later"])  // pending only, by due day
        #expect(await titles(["top"]) == ["Soon", "Later"])  // urgency-, at most 2
        #expect(await titles(["top", "--limit", "3"]) == ["Soon", "Later", "Whenever"])
        #expect(await titles(["due", "+b"]) == ["Later"])  // a filter after the name
        #expect(await titles(["+a", "due"]) == ["Soon"])  // and before it
        #expect(await titles(["due", "status:done"]) == ["Done"])  // a status in the filter decides
    }

    @Test func aReportShowsItsColumnsWithAHeader() async {
        todo.writeConfig(Self.config)
        await addSome()
        let result = await todo.run(["due"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stdout == """
                ID Due        Project Title
                 2 2030-01-08 Work    Soon
                 1 2030-03-01 Home    Later

                """, "\(result)")
        let top = await todo.run(["top"])
        let lines = top.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID Pri  Title Urg") == true, "\(top)")
        #expect(lines.first?.hasSuffix(" Tags") == true, "\(top)")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix(" 2 high Soon") && lines[1].hasSuffix("+a"), "\(top)")
    }

    @Test func aReportFitsTheWidth() async {
        todo.writeConfig(Self.config)
        await todo.run(["add", String(repeating: "long title ", count: 12), "due:2030-01-08", "project:Work"])
        for columns in [40, 80, 200] {
            let result = await todo.run(["due"], environment: ["COLUMNS": String(columns)])
            #expect(result.status == 0)
            for line in result.stdout.split(separator: "\n") {
                #expect(line.count <= columns, "\(columns): \(line)")
            }
            #expect(result.stdout.contains("…") == (columns < 200), "\(columns): \(result)")
        }
        // At 20 columns the project goes before the title does.
        let narrow = await todo.run(["due"], environment: ["COLUMNS": "20"])
        #expect(!narrow.stdout.contains("Project"), "\(narrow)")
        #expect(narrow.stdout.contains("Title"))
    }

    @Test func aReportWithDateFormat() async {
        todo.writeConfig(Self.config + "date.format = D.M.Y\n")
        await addSome()
        #expect(await todo.run(["due"]).stdout.contains(" 08.01.2030 "))
    }

    @Test func theBuiltInReportsTakeTheirFilterAndLimit() async {
        todo.writeConfig("report.next.filter = -someday\nreport.list.limit = 2\n")
        await todo.run(["add", "A"])
        await todo.run(["add", "B", "+someday"])
        await todo.run(["add", "C"])
        #expect(Set(await titles(["next"])) == ["A", "C"])
        #expect(await titles(["list"]) == ["A", "B"])
        #expect(await titles(["list", "--limit", "3"]) == ["A", "B", "C"])
    }

    @Test func anEmptyReportSaysSo() async {
        todo.writeConfig(Self.config)
        let result = await todo.run(["due"])
        #expect(result.status == 0)
        #expect(result.stdout == "No todos in the report due.\n", "\(result)")
        #expect(await todo.run(["due", "--json"]).stdout == "[]\n")
    }

    @Test func aReportHasHelp() async {
        todo.writeConfig(Self.config)
        let help = await todo.run(["help"])
        #expect(help.stdout.contains("REPORTS (from the config file):"), "\(help)")
        #expect(help.stdout.contains("  due                     Todos with a due day, soonest first"), "\(help)")
        for arguments in [["due", "--help"], ["help", "due"]] {
            let one = await todo.run(arguments)
            #expect(one.status == 0)
            #expect(one.stdout.hasPrefix("OVERVIEW: Todos with a due day, soonest first"), "\(one)")
            #expect(one.stdout.contains("USAGE: todo due [<filter> ...] [--limit <count>]"))
            #expect(one.stdout.contains("Sort: due+"))
        }
        // A near miss of a report is suggested.
        let typo = await todo.run(["dve"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("Did you mean 'due'?"), "\(typo)")
    }

    @Test func reportsAndAliasesComplete() async {
        todo.writeConfig(Self.config + "alias.t = next +today\n")
        let result = await todo.run(["__complete-commands"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "due\tTodos with a due day, soonest first\ntop\tThe report top, from the config file.\n"
                + "t\tRuns: todo next +today\n", "\(result)")
        // The scripts ask for them when completing a command.
        for shell in ["bash", "zsh", "fish"] {
            let script = await todo.run(["completions", shell]).stdout
            #expect(script.contains("__complete-commands"), "\(shell)")
        }
    }

    @Test func reportsInTheShell() async {
        todo.writeConfig(Self.config + "alias.d = due\n")
        await addSome()
        let result = await todo.run(["shell", "--json"], input: "due\nd +b\n")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(result)")
        #expect(lines.first?.contains("\"Soon\"") == true && lines.last?.contains("\"Later\"") == true)
    }
}
