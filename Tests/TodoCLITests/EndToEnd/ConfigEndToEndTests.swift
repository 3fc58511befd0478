import Foundation
import TestSupport
import Testing

/// The config file through the `todo` command: read at start-up, its errors (exit 78), its
/// warnings, `--set`, `todo config`, `default.command`, aliases, colours, dates and urgency.
@Suite struct ConfigEndToEndTests {
    let todo = TodoSandbox()

    func titles(_ arguments: [String]) async -> [String] {
        (await todo.run(arguments + ["--json"]).json as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    // MARK: Errors: exit 78, one line naming the file, the line and the fix

    /// Each bad config (its text, the line at fault, and a part of the message) stops every
    /// command with 78 before it does anything.
    @Test(arguments: [
        ("default.command = next\nweek.start monday\n", 2, "'week.start monday' is not key = value"),
        ("week.start = tuesday\n", 1, "week.start: 'tuesday' is not monday or sunday"),
        ("color = sometimes\n", 1, "color: 'sometimes' is not auto, always or never"),
        ("color = never  # no colours\n", 1, "a # starts a comment only at the start of a line"),
        ("hooks = maybe\n", 1, "hooks: 'maybe'"),
        ("date.format = Y-M-D H:N\n", 1, "date.format:"),
        ("urgency.due.coefficient = lots\n", 1, "'lots' is not a number"),
        ("alias.list = next\n", 1, "alias.list: the alias would hide the command list"),
        ("alias.a = b\nalias.b = a\n", 1, "the aliases expand to each other in a loop"),
        ("alias.me = me +x\n", 1, "the aliases expand to each other in a loop"),
        ("alias.x = lsit\n", 1, "'lsit' is not a command, an alias or a report (did you mean 'list'?)"),
        ("default.command = nxet\n", 1, "default.command: 'nxet' is not a command"),
        ("context.work = +office\ncontext = wrok\n", 2, "no context named 'wrok' is defined (did you mean 'work'?)"),
        ("report.done.filter = status:done\n", 1, "the report would hide the command done"),
        ("report.late.columns = id,titel\n", 1, "'titel' is not a column (did you mean 'title'?)"),
        ("report.late.sort = due*\n", 1, "report.late.sort:"),
        ("report.late.limit = zero\n", 1, "'zero' is not a number of todos"),
        ("alias.t = next\nreport.t.filter = +x\n", 1, "'t' is both an alias and a report"),
    ])
    func aBadConfigStopsEveryCommandWith78(text: String, line: Int, message: String) async {
        todo.writeConfig(text)
        for arguments in [["add", "x"], ["list"], []] {
            let result = await todo.run(arguments)
            #expect(result.status == 78, "\(arguments) \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("Error: config line \(line) (\(todo.configPath)): "), "\(result)")
            #expect(result.stderr.contains(message), "\(result)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(todo.storeBytes == nil)  // nothing was added
    }

    /// Issue 18: "Weeks start on Monday" whatever the config said.
    @Test func theHelpOfDatesSaysTheConfiguredWeekStart() async {
        let monday = await todo.run(["help", "dates"])
        #expect(monday.stdout.contains("Weeks start on Monday"), "\(monday)")
        todo.writeConfig("week.start = sunday\n")
        for arguments in [["help", "dates"], ["dates", "--help"], ["--set", "week.start=sunday", "help", "dates"]] {
            let result = await todo.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout.contains("Weeks start on Sunday"), "\(arguments): \(result)")
            #expect(result.stdout.contains("The first day of this week: 2030-01-27."), "\(arguments): \(result)")
        }
        #expect(await todo.run(["--set", "week.start=monday", "help", "dates"]).stdout.contains("on Monday"))
    }

    @Test func theFixIsInTheMessage() async {
        todo.writeConfig("week.start = tuesday\n")
        let result = await todo.run(["list"])
        #expect(
            result.stderr
                == "Error: config line 1 (\(todo.configPath)): week.start: 'tuesday' is not monday or sunday; "
                + "use monday or sunday\n")
    }

    @Test func aConfigThatCannotBeReadIsAnIOError() async throws {
        try FileManager.default.createDirectory(atPath: todo.configPath, withIntermediateDirectories: true)
        let result = await todo.run(["list"])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.hasPrefix("Error: "))
    }

    // MARK: Warnings

