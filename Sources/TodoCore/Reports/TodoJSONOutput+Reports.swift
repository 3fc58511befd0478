/// The `--json` forms of the reports (documented in `Docs/Reports.md`): every key always present,
/// absent values as `null`, days as `"YYYY-MM-DD"`. `todo next --json` is ``array(_:context:)``.
extension TodoJSONOutput {
    /// `{"today":"…","weekStart":"monday","months":[…]}`, a month per line: `{"month":"2030-01",`
    /// `"weeks":[[null,1,2,…],…],"days":[{"day":"2030-01-01","due":[ids],"pending":[ids],`
    /// `"done":[ids],"overdue":false,"today":false},…]}` (every day of the month).
    public static func calendar(_ report: CalendarReport) -> String {
        var json = JSONWriter(capacity: 256 + report.months.count * 3_000)
        json.beginObject()
        json.key("today")
        json.day(report.today)
        json.key("weekStart")
        json.string(report.weekStart.rawValue)
        json.key("months")
        writeLines(report.months, to: &json) { json, month in
            json.beginObject()
            json.key("month")
            json.string(month.month.description)
            json.key("weeks")
            json.beginArray()
            for week in month.weeks {
                json.element()
                json.beginArray()
                for day in week {
                    json.element()
                    if let day { json.int(day.day.day) } else { json.null() }
                }
                json.endArray()
            }
            json.endArray()
            json.key("days")
            json.beginArray()
            for day in month.days {
                json.element()
                json.beginObject()
                json.key("day")
                json.day(day.day)
                json.key("due")
                writeIDs(day.due, to: &json)
                json.key("pending")
                writeIDs(day.pending, to: &json)
                json.key("done")
                writeIDs(day.done, to: &json)
                json.key("overdue")
                json.bool(day.isOverdue)
                json.key("today")
                json.bool(day.isToday)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endObject()
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `{"period":"day","counts":[…],"rates":{…},"estimate":"zeroOn","zeroOn":"2030-02-14"}`, a
    /// period per line: `{"start":"…","end":"…","pending":N,"active":N,"done":N,"added":N,`
    /// `"completed":N}`; `rates` is `{"window":N,"days":N,"added":N,"completed":N,`
    /// `"addedPerPeriod":x,"completedPerPeriod":x,"netPerDay":x}` or `null`; `estimate` is
    /// `zeroOn`, `notConverging`, `nothingOpen` or `noHistory`, and `zeroOn` the day or `null`.
    public static func burndown(_ report: BurndownReport) -> String {
        var json = JSONWriter(capacity: 256 + report.counts.count * 120)
        json.beginObject()
        json.key("period")
        json.string(report.period.rawValue)
        json.key("counts")
        writeLines(report.counts, to: &json) { json, counts in
            json.beginObject()
            json.key("start")
            json.day(counts.start)
            json.key("end")
            json.day(counts.end)
            json.key("pending")
            json.int(counts.pending)
            json.key("active")
            json.int(counts.active)
            json.key("done")
            json.int(counts.done)
            json.key("added")
            json.int(counts.added)
            json.key("completed")
            json.int(counts.completed)
            json.endObject()
        }
        json.key("rates")
        if let rates = report.rates {
            json.beginObject()
            json.key("window")
            json.int(rates.window)
            json.key("days")
            json.int(rates.days)
            json.key("added")
            json.int(rates.added)
            json.key("completed")
            json.int(rates.completed)
            json.key("addedPerPeriod")
            json.urgency(rates.addedPerPeriod)
            json.key("completedPerPeriod")
            json.urgency(rates.completedPerPeriod)
            json.key("netPerDay")
            json.urgency(rates.netPerDay)
            json.endObject()
        } else {
            json.null()
        }
        json.key("estimate")
        switch report.estimate {
        case .zeroOn: json.string("zeroOn")
        case .notConverging: json.string("notConverging")
        case .nothingOpen: json.string("nothingOpen")
        case .noHistory: json.string("noHistory")
        }
        json.key("zeroOn")
        if case .zeroOn(let day) = report.estimate { json.day(day) } else { json.null() }
        json.endObject()
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `{"period":"month","counts":[…],"added":N,"completed":N}`, a period per line:
    /// `{"start":"…","end":"…","added":N,"completed":N}`.
    public static func history(_ report: HistoryReport) -> String {
        var json = JSONWriter(capacity: 256 + report.counts.count * 80)
        json.beginObject()
        json.key("period")
        json.string(report.period.rawValue)
        json.key("counts")
        writeLines(report.counts, to: &json) { json, counts in
            json.beginObject()
            json.key("start")
            json.day(counts.start)
            json.key("end")
            json.day(counts.end)
            json.key("added")
            json.int(counts.added)
            json.key("completed")
            json.int(counts.completed)
            json.endObject()
        }
        json.key("added")
        json.int(report.added)
        json.key("completed")
        json.int(report.completed)
        json.endObject()
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `[` a line per project: `{"project":"Home.Garden","name":"Garden","depth":1,"pending":N,`
    /// `"done":N,"averageAge":seconds,"percentComplete":N}` `]`; `project` is `null` for `(none)`,
    /// `averageAge` (whole seconds) `null` without pending todos.
    public static func summary(_ report: SummaryReport) -> String {
        var json = JSONWriter(capacity: 64 + report.lines.count * 160)
        writeLines(report.lines, to: &json) { json, line in
            writeProject(line, to: &json) { json in
                json.key("averageAge")
                if let age = line.averageAge { json.int(Int(age.rounded())) } else { json.null() }
                json.key("percentComplete")
                json.int(line.percentComplete)
            }
        }
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `[` a line per project: `{"project":"Home.Garden","name":"Garden","depth":1,"pending":N,`
    /// `"done":N}` `]` (the lines of ``summary(_:)`` without ages and percentages).
    public static func projects(_ report: SummaryReport) -> String {
        var json = JSONWriter(capacity: 64 + report.lines.count * 100)
        writeLines(report.lines, to: &json) { json, line in
            writeProject(line, to: &json) { _ in }
        }
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `[` a line per tag: `{"tag":"work","pending":N,"done":N}` `]`.
    public static func tags(_ report: TagsReport) -> String {
        var json = JSONWriter(capacity: 64 + report.lines.count * 50)
        writeLines(report.lines, to: &json) { json, line in
            json.beginObject()
            json.key("tag")
            json.string(line.tag)
            json.key("pending")
            json.int(line.pending)
            json.key("done")
            json.int(line.done)
            json.endObject()
        }
        json.newline()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// `[` an element per line `]`, as ``array(_:context:)`` lays out todos.
    private static func writeLines<Element>(
        _ elements: [Element], to json: inout JSONWriter, _ write: (inout JSONWriter, Element) -> Void
    ) {
        json.beginArray()
        for (index, element) in elements.enumerated() {
            json.element()
            json.newline()
            write(&json, element)
            if index == elements.count - 1 { json.newline() }
        }
        json.endArray()
    }

    private static func writeIDs(_ ids: [Int], to json: inout JSONWriter) {
        json.beginArray()
        for id in ids {
            json.element()
            json.int(id)
        }
        json.endArray()
    }

    private static func writeProject(
        _ line: SummaryReport.Line, to json: inout JSONWriter, extra: (inout JSONWriter) -> Void
    ) {
        json.beginObject()
        json.key("project")
        json.string(line.project)
        json.key("name")
        json.string(line.name)
        json.key("depth")
        json.int(line.depth)
        json.key("pending")
        json.int(line.pending)
        json.key("done")
        json.int(line.done)
        extra(&json)
        json.endObject()
    }
}
