import Foundation
import TestSupport
import Testing

/// The reports on the real binary (issue 19): `calendar`, `burndown`, `summary`, `history`,
/// `projects`, `tags` — each narrowed by a filter before or after its name, its data with
/// `--json`, its lines within `COLUMNS` (80 in a pipe without it), no colour in a pipe, empty
/// stores, month boundaries, and `stats --json`'s counts of issue 19.
@Suite struct ReportsEndToEndTests {
    let todo = TodoSandbox()

    /// 1 Pay rent (Home.Bills, due 2031-02-28), 2 Plant roses +garden (Home.Garden, due
    /// 2031-03-01), 3 Write report +work (Work, due 2031-02-28, done), 4 Fix server +work (Work.Ops,
    /// active), 5 Old bill (due 2020-02-10: overdue).
    func addTodos() async {
        await todo.run(["add", "Pay", "rent", "project:Home.Bills", "due:2031-02-28", "-q"])
        await todo.run(["add", "Plant", "roses", "+garden", "project:Home.Garden", "due:2031-03-01", "-q"])
        await todo.run(["log", "Write", "report", "+work", "project:Work", "due:2031-02-28", "-q"])
        await todo.run(["add", "Fix", "server", "+work", "project:Work.Ops", "-q"])
        await todo.run(["start", "4", "-q"])
        await todo.run(["add", "Old", "bill", "due:2020-02-10", "-q"])
    }