    @Test func anUnknownKeyIsAWarningAndTheRestApplies() async {
        todo.writeConfig("week.stat = sunday\nalias.t = list +today\n")
        await todo.run(["add", "Today", "+today"])
        await todo.run(["add", "Other"])
        let result = await todo.run(["t"])
        #expect(result.status == 0, "\(result)")
        #expect(
            result.stderr
                == "Warning: config line 1 (\(todo.configPath)): todo has no setting 'week.stat'; the line is ignored. "
                + "Did you mean 'week.start'?\n")
        #expect(result.stdout.contains("Today") && !result.stdout.contains("Other"))
    }

    @Test func nextAndListTakeAFilterAndALimitAndWarnOfTheRest() async {
        todo.writeConfig("report.next.filter = +work\nreport.next.columns = id,title\nreport.list.limit = 1\n")
        await todo.run(["add", "Work", "+work"])
        await todo.run(["add", "Home"])
        let next = await todo.run(["next"])
        #expect(next.status == 0, "\(next)")
        #expect(next.stdout.contains("Work") && !next.stdout.contains("Home"), "\(next)")
        #expect(
            next.stderr
                == "Warning: config line 2 (\(todo.configPath)): report.next.columns is not used: next takes "
                + "report.next.filter and report.next.limit only; for other columns or another order, define a "
                + "report of another name\n")
        #expect(await titles(["list"]).count == 1)
    }

    @Test func aTaskwarriorNameIsRecognisedInTheWarning() async {
        todo.writeConfig("weekstart = sunday\n")
        let result = await todo.run(["list"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Did you mean 'week.start'?"), "\(result)")
    }

    // MARK: --set

    @Test func setOverridesAKeyForOneCommand() async {
        todo.writeConfig("default.command = list\n")
        await todo.run(["add", "Due", "due:2030-01-08"])
        let normal = await todo.run(["config", "default.command"])
        #expect(normal.stdout == "list  (config line 1)\n", "\(normal)")
        let overridden = await todo.run(["--set", "default.command=stats", "config", "default.command"])
        #expect(overridden.stdout == "stats  (--set)\n", "\(overridden)")
        // The format of days, for one command, anywhere on the line, repeatable (the last wins).
        let shown = await todo.run(["list", "--set=date.format=D.M.Y", "--set", "color=never"])
        #expect(shown.stdout.contains("08.01.2030"), "\(shown)")
        let twice = await todo.run(["--set", "date.format=D.M.Y", "list", "--set", "date.format=m/d/Y"])
        #expect(twice.stdout.contains("1/8/2030"), "\(twice)")
        #expect(todo.configText == "default.command = list\n")  // the file is unchanged
    }

    @Test func anUnknownSetKeyIsAnError() async {
        let result = await todo.run(["--set", "hook=off", "list"])
        #expect(result.status == 78)
        #expect(result.stderr == "Error: --set hook: todo has no setting 'hook'; did you mean 'hooks'?\n", "\(result)")
    }

    @Test func aBadSetValueOrShapeIsAnError() async {
        let value = await todo.run(["--set", "hooks=maybe", "list"])
        #expect(value.status == 78)
        #expect(value.stderr.hasPrefix("Error: --set hooks: 'maybe'"), "\(value)")
        let shape = await todo.run(["--set", "hooks", "list"])
        #expect(shape.status == 78)
        #expect(shape.stderr.contains("is not key=value"), "\(shape)")
        let missing = await todo.run(["list", "--set"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Error: missing value for '--set <key=value>'"), "\(missing)")
    }

    // MARK: todo config

    @Test func configPrintsEveryEffectiveSettingAndItsOrigin() async {
        todo.writeConfig("# mine\nweek.start = sunday\nalias.t = next +today\n")
        let result = await todo.run(["--set", "color=never", "config"])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "# Config file: \(todo.configPath)")
        #expect(lines.contains { $0.hasPrefix("week.start ") && $0.hasSuffix("= sunday  (config line 2)") })
        #expect(lines.contains { $0.hasPrefix("alias.t ") && $0.hasSuffix("= next +today  (config line 3)") })
        #expect(lines.contains { $0.hasPrefix("color ") && $0.hasSuffix("= never  (--set)") })
        #expect(lines.contains { $0.hasPrefix("default.command ") && $0.hasSuffix("= next  (default)") })
        #expect(lines.contains { $0.hasPrefix("urgency.due.coefficient ") && $0.hasSuffix("= 12  (default)") })
    }

    @Test func configJSONGivesEachSettingWithItsOrigin() async throws {
        todo.writeConfig("week.start = sunday\n")
        let result = await todo.run(["config", "--json", "--set", "hooks=off"])
        let object = try #require(result.json as? [String: Any], "\(result)")
        #expect(object["file"] as? String == todo.configPath)
        let settings = try #require(object["settings"] as? [[String: Any]])
        let byKey = Dictionary(uniqueKeysWithValues: settings.map { ($0["key"] as! String, $0) })
        #expect(byKey["week.start"]?["value"] as? String == "sunday")
        #expect(byKey["week.start"]?["origin"] as? String == "file")
        #expect(byKey["week.start"]?["line"] as? Int == 1)
        #expect(byKey["hooks"]?["origin"] as? String == "set")
        #expect(byKey["color"]?["origin"] as? String == "default")
        #expect(byKey["color"]?["line"] is NSNull)
    }

    @Test func configSetsAKeyKeepingCommentsAndOrder() async {
        todo.writeConfig("# my settings\nweek.start = monday\n\n# aliases\nalias.a = list\ncolor = auto\n")
        let result = await todo.run(["config", "week.start", "sunday"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Set week.start = sunday in \(todo.configPath)\n")
        let alias = await todo.run(["config", "alias.t", "next", "+today"])
        #expect(alias.status == 0, "\(alias)")
        #expect(
            todo.configText
                == "# my settings\nweek.start = sunday\n\n# aliases\nalias.a = list\nalias.t = next +today\ncolor = auto\n"
        )
        let unset = await todo.run(["config", "alias.a", "--unset"])
        #expect(unset.stdout == "Removed alias.a from \(todo.configPath)\n", "\(unset)")
        #expect(
            todo.configText == "# my settings\nweek.start = sunday\n\n# aliases\nalias.t = next +today\ncolor = auto\n")
        let again = await todo.run(["config", "alias.a", "--unset"])
        #expect(again.status == 0 && again.stdout.contains("not set"))
    }

    @Test func configCreatesTheFileWhenMissing() async {
        #expect(todo.configText == nil)
        let result = await todo.run(["config", "week.start", "sunday"])
        #expect(result.status == 0, "\(result)")
        #expect(todo.configText == "week.start = sunday\n")
    }

    @Test func configRefusesAnUnknownKeyOrABadValueAndChangesNothing() async {
        todo.writeConfig("color = auto\n")
        let unknown = await todo.run(["config", "week.stat", "sunday"])
        #expect(unknown.status == 78)
        #expect(unknown.stderr.contains("todo has no setting 'week.stat'; did you mean 'week.start'?"), "\(unknown)")
        let bad = await todo.run(["config", "week.start", "tuesday"])
        #expect(bad.status == 78)
        #expect(bad.stderr.contains("'tuesday' is not monday or sunday"), "\(bad)")
        let hiding = await todo.run(["config", "alias.done", "list"])
        #expect(hiding.status == 78)
        #expect(hiding.stderr.contains("would hide the command done"), "\(hiding)")
        #expect(todo.configText == "color = auto\n")
    }

    @Test func configMendsAFileThatHasAnError() async {
        todo.writeConfig("week.start = tuesday\n")
        #expect(await todo.run(["list"]).status == 78)
        let fixed = await todo.run(["config", "week.start", "monday"])
        #expect(fixed.status == 0, "\(fixed)")
        #expect(await todo.run(["list"]).status == 0)
    }

    // MARK: default.command and the first run

    @Test func plainTodoOnAnEmptyStoreWithoutConfigSaysHowToStart() async {
        let result = await todo.run([])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("No todos yet. Add your first one:\n  todo add "), "\(result)")
        #expect(result.stdout.contains("todo help"))
        #expect(result.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(result)")
        #expect(todo.storeBytes == nil)
    }

    @Test func plainTodoRunsNextByDefault() async {
        await todo.run(["add", "Low", "pri:L"])
        await todo.run(["add", "High", "pri:H"])
        let result = await todo.run([])
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("High") == true)  // the most urgent first, with its urgency
        #expect(lines.first?.contains("6.0") == true, "\(result)")
        #expect(await titles([]) == ["High", "Low"])
    }

    @Test func plainTodoRunsTheConfiguredDefaultCommand() async {
        todo.writeConfig("default.command = list +home\n")
        await todo.run(["add", "Work", "+work"])
        await todo.run(["add", "Home", "+home"])
        #expect(await titles([]) == ["Home"])
        // Not the welcome either on an empty store with a config.
        let other = TodoSandbox()
        other.writeConfig("default.command = stats\n")
        let stats = await other.run([])
        #expect(stats.status == 0 && stats.stdout.hasPrefix("pending    0"), "\(stats)")
    }

    @Test func helpAndVersionAreNotTheDefaultCommand() async {
        #expect(await todo.run(["--help"]).stdout.hasPrefix("OVERVIEW:"))
        #expect(await todo.run(["--version"]).stdout.hasPrefix("0."))
    }

    // MARK: Aliases

    @Test func anAliasExpandsBeforeParsing() async {
        todo.writeConfig("alias.t = list +today\nalias.tw = t +work\nalias.shop = add +shop\n")
        await todo.run(["add", "A", "+today", "+work"])
        await todo.run(["add", "B", "+today"])
        await todo.run(["add", "C"])
        #expect(await titles(["t"]) == ["A", "B"])
        #expect(await titles(["tw"]) == ["A"])
        #expect(await titles(["t", "-work"]) == ["B"])
        let added = await todo.run(["shop", "Milk", "--json"])
        #expect((added.json as? [String: Any])?["tags"] as? [String] == ["shop"], "\(added)")
    }

    @Test func anAliasMayStartWithFilterTerms() async {
        todo.writeConfig("alias.w = +work list\n")
        await todo.run(["add", "A", "+work"])
        await todo.run(["add", "B"])
        #expect(await titles(["w"]) == ["A"])
    }

    @Test func helpListsAliasesAndTodoHelpNamesWhatOneRuns() async {
        todo.writeConfig("alias.t = next +today\n")
        let help = await todo.run(["help"])
        #expect(help.stdout.contains("ALIASES (from the config file):"), "\(help)")
        #expect(help.stdout.contains("Runs: todo next +today"))
        let one = await todo.run(["help", "t"])
        #expect(one.stdout.hasPrefix("OVERVIEW: Runs: todo next +today"), "\(one)")
    }

    // MARK: Colours, dates, urgency

    @Test func colorAlwaysColoursAPipeAndNeverColoursNothing() async {
        await todo.run(["add", "Urgent", "pri:H"])
        #expect(!(await todo.run(["list"]).stdout.contains("\u{1B}[")))
        todo.writeConfig("color = always\n")
        #expect(await todo.run(["list"]).stdout.contains("\u{1B}["))
        #expect(!(await todo.run(["list", "--no-color"]).stdout.contains("\u{1B}[")))
        #expect(!(await todo.run(["--set", "color=never", "list"]).stdout.contains("\u{1B}[")))
    }

    @Test func dateFormatChangesShownDaysNotJSON() async throws {
        todo.writeConfig("date.format = a d b Y\n")
        let added = await todo.run(["add", "Pay", "due:2030-01-07", "wait:2030-01-02", "repeat:weekly"])
        #expect(added.stdout == "Added 1: Pay (due Mon 7 Jan 2030, repeats weekly, waits until Wed 2 Jan 2030)\n")
        let shown = await todo.run(["list", "--all"])
        #expect(shown.stdout.contains("Mon 7 Jan 2030"), "\(shown)")
        let detail = await todo.run(["show", "1"]).stdout
        #expect(detail.contains("Mon 7 Jan 2030") && detail.contains("Wed 2 Jan 2030"), "\(detail)")
        #expect(!detail.contains("2030-01-07"), "\(detail)")
        let done = await todo.run(["done", "1"]).stdout
        #expect(done.contains("Next: 2: Pay (due Mon 14 Jan 2030)"), "\(done)")
        let json = try #require(await todo.run(["list", "--all", "--json"]).json as? [[String: Any]])
        #expect(json.first?["due"] as? String == "2030-01-07")
    }

    @Test func urgencyCoefficientsChangeNextAndTheJSON() async throws {
        await todo.run(["add", "Tagged", "+next"])
        await todo.run(["add", "High", "pri:H"])
        #expect(await titles(["next"]) == ["Tagged", "High"])  // next: 15, high: 6
        todo.writeConfig("urgency.user.tag.next.coefficient = 1\n")
        #expect(await titles(["next"]) == ["High", "Tagged"])
        let json = try #require(await todo.run(["next", "--json"]).json as? [[String: Any]])
        #expect((json.last?["urgency"] as? Double).map { abs($0 - 1.8) < 0.01 } == true, "\(json)")
        let overridden = await titles(["--set", "urgency.uda.priority.H.coefficient=0", "next"])
        #expect(overridden == ["Tagged", "High"])
    }

    @Test func weekStartDecidesSowInFilters() async {
        // The last Sunday on or before today (the sandbox runs in UTC): the first day of this week
        // when weeks start on Sunday, never when they start on Monday.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.startOfDay(for: Date())
        let back = (calendar.component(.weekday, from: today) + 6) % 7  // 1 is Sunday
        let sunday = calendar.date(byAdding: .day, value: -back, to: today)!
        let parts = calendar.dateComponents([.year, .month, .day], from: sunday)
        let day = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        await todo.run(["add", "Sunday", "due:\(day)"])
        #expect(await titles(["list", "due:sow"]) == [])
        #expect(await titles(["--set", "week.start=sunday", "list", "due:sow"]) == ["Sunday"])
        todo.writeConfig("week.start = sunday\n")
        #expect(await titles(["list", "due:sow"]) == ["Sunday"])
        // A date typed with add too.
        let added = await todo.run(["add", "Typed", "due:sow", "--json"])
        #expect((added.json as? [String: Any])?["due"] as? String == day, "\(added)")
    }
}
