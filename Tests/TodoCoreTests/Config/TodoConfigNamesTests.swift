import Foundation
import Testing

@testable import TodoCore

/// Where the config file is, aliases (expansion, loops, commands they would hide) and contexts
/// (the active one, and what `add` gets from it).
@Suite struct TodoConfigNamesTests {
    let file = "/home/ann/.config/todo/config"
    let commands: Set<String> = ["add", "list", "next", "done", "edit", "context", "config"]

    func config(_ text: String, overrides: [String] = []) throws(TodoConfigError) -> TodoConfig {
        try TodoConfig(file: file, text: text, overrides: overrides)
    }

    func error(_ text: String, commands: Set<String>? = nil, reports: Set<String> = []) -> TodoConfigError? {
        do {
            _ = try TodoConfig(file: file, text: text, commands: commands, reports: reports)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Location

    @Test func theFileIsTodoConfigElseXDGConfigHomeElseHome() throws {
        #expect(try TodoConfig.location(environment: ["TODO_CONFIG": "my.conf", "HOME": "/home/ann"]) == "my.conf")
        #expect(
            try TodoConfig.location(environment: ["XDG_CONFIG_HOME": "/cfg/", "HOME": "/home/ann"])
                == "/cfg/todo/config")
        #expect(
            try TodoConfig.location(environment: ["XDG_CONFIG_HOME": "cfg", "HOME": "/home/ann"])
                == "/home/ann/.config/todo/config")
        #expect(
            try TodoConfig.location(environment: ["TODO_CONFIG": "", "HOME": "/home/ann"])
                == "/home/ann/.config/todo/config")
        #expect(try TodoConfig.location(environment: [:]) == nil)
        #expect(TodoConfig.defaults(file: nil).hooksFolder == nil)
        #expect(TodoConfig.defaults(file: "my.conf").hooksFolder == "./hooks")
        #expect(TodoConfig.defaults(file: "/etc/todo/config").hooksFolder == "/etc/todo/hooks")
    }

    @Test func aRelativeHomeIsRefused() throws {
        do {
            _ = try TodoConfig.location(environment: ["HOME": "home/ann"])
            Issue.record("located")
        } catch {
            #expect(error.reason == .fileSystem)
            #expect(
                error.description
                    == "cannot find the config file: HOME is 'home/ann', not an absolute path; "
                    + "set HOME to an absolute path, or set TODO_CONFIG")
        }
        // Without a home and without a file, the defaults.
        let config = try TodoConfig.load(environment: [:], overrides: ["color=never"])
        #expect(config.file == nil && config.color == .never)
    }

    @Test func loadReadsTheFileTheEnvironmentNames() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("xdg/todo"), withIntermediateDirectories: true)
        folder.write("xdg/todo/config", "week.start = sunday\nalias.ls = list\n")
        let config = try TodoConfig.load(environment: ["XDG_CONFIG_HOME": folder.file("xdg"), "HOME": "/nowhere"])
        #expect(config.weekStart == .sunday && config.file == folder.file("xdg/todo/config"))
        #expect(config.hooksFolder == folder.file("xdg/todo/hooks"))
        // The names are checked when the commands are given.
        #expect(throws: TodoConfigError.self) {
            try TodoConfig.load(environment: ["XDG_CONFIG_HOME": folder.file("xdg")], commands: ["ls"])
        }
    }

    // MARK: Aliases

    @Test func anAliasExpandsBeforeParsingAndAgainWhileItStartsWithAnAlias() throws {
        let config = try config(
            """
            alias.t = next +today
            alias.tw = t +work
            alias.tww = tw "due:eow" --limit 3
            alias.w = +work list
            """)
        #expect(config.expansion(ofAlias: "t") == ["next", "+today"])
        #expect(config.expansion(ofAlias: "tww") == ["next", "+today", "+work", "due:eow", "--limit", "3"])
        #expect(config.expansion(ofAlias: "list") == nil)
        #expect(config.expandingAlias(in: ["t", "+home"]) == ["next", "+today", "+home"])
        #expect(config.expandingAlias(in: ["+home", "tw"], at: 1) == ["+home", "next", "+today", "+work"])
        #expect(config.expandingAlias(in: ["list", "t"]) == ["list", "t"])
        #expect(config.expandingAlias(in: [], at: 0) == [])
        // An alias may start with a filter term; only its first word is checked.
        try config.checkNames(commands: commands)
    }

    @Test func aliasesThatLoopAreAnError() throws {
        let loop = try #require(error("color = auto\nalias.a = b +x\nalias.b = c\nalias.c = a"))
        #expect(loop.line == 2 && loop.key == "alias.a")
        #expect(
            loop.problem
                == "the aliases expand to each other in a loop (alias.a starts with b, alias.b starts with c, "
                + "alias.c starts with a)")
        #expect(loop.fix == "make one of them start with a command")
        // A loop is reported once, at its first line; an alias into a loop is not a loop itself.
        let joined = try #require(error("alias.x = a\nalias.a = b\nalias.b = a"))
        #expect(joined.line == 2)
        #expect(
            error("alias.me = me now")?.problem
                == "the aliases expand to each other in a loop (alias.me starts with me)")
    }

    @Test func anAliasThatWouldHideACommandIsAnError() throws {
        let hidden = try #require(error("# mine\nalias.list = next +work", commands: commands))
        #expect(hidden.line == 2 && hidden.key == "alias.list")
        #expect(hidden.problem == "the alias would hide the command list")
        #expect(hidden.fix == "give the alias another name")
        // Without the commands, reading does not know.
        #expect(error("alias.list = next +work") == nil)
        // The same through checkNames, on a config read before.
        let config = try config("alias.done = list +done")
        #expect(throws: TodoConfigError.self) { try config.checkNames(commands: commands) }
    }

    @Test func aReportThatWouldHideACommandIsAnErrorUnlessItIsABuiltInReport() throws {
        let hidden = try #require(error("report.add.filter = +x", commands: commands))
        #expect(hidden.key == "report.add.filter" && hidden.problem == "the report would hide the command add")
        #expect(error("report.next.columns = id,title", commands: commands, reports: ["next", "list"]) == nil)
        #expect(error("report.late.filter = is:overdue", commands: commands) == nil)
        let both = try #require(error("report.t.filter = +x\nalias.t = next"))
        #expect(both.line == 2 && both.problem == "'t' is both an alias and a report")
    }

    @Test func theDefaultCommandAndAliasesStartWithSomethingThatRuns() throws {
        let typo = try #require(error("default.command = nxt", commands: commands))
        #expect(typo.key == "default.command")
        #expect(typo.problem == "'nxt' is not a command, an alias or a report (did you mean 'next'?)")
        #expect(error("alias.x = lsit +work", commands: commands)?.problem.hasPrefix("'lsit' is not a command") == true)
        for good in [
            "default.command = list +work", "default.command = +work",
            "default.command = late\nreport.late.filter = +x",
            "default.command = t\nalias.t = next", "default.command = 3",
        ] {
            #expect(error(good, commands: commands) == nil, "\(good)")
        }
    }

    // MARK: Contexts

    @Test func theActiveContextMustBeDefined() throws {
        let config = try config("context.work = project:Work +office\ncontext.home = +home\ncontext = work")
        #expect(config.activeContext?.name == "work")
        #expect(config.activeContext?.filter == (try TodoFilter(parsing: ["project:Work", "+office"])))
        #expect(try self.config("context.work = +x\ncontext = work", overrides: ["context=none"]).activeContext == nil)
        let missing = try #require(error("context.work = +x\ncontext = wrok"))
        #expect(missing.line == 2 && missing.key == "context")
        #expect(missing.problem == "no context named 'wrok' is defined (did you mean 'work'?)")
        #expect(missing.fix == "define it with context.wrok = FILTER, or set context = none")
    }

    @Test func addGetsTheTagsAndProjectOfAPlainConjunction() throws {
        func context(_ filter: String) throws -> TodoConfig.Context {
            try #require(try config("context.c = \(filter)").contexts["c"])
        }
        let work = try context("project:Work +office +urgent -home due.before:eom")
        #expect(work.isWritable && work.tags == ["office", "urgent"] && work.project == "Work")
        let one = try context("+home")
        #expect(one.isWritable && one.tags == ["home"] && one.project == nil)
        let exact = try context("project.is:Home.Garden")
        #expect(exact.project == "Home.Garden" && exact.tags.isEmpty)
        let nested = try context("project:Home project:Home.Garden")
        #expect(nested.project == "Home.Garden")
        let clash = try context("project:Home project:Work +x")
        #expect(clash.isWritable && clash.project == nil && clash.tags == ["x"])
        let searchAndPriority = try context("pri:high report")
        #expect(searchAndPriority.isWritable && searchAndPriority.tags.isEmpty && searchAndPriority.project == nil)
        for other in ["+home or +garden", "project:Work or +urgent", "not ( +a +b )", "( +a or +b ) project:X"] {
            let context = try context(other)
            #expect(!context.isWritable && context.tags.isEmpty && context.project == nil, "\(other)")
        }
    }
}