    func json(_ arguments: [String]) async -> Any? {
        let result = await todo.run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result)")
        return result.json
    }

    func day(_ calendar: Any?, _ day: String) -> [String: Any]? {
        let months = (calendar as? [String: Any])?["months"] as? [[String: Any]] ?? []
        for month in months {
            for entry in month["days"] as? [[String: Any]] ?? [] where entry["day"] as? String == day {
                return entry
            }
        }
        return nil
    }

    @Test func calendarJSONListsTheIDsDueOnEachDayAcrossAMonthBoundary() async {
        await addTodos()
        let calendar = await json(["calendar", "2031-02", "--months", "2"])
        let months = (calendar as? [String: Any])?["months"] as? [[String: Any]] ?? []
        #expect(months.map { $0["month"] as? String } == ["2031-02", "2031-03"])
        #expect((months.first?["days"] as? [Any])?.count == 28, "February 2031 has 28 days")
        #expect((months.first?["weeks"] as? [[Any]])?.first?.count == 7)
        #expect(day(calendar, "2031-02-28")?["due"] as? [Int] == [1, 3])
        #expect(day(calendar, "2031-02-28")?["pending"] as? [Int] == [1])
        #expect(day(calendar, "2031-02-28")?["done"] as? [Int] == [3])
        #expect(day(calendar, "2031-03-01")?["due"] as? [Int] == [2])
        #expect((calendar as? [String: Any])?["weekStart"] as? String == "monday")
        let work = await json(["+work", "calendar", "2031-02"])
        #expect(day(work, "2031-02-28")?["due"] as? [Int] == [3], "a filter before the command narrows it")
        let after = await json(["calendar", "2031-02", "-work"])
        #expect(day(after, "2031-02-28")?["due"] as? [Int] == [1], "and after it, the month first")
    }

    @Test func calendarMarksOverdueDaysWithoutColourInAPipe() async {
        await addTodos()
        let overdue = await json(["calendar", "2020-02"])
        #expect(day(overdue, "2020-02-10")?["overdue"] as? Bool == true)
        let result = await todo.run(["calendar", "2020-02"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"), "no colour in a pipe")
        #expect(result.stdout.contains(" 10! "), "the overdue day marked with a character: \(result.stdout)")
        #expect(result.stdout.contains("February 2020"))
        #expect(result.stdout.contains("! overdue"), "a legend")
        for line in result.stdout.split(separator: "\n") { #expect(line.count <= 80, "80 in a pipe: \(line)") }
    }

    @Test func theWeekStartComesFromTheConfigFile() async throws {
        todo.writeConfig("week.start = sunday\n")
        let calendar = await json(["calendar", "2031-02"])
        #expect((calendar as? [String: Any])?["weekStart"] as? String == "sunday")
        let text = await todo.run(["calendar", "2031-02"]).stdout
        #expect(text.contains(" Su  Mo  Tu  We  Th  Fr  Sa"), "\(text)")
    }

    @Test func aBadMonthOrPeriodIsAUsageError() async {
        let month = await todo.run(["calendar", "2031-13"])
        #expect(month.status == 64, "\(month)")
        #expect(month.stderr.contains("not a month"), "\(month)")
        #expect(month.stdout.isEmpty)
        let period = await todo.run(["burndown", "--by", "year"])
        #expect(period.status == 64, "\(period)")
        let history = await todo.run(["history", "--by", "day"])
        #expect(history.status == 64, "history counts by month or week: \(history)")
    }

    @Test func summaryAndProjectsFollowTheHierarchy() async {
        await addTodos()
        let summary = await json(["summary"]) as? [[String: Any]] ?? []
        #expect(
            summary.map { $0["project"] as? String } == ["Home", "Home.Bills", "Home.Garden", "Work", "Work.Ops", nil])
        #expect(summary.map { $0["depth"] as? Int } == [0, 1, 1, 0, 1, 0])
        #expect(summary[3]["percentComplete"] as? Int == 50)
        #expect(
            Set(summary[0].keys) == ["project", "name", "depth", "pending", "done", "averageAge", "percentComplete"])
        let projects = await json(["projects", "+work"]) as? [[String: Any]] ?? []
        #expect(projects.map { $0["project"] as? String } == ["Work", "Work.Ops"], "a filter narrows it")
        #expect(Set(projects[0].keys) == ["project", "name", "depth", "pending", "done"])
        let text = await todo.run(["summary"], environment: ["COLUMNS": "80"]).stdout
        #expect(text.contains("\n  Bills "), "indented under Home: \(text)")
        #expect(text.contains("50% ##########.........."), "\(text)")
    }

    @Test func tagsCountPendingAndDone() async {
        await addTodos()
        let tags = await json(["tags"]) as? [[String: Any]] ?? []
        #expect(tags.map { $0["tag"] as? String } == ["garden", "work"])
        #expect(tags.last?["pending"] as? Int == 1)
        #expect(tags.last?["done"] as? Int == 1)
        let text = await todo.run(["tags"]).stdout
        #expect(text == "tag      pending  done\n+garden        1     0\n+work          1     1\n")
    }

    @Test func burndownAndHistoryCountTodaysTodos() async {
        await addTodos()
        let burndown = await json(["burndown"]) as? [String: Any] ?? [:]
        #expect(Set(burndown.keys) == ["period", "counts", "rates", "estimate", "zeroOn"])
        let today = (burndown["counts"] as? [[String: Any]])?.last ?? [:]
        #expect(today["pending"] as? Int == 3)
        #expect(today["active"] as? Int == 1)
        #expect(today["done"] as? Int == 1)
        #expect(burndown["estimate"] as? String == "noHistory")
        let weekly = await json(["+work", "burndown", "--by", "week"]) as? [String: Any] ?? [:]
        #expect(weekly["period"] as? String == "week")
        #expect((weekly["counts"] as? [[String: Any]])?.last?["pending"] as? Int == 0, "a filter narrows it")
        let history = await json(["history"]) as? [String: Any] ?? [:]
        #expect(history["added"] as? Int == 5)
        #expect(history["completed"] as? Int == 1)
        let text = await todo.run(["burndown"], environment: ["COLUMNS": "40"]).stdout
        #expect(text.contains("Too little history"), "\(text)")
        for line in text.split(separator: "\n") { #expect(line.count <= 40, "\(line)") }
    }

    @Test func anEmptyStoreGivesEmptyReports() async {
        for command in ["calendar", "burndown", "summary", "history", "projects", "tags"] {
            let result = await todo.run([command])
            #expect(result.status == 0, "\(command): \(result)")
            #expect(!result.stdout.isEmpty, "\(command)")
        }
        #expect(await todo.run(["summary"]).stdout == "No todos.\n")
        #expect(await json(["tags"]) as? [Any] != nil)
        #expect((await json(["tags"]) as? [Any])?.isEmpty == true)
        let burndown = await json(["burndown"]) as? [String: Any] ?? [:]
        #expect((burndown["counts"] as? [Any])?.count == 1)
        #expect(burndown["estimate"] as? String == "nothingOpen")
    }

    @Test func statsJSONCountsWaitingBlockedActiveAndProjects() async {
        await addTodos()
        await todo.run(["add", "Later", "wait:+3d", "depends:1", "-q"])
        let stats = await json(["stats"]) as? [String: Any] ?? [:]
        #expect(stats["waiting"] as? Int == 1)
        #expect(stats["blocked"] as? Int == 1)
        #expect(stats["active"] as? Int == 1)
        let projects = stats["projects"] as? [String: [String: Int]] ?? [:]
        #expect(
            projects["Work"] == ["pending": 0, "done": 1] || projects["work"] == ["pending": 0, "done": 1],
            "\(projects)")
    }

    @Test func theCompletionHelperOffersFilterTermsFromTheStore() async {
        await addTodos()
        #expect(await todo.run(["__complete-filter", "--", "+w"]).stdout == "+work\n")
        #expect(await todo.run(["__complete-filter", "--", "-g"]).stdout == "-garden\n")
        #expect(await todo.run(["__complete-filter", "--", "pro:Home."]).stdout == "pro:Home.Bills\npro:Home.Garden\n")
        #expect(await todo.run(["__complete-filter", "--", "du"]).stdout == "due:\n")
        #expect(await todo.run(["__complete-filter", "--", "3"]).stdout.isEmpty, "ids come from __complete-ids")
    }
}
