import Foundation
import Testing

@testable import TodoCore

/// The config file read line by line: its grammar, every key's values, every error with its line,
/// key and fix, and unknown keys as warnings with the key probably meant.
@Suite struct TodoConfigParsingTests {
    let file = "/home/ann/.config/todo/config"

    func config(_ text: String, overrides: [String] = []) throws(TodoConfigError) -> TodoConfig {
        try TodoConfig(file: file, text: text, overrides: overrides)
    }

    /// The error reading `text` throws.
    func error(_ text: String, overrides: [String] = []) -> TodoConfigError? {
        do {
            _ = try config(text, overrides: overrides)
            return nil
        } catch {
            return error
        }
    }

    // MARK: The file

    @Test func anEmptyFileIsTheDefaults() throws {
        let config = try config("")
        #expect(config.defaultCommand == ["next"])
        #expect(config.aliases.isEmpty && config.contexts.isEmpty && config.reports.isEmpty)
        #expect(config.activeContext == nil)
        #expect(config.color == .auto && config.weekStart == .monday && config.hooksEnabled)
        #expect(config.dateFormat == .iso && config.dateFormat.format(day("2030-01-07")) == "2030-01-07")
        #expect(config.urgencyCoefficients == .taskwarrior)
        #expect(config.sync == SyncSettings())
        #expect(config.warnings.isEmpty)
        #expect(config.hooksFolder == "/home/ann/.config/todo/hooks")
    }

    @Test func aMissingFileIsTheDefaults() throws {
        let folder = TemporaryFolder()
        let config = try TodoConfig.load(environment: ["TODO_CONFIG": folder.file("nowhere/config")])
        #expect(config.file == folder.file("nowhere/config"))
        #expect(config.weekStart == .monday && config.warnings.isEmpty)
        #expect(config.settings.allSatisfy { $0.origin == .default })
    }

