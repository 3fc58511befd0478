import Foundation
import Testing

@testable import TodoCore

/// The iCalendar tests: the content-line reader and writer, time zones, the VTODO mapping.
@Suite enum ICalendar {}

extension ICalendar {
    /// RFC 5545's content lines: unfolding, folding, escaping, parameters, components.
    @Suite struct ReaderTests {
        func parse(_ text: String) throws -> [ICalendarComponent] {
            try ICalendarComponent.parse(Array(text.utf8), file: "test.ics")
        }

        @Test func unfoldsCRLFAndLFOnlyInputAlike() throws {
            let lines = [
                "BEGIN:VCALENDAR", "BEGIN:VTODO", "SUMMARY:A long", "  title", "\tand more", "END:VTODO",
                "END:VCALENDAR",
            ]
            let crlf = try parse(lines.joined(separator: "\r\n") + "\r\n")
            let lf = try parse(lines.joined(separator: "\n"))
            #expect(crlf == lf)
            #expect(crlf[0].components[0].property("summary")?.text == "A long titleand more")
        }

        @Test func unfoldingJoinsAUTF8SequenceSplitAcrossLines() throws {
            // "é" is C3 A9: folded between its two bytes.
            var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:caf".utf8) + [0xC3]
            bytes += Array("\r\n ".utf8) + [0xA9] + Array("\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
            let calendar = try ICalendarComponent.parse(bytes, file: "x.ics")
            #expect(calendar[0].components[0].property("SUMMARY")?.text == "café")
        }

        @Test func foldsAt75OctetsNeverInsideAUTF8Sequence() throws {
            for title in [
                String(repeating: "é", count: 100), String(repeating: "a☕", count: 60),
                "x" + String(repeating: "🙂", count: 40),
            ] {
                let vtodo = ICalendarComponent(
                    name: "VTODO", properties: [ICalendarProperty(name: "SUMMARY", text: title)])
                let bytes = ICalendarComponent(name: "VCALENDAR", components: [vtodo]).serialized()
                let text = try #require(String(validating: bytes, as: UTF8.self))
                #expect(text.hasSuffix("\r\n"))
                let physical = text.components(separatedBy: "\r\n").dropLast()
                #expect(physical.count > 3)
                for line in physical {
                    #expect(line.utf8.count <= 75, "\(line.utf8.count) octets: \(line)")
                    #expect(!line.contains("\n") && !line.contains("\r"))
                }
                // Each physical line is whole UTF-8 on its own.
                var index = 0
                while index < bytes.count {
                    var end = index
                    while end + 1 < bytes.count, !(bytes[end] == 0x0D && bytes[end + 1] == 0x0A) { end += 1 }
                    #expect(String(validating: bytes[index..<end], as: UTF8.self) != nil)
                    index = end + 2
                }
                let back = try ICalendarComponent.parse(bytes, file: "x.ics")
                #expect(back[0].components[0].property("SUMMARY")?.text == title)
            }
        }

        @Test func escapesAndUnescapesText() throws {
            let text = "a, b; c\\d\nnext line"
            let property = ICalendarProperty(name: "DESCRIPTION", text: text)
            #expect(property.value == "a\\, b\\; c\\\\d\\nnext line")
            #expect(property.text == text)
            #expect(ICalendarProperty(name: "X", value: "upper\\Ncase").text == "upper\ncase")
            #expect(ICalendarProperty(name: "X", text: "crlf\r\nline").value == "crlf\\nline")
        }

        @Test func splitsCategoriesAtCommasThatAreNotEscaped() throws {
            let calendar = try parse(
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nCATEGORIES:Work,home\\,office,a\\\\,b\nEND:VTODO\nEND:VCALENDAR\n")
            let categories = try #require(calendar[0].components[0].property("CATEGORIES"))
            #expect(categories.textList == ["Work", "home,office", "a\\", "b"])
        }

        @Test func readsParametersWithQuotedValuesAndWritesThemBackAsTheyWere() throws {
            let line =
                #"ATTENDEE;ROLE=REQ-PARTICIPANT;DELEGATED-FROM="mailto:a@x.org","mailto:b@x.org";CN=Jane Doe:mailto:jane@x.org"#
            let calendar = try parse("BEGIN:VCALENDAR\nBEGIN:VTODO\n\(line)\nEND:VTODO\nEND:VCALENDAR\n")
            let property = try #require(calendar[0].components[0].property("attendee"))
            #expect(property.parameter("delegated-from") == "mailto:a@x.org")
            #expect(property.parameters[1].values == ["mailto:a@x.org", "mailto:b@x.org"])
            #expect(property.parameter("CN") == "Jane Doe")
            #expect(property.value == "mailto:jane@x.org")
            #expect(property.contentLine == line)
        }

        @Test func readsTheRFC5545ExamplesIntoATree() throws {
            let bytes = try Array(Data(contentsOf: FormatFixture.folder.appendingPathComponent("rfc5545.ics")))
            let calendars = try ICalendarComponent.parse(bytes, file: "rfc5545.ics")
            #expect(calendars.count == 1)
            let vtodos = calendars[0].components(named: "VTODO")
            #expect(vtodos.count == 3)
            let alarm = try #require(vtodos[2].components.first)
            #expect(alarm.name == "VALARM")
            #expect(alarm.property("ATTACH")?.parameter("FMTTYPE") == "audio/basic")
            // Written back, it reads the same, and the text is the file's (the file is unfolded already).
            let written = calendars[0].serialized()
            #expect(try ICalendarComponent.parse(written, file: "again.ics") == calendars)
            #expect(written == bytes)
        }

        @Test(arguments: [
            ("BEGIN:VCALENDAR\nSUMMARY\nEND:VCALENDAR\n", 2, "no ':'"),
            ("SUMMARY:outside\n", 1, "outside any component"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nEND:VCALENDAR\n", 3, "should end"),
            ("BEGIN:VCALENDAR\nBEGIN:VTODO\nEND:VTODO\n", 1, "not closed"),
            ("BEGIN:VCALENDAR\nX;P=\"open:value\nEND:VCALENDAR\n", 2, "not closed"),
            ("BEGIN:VCALENDAR\n:no name\nEND:VCALENDAR\n", 2, "not a property"),
            ("BEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCALENDAR\n", 3, "without a BEGIN"),
            ("BEGIN:\nEND:\n", 1, "does not name a component"),
        ])
        func badInputIsAnErrorNamingTheLine(text: String, line: Int, words: String) throws {
            let failure = try #require(
                importFailure { () throws(TodoError) in try ICalendarComponent.parse(Array(text.utf8), file: "bad.ics")
                })
            #expect(failure.line == line)
            #expect(failure.problem.contains(words), "\(failure.problem)")
        }

        @Test func invalidUTF8AndControlCharactersAreErrors() throws {
            let bytes = Array("BEGIN:VCALENDAR\nSUMMARY:".utf8) + [0xFF, 0x0A] + Array("END:VCALENDAR\n".utf8)
            let failure = try #require(
                importFailure { () throws(TodoError) in try ICalendarComponent.parse(bytes, file: "bad.ics") })
            #expect(failure.line == 2)
            #expect(failure.problem.contains("UTF-8"))
            let control = Array("BEGIN:VCALENDAR\nSUMMARY:a\u{07}b\nEND:VCALENDAR\n".utf8)
            #expect(
                importFailure { () throws(TodoError) in try ICalendarComponent.parse(control, file: "bad.ics") }?
                    .problem.contains("control") == true)
        }

        @Test func nestingDeeperThanTheLimitIsAnError() throws {
            let depth = ICalendarComponent.maximumDepth + 1
            let text = String(repeating: "BEGIN:X-A\n", count: depth) + String(repeating: "END:X-A\n", count: depth)
            #expect(
                importFailure { () throws(TodoError) in try ICalendarComponent.parse(Array(text.utf8), file: "deep.ics")
                }?.problem.contains("nested") == true)
        }
    }
}