    @Test func commentsBlankLinesAndSpacesAreIgnoredAndValuesAreTakenWhole() throws {
        let config = try config(
            """
            # My todo settings
               # an indented comment

            \tweek.start\t=   Sunday\u{20}\u{20}
            alias.shop = add +shop "buy milk" and = signs
            report.late.description = Late # not a comment: a # starts one only at the start of a line
            context.work=project:Work
            """)
        #expect(config.weekStart == .sunday)
        #expect(config.aliases["shop"] == ["add", "+shop", "buy milk", "and", "=", "signs"])
        #expect(
            config.reports["late"]?.description == "Late # not a comment: a # starts one only at the start of a line")
        #expect(config.contexts["work"]?.filter == (try TodoFilter(parsing: ["project:Work"])))
        #expect(
            config.setting("week.start")
                == TodoConfig.Setting(key: "week.start", value: "Sunday", origin: .file(line: 4)))
        #expect(config.warnings.isEmpty)
    }

    @Test func crlfLinesAndAByteOrderMarkAreRead() throws {
        let config = try config("\u{FEFF}# settings\r\nweek.start = sunday\r\n\r\ncolor = never\r\n")
        #expect(config.weekStart == .sunday && config.color == .never)
        #expect(config.setting("color")?.origin == .file(line: 4))
    }

    @Test func everyKeyIsTyped() throws {
        let config = try config(
            """
            default.command = list +work
            color = ALWAYS
            week.start = sunday
            date.format = a d b Y
            hooks = off
            context.home = +home -work
            context = home
            alias.t = next +today
            report.late.filter = is:overdue
            report.late.sort = urgency-,due+,description
            report.late.columns = id,due,title,urgency
            report.late.limit = 20
            report.late.description = Late todos
            urgency.due.coefficient = 15
            urgency.user.tag.next.coefficient = 20.5
            sync.url = https://dav.example.com/ann/tasks/
            sync.username = ann
            sync.password_command = pass show dav
            sync.interval = 5m
            sync.allow_insecure = no
            """)
        #expect(config.defaultCommand == ["list", "+work"])
        #expect(config.color == .always && config.weekStart == .sunday && !config.hooksEnabled)
        #expect(config.dateFormat.format(day("2030-01-07")) == "Mon 7 Jan 2030")
        #expect(config.activeContextName == "home" && config.activeContext?.tags == ["home"])
        #expect(config.expansion(ofAlias: "t") == ["next", "+today"])
        let late = try #require(config.reports["late"])
        #expect(late.filter == (try TodoFilter(parsing: ["is:overdue"])))
        #expect(late.sort?.map(\.description) == ["urgency-", "due+", "title+"])
        #expect(late.columns == [.id, .due, .title, .urgency])
        #expect(late.limit == 20 && late.description == "Late todos")
        #expect(config.urgencyCoefficients.due == 15)
        #expect(config.urgencyCoefficients.coefficient(named: "urgency.user.tag.next.coefficient") == 20.5)
        #expect(
            config.sync
                == SyncSettings(
                    url: "https://dav.example.com/ann/tasks/", username: "ann", passwordCommand: "pass show dav",
                    interval: .seconds(300), allowInsecure: false))
    }

    @Test func booleansTakeTaskwarriorsWords() throws {
        for (word, value) in [("on", true), ("Off", false), ("yes", true), ("no", false), ("TRUE", true), ("0", false)]
        {
            #expect(try config("hooks = \(word)").hooksEnabled == value)
        }
        #expect(try config("context = none").activeContext == nil)
        #expect(try config("context =").activeContext == nil)
    }

    // MARK: Errors

    @Test func aLineThatIsNotKeyEqualsValueIsAnErrorNamingTheFileTheLineAndTheFix() throws {
        let found = try #require(error("# settings\ncolor = auto\n\nweek.start monday\n"))
        #expect(found.reason == .invalid && found.line == 4 && found.key == nil && found.file == file)
        #expect(found.problem == "'week.start monday' is not key = value")
        #expect(found.fix == "write it as week.start = monday, or start it with # to make it a comment")
        #expect(
            found.description
                == "config line 4 (/home/ann/.config/todo/config): 'week.start monday' is not key = value; "
                + "write it as week.start = monday, or start it with # to make it a comment")
        #expect(error("= value")?.problem == "'= value' has no key before =")
        let spaced = try #require(error("week start = monday"))
        #expect(spaced.problem == "'week start' is not a key: a key has no spaces")
        #expect(spaced.fix == "write it as week.start = monday if that is meant")
    }

    @Test func aValueItsKeyRefusesIsAnErrorWithTheKeyAndTheFix() throws {
        let cases: [(String, String, String)] = [
            ("color = sometimes", "color", "'sometimes' is not auto, always or never"),
            ("color = alwyas", "color", "'alwyas' is not auto, always or never (did you mean 'always'?)"),
            (
                "color = never # no colours", "color",
                "'never # no colours' is not auto, always or never (a # starts a comment only at the start of a line)"
            ),
            ("week.start = tuesday", "week.start", "'tuesday' is not monday or sunday"),
            ("hooks = maybe", "hooks", "'maybe' is not on or off"),
            ("date.format = Y-M-D H:N", "date.format", "'H' in 'Y-M-D H:N' is a time, and days are shown without one"),
            ("date.format = Q", "date.format", "'Q' in 'Q' is not a date.format letter"),
            ("date.format = --", "date.format", "'--' has no date letter"),
            ("default.command =", "default.command", "the default command cannot be empty"),
            ("alias.t =", "alias.t", "an alias cannot be empty"),
            ("alias.t = next 'today", "alias.t", "the quote ' in 'next 'today' is not closed"),
            ("context.work =", "context.work", "a context needs a filter"),
            (
                "context.work = prioity:high", "context.work",
                "unknown filter attribute 'prioity' in 'prioity:high'. Did you mean 'priority:'?"
            ),
            ("report.x.limit = many", "report.x.limit", "'many' is not a number of todos"),
            ("report.x.limit = 0", "report.x.limit", "'0' is not a number of todos"),
            ("report.x.sort = due+,,urgency-", "report.x.sort", "'due+,,urgency-' has an empty sort key"),
            (
                "report.x.sort = prority+", "report.x.sort",
                "'prority' is not a field a report sorts by (did you mean 'priority'?)"
            ),
            (
                "report.x.sort = age-", "report.x.sort",
                "'age' is not a field a report sorts by (did you mean 'created'?)"
            ),
            (
                "report.x.sort = project+/", "report.x.sort",
                "'project+/': todo's reports have no breaks (a / after a sort key)"
            ),
            ("report.x.sort = due+,due-", "report.x.sort", "'due+,due-' sorts by due twice"),
            (
                "report.x.columns = id,due.relative", "report.x.columns",
                "'due.relative' is not a column (did you mean 'due'?)"
            ),
            (
                "report.x.columns = id,description", "report.x.columns",
                "'description' is not a column (did you mean 'title'?)"
            ),
            ("report.x.columns = id,id", "report.x.columns", "'id,id' shows id twice"),
            ("report.x.description =", "report.x.description", "a report's description cannot be empty"),
            ("urgency.due.coefficient = high", "urgency.due.coefficient", "'high' is not a number"),
            ("urgency.age.max = -1", "urgency.age.max", "-1.0 is below 0"),
            (
                "urgency.user.tag.BLOCKED.coefficient = 2", "urgency.user.tag.BLOCKED.coefficient",
                "+BLOCKED is one of Taskwarrior's virtual tags, which todo's urgency does not support"
            ),
            ("alias.-x = next", "alias.-x", "'-x' cannot name an alias"),
            (
                "context.none = +x", "context.none",
                "'none' cannot name a context: the name is reserved (it turns contexts off, or lists them)"
            ),
            ("report.a.b.filter = +x", "report.a.b.filter", "'a.b' cannot name a report"),
            ("sync.url = dav.example.com", "sync.url", "'dav.example.com' is not a URL"),
            ("sync.url = ftp://example.com/x", "sync.url", "'ftp://example.com/x' is not an http, https or file URL"),
            (
                "sync.url = https://ann:secret@example.com/", "sync.url",
                "'https://ann:secret@example.com/' holds a user name or password"
            ),
            ("sync.url = file://server/share", "sync.url", "'file://server/share' is not a folder of this machine"),
            (
                "sync.url = http://dav.example.com/", "sync.url",
                "'http://dav.example.com/' would send the password unencrypted to dav.example.com"
            ),
            ("sync.interval = soon", "sync.interval", "'soon' is not a time between syncs"),
            ("sync.interval = 5s", "sync.interval", "'5s' is too short"),
            ("sync.username =", "sync.username", "the user name cannot be empty"),
            ("sync.password_command =", "sync.password_command", "the password command cannot be empty"),
            ("sync.allow_insecure = perhaps", "sync.allow_insecure", "'perhaps' is not on or off"),
        ]
        for (line, key, problem) in cases {
            let found = error("# a comment\n" + line)
            #expect(found?.line == 2, "\(line)")
            #expect(found?.key == key, "\(line)")
            #expect(found?.problem == problem, "\(line)")
            #expect(found?.fix.isEmpty == false, "\(line): every error says what to do")
            #expect(found?.description.hasPrefix("config line 2 (\(file)): \(key): \(problem); ") == true, "\(line)")
        }
    }

    @Test func theFixesSayWhatToWrite() throws {
        #expect(error("week.start = tuesday")?.fix == "use monday or sunday")
        #expect(error("hooks = maybe")?.fix == "use on or off (or yes or no)")
        #expect(error("report.x.limit = 0")?.fix == "give a whole number of 1 or more, such as 25")
        #expect(error("urgency.due.coefficient = high")?.fix == "give one such as 12 or -3.5")
        #expect(
            error("sync.url = http://dav.example.com/")?.fix
                == "use https://, or set sync.allow_insecure = yes if the network is trusted")
    }

    @Test func plainHTTPIsAllowedToThisMachineOrWhenAllowed() throws {
        #expect(try config("sync.url = http://127.0.0.1:5232/ann/").sync.url == "http://127.0.0.1:5232/ann/")
        #expect(try config("sync.url = http://localhost/dav").sync.url == "http://localhost/dav")
        #expect(try config("sync.url = http://[::1]:8080/").sync.url == "http://[::1]:8080/")
        // The order of the lines does not matter.
        #expect(try config("sync.url = http://nas.lan/dav\nsync.allow_insecure = yes").sync.allowInsecure)
        #expect(try config("sync.allow_insecure = yes\nsync.url = http://nas.lan/dav").sync.url == "http://nas.lan/dav")
        #expect(try config("sync.url = file:///home/ann/tasks").sync.url == "file:///home/ann/tasks")
        #expect(try config("sync.interval = off").sync.interval == nil)
        #expect(try config("sync.interval = 2h").sync.interval == .seconds(7200))
    }

    @Test func theFirstErrorByLineIsThrownWhenThereAreSeveral() throws {
        let found = try #require(error("color = auto\nhooks = maybe\nweek.start = tuesday\nnot a setting"))
        #expect(found.line == 2 && found.key == "hooks")
    }

    @Test func aLineSetAgainWinsAndTheEarlierOneIsAWarning() throws {
        let config = try config("week.start = tuesday\ncolor = never\nweek.start = sunday")
        #expect(config.weekStart == .sunday)  // line 1's bad value is ignored, not checked
        #expect(config.setting("week.start")?.origin == .file(line: 3))
        #expect(
            config.warnings == [
                TodoConfigWarning(
                    file: file, line: 1, key: "week.start",
                    message: "week.start is set again on line 3; this line is ignored")
            ])
    }

    @Test func aLineThatIsNotUTF8IsNamed() throws {
        let folder = TemporaryFolder()
        folder.write("config", Array("color = auto\nweek.start = ".utf8) + [0xFF, 0xFE] + Array("\n".utf8))
        do {
            _ = try TodoConfig.load(environment: ["TODO_CONFIG": folder.file("config")])
            Issue.record("read")
        } catch {
            #expect(
                error.line == 2 && error.problem == "the line is not UTF-8 text"
                    && error.fix == "save the file as UTF-8")
        }
    }

    @Test func aFileThatCannotBeReadIsAFileSystemError() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("config"), withIntermediateDirectories: true)
        do {
            _ = try TodoConfig.load(environment: ["TODO_CONFIG": folder.file("config")])
            Issue.record("read")
        } catch {
            #expect(error.reason == .fileSystem && error.origin == nil)
            #expect(error.description.contains("it is a folder, not a file"))
        }
    }

    // MARK: Unknown keys

    @Test func anUnknownKeyIsAWarningWithTheKeyMeantAndTheRestApplies() throws {
        let config = try config(
            """
            week.stat = sunday
            colour = never
            weekstart = sunday
            report.late.colums = id,title
            report.late.limit = 5
            urgency.due.coeficient = 3
            urgency.next.coefficient = 3
            frobnicate = yes
            color = always
            """)
        #expect(config.color == .always && config.weekStart == .monday)
        #expect(config.reports["late"]?.limit == 5 && config.reports["late"]?.columns == nil)
        let warnings = config.warnings.map { ($0.line, $0.key, $0.suggestion) }
        #expect(warnings.map(\.0) == [1, 2, 3, 4, 6, 7, 8])
        #expect(
            warnings.map(\.2) == [
                "week.start", "color", "week.start", "report.late.columns", "urgency.due.coefficient", nil, nil,
            ])
        #expect(
            config.warnings[0].description
                == "config line 1 (\(file)): todo has no setting 'week.stat'; the line is ignored. Did you mean 'week.start'?"
        )
        #expect(
            config.warnings[5].message
                == "not a Taskwarrior 2.6 setting; the tag next's coefficient is urgency.user.tag.next.coefficient; "
                + "the line is ignored")
        #expect(
            config.warnings[6].description
                == "config line 8 (\(file)): todo has no setting 'frobnicate'; the line is ignored")
    }

    // MARK: Overrides

    @Test func overridesReplaceTheFilesValuesForOneCommand() throws {
        let config = try config(
            "week.start = sunday\nhooks = on\n", overrides: ["hooks=off", "week.start = monday", "color=never"])
        #expect(!config.hooksEnabled && config.weekStart == .monday && config.color == .never)
        #expect(config.setting("hooks")?.origin == .override)
        #expect(
            config.setting("week.start") == TodoConfig.Setting(key: "week.start", value: "monday", origin: .override))
        // The last override of a key wins.
        #expect(try self.config("", overrides: ["color=never", "color=always"]).color == .always)
        // An override replaces a bad value of the file.
        #expect(try self.config("week.start = tuesday", overrides: ["week.start=sunday"]).weekStart == .sunday)
    }

    @Test func aBadOverrideIsAnError() throws {
        let bad = try #require(error("", overrides: ["week.start=tuesday"]))
        #expect(bad.origin == .override && bad.key == "week.start" && bad.line == nil)
        #expect(bad.description == "--set week.start: 'tuesday' is not monday or sunday; use monday or sunday")
        let unknown = try #require(error("", overrides: ["hook=off"]))
        #expect(unknown.problem == "todo has no setting 'hook'" && unknown.fix == "did you mean 'hooks'?")
        let shapeless = try #require(error("", overrides: ["hooks"]))
        #expect(shapeless.problem == "'hooks' is not key=value")
        #expect(shapeless.fix == "write --set key=value, such as --set hooks=off")
        // The file's errors come first.
        #expect(error("color = x", overrides: ["hooks=maybe"])?.line == 1)
    }

    // MARK: Effective settings

    @Test func everySettingSaysWhereItComesFrom() throws {
        let config = try config("# mine\nweek.start = sunday\nalias.t = next +today\n", overrides: ["color=never"])
        let settings = Dictionary(uniqueKeysWithValues: config.settings.map { ($0.key, $0) })
        #expect(settings["week.start"]?.origin == .file(line: 2))
        #expect(settings["alias.t"] == TodoConfig.Setting(key: "alias.t", value: "next +today", origin: .file(line: 3)))
        #expect(settings["color"]?.origin == .override)
        #expect(settings["hooks"] == TodoConfig.Setting(key: "hooks", value: "on", origin: .default))
        #expect(settings["urgency.due.coefficient"]?.value == "12")
        #expect(settings["urgency.age.coefficient"]?.value == "2")
        #expect(settings["sync.url"] == TodoConfig.Setting(key: "sync.url", value: "", origin: .default))
        #expect(config.settings.map(\.key) == config.settings.map(\.key).sorted())
        #expect(config.setting("sync.url") == nil && config.setting("alias.x") == nil)
        #expect(TodoConfig.Origin.file(line: 2).description == "line 2")
        #expect(TodoConfig.Origin.override.description == "--set")
        #expect(TodoConfig.knownKeys.contains("sync.password_command"))
    }

    // MARK: Words and dates

    @Test func wordsAreSplitAsAShellDoes() throws {
        let words: [(String, [String])] = [
            ("add +shop 'buy milk'", ["add", "+shop", "buy milk"]),
            (#"add "say \"hi\" \\ now""#, ["add", #"say "hi" \ now"#]),
            (#"add it\'s"#, ["add", "it's"]),
            ("add ''", ["add", ""]),
            ("  a   b  ", ["a", "b"]),
        ]
        for (text, expected) in words {
            #expect(try ConfigWords.split(text) == expected, "\(text)")
            #expect(try ConfigWords.split(ConfigWords.join(expected)) == expected, "\(text)")
        }
        #expect(throws: ConfigProblem.self) { try ConfigWords.split(#"add "open"#) }
    }

    @Test func dateFormatsShowDaysWithTaskwarriorsLetters() throws {
        let monday = day("2030-01-07")
        #expect(try DateDisplayFormat(parsing: "Y-M-D").format(monday) == "2030-01-07")
        #expect(try DateDisplayFormat(parsing: "D.M.Y").format(monday) == "07.01.2030")
        #expect(try DateDisplayFormat(parsing: "m/d/Y").format(monday) == "1/7/2030")
        #expect(try DateDisplayFormat(parsing: "d/m/y").format(monday) == "7/1/30")
        #expect(try DateDisplayFormat(parsing: "A, d B Y").format(monday) == "Monday, 7 January 2030")
        #expect(try DateDisplayFormat(parsing: "a b d").format(monday) == "Mon Jan 7")
        #expect(try DateDisplayFormat(parsing: "Y-J (j)").format(monday) == "2030-007 (7)")
        #expect(try DateDisplayFormat(parsing: "V/v").format(monday) == "02/2")
        // ISO weeks across the years' ends: 3 January 2021 is in week 53 of 2020, 30 December
        // 2030 in week 1 of 2031.
        #expect(try DateDisplayFormat(parsing: "V").format(day("2021-01-03")) == "53")
        #expect(try DateDisplayFormat(parsing: "V").format(day("2021-01-04")) == "01")
        #expect(try DateDisplayFormat(parsing: "v").format(day("2030-12-30")) == "1")
        #expect(try DateDisplayFormat(parsing: "日 D. b").format(monday) == "日 07. Jan")
        #expect(try DateDisplayFormat(parsing: "D.M.Y").description == "D.M.Y")
        #expect(throws: TodoError.self) { try DateDisplayFormat(parsing: "Y-W") }
    }
}
