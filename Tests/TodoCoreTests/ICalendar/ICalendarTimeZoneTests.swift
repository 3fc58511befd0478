import Foundation
import Testing

@testable import TodoCore

extension ICalendar {
    /// DATE and DATE-TIME values, and zones from the system's tz database or a VTIMEZONE.
    @Suite struct TimeZoneTests {
        /// Seconds since 1970 of a UTC time `YYYYMMDDTHHMMSS`.
        func utc(_ text: String) -> Int {
            ICalendarDateTime(ICalendarProperty(name: "X", value: text + "Z"))!.wallClock
        }

        @Test func systemZonesGiveTheirOffsetsInWinterAndSummerIncludingFarFutureYears() throws {
            let newYork = try #require(ICalendarTimeZone(systemIdentifier: "America/New_York"))
            #expect(newYork.offset(atUTC: utc("20300115T120000")) == -5 * 3600)
            #expect(newYork.offset(atUTC: utc("20300715T120000")) == -4 * 3600)
            #expect(newYork.offset(atUTC: utc("20900715T120000")) == -4 * 3600)  // past the file's transitions
            #expect(newYork.offset(atUTC: utc("20901215T120000")) == -5 * 3600)
            let sydney = try #require(ICalendarTimeZone(systemIdentifier: "Australia/Sydney"))
            #expect(sydney.offset(atUTC: utc("20300115T120000")) == 11 * 3600)
            #expect(sydney.offset(atUTC: utc("20300715T120000")) == 10 * 3600)
            #expect(sydney.offset(atUTC: utc("20800115T120000")) == 11 * 3600)
            let kolkata = try #require(ICalendarTimeZone(systemIdentifier: "Asia/Kolkata"))
            #expect(kolkata.offset(atUTC: utc("20300715T120000")) == 19_800)
            // A prefixed TZID (Mozilla's) finds its zone; unknown or unsafe ones none.
            #expect(ICalendarTimeZone(systemIdentifier: "/mozilla.org/20050126_1/Europe/Paris") != nil)
            #expect(ICalendarTimeZone(systemIdentifier: "Nowhere/Special") == nil)
            #expect(ICalendarTimeZone(systemIdentifier: "../../etc/passwd") == nil)
        }

        @Test func theDSTChangeOfASystemZoneFallsAtTheRightInstant() throws {
            let newYork = try #require(ICalendarTimeZone(systemIdentifier: "America/New_York"))
            // 2030-03-10 02:00 EST is 07:00 UTC: the change to EDT.
            #expect(newYork.offset(atUTC: utc("20300310T065959")) == -5 * 3600)
            #expect(newYork.offset(atUTC: utc("20300310T070000")) == -4 * 3600)
            // Wall-clock times either side of it.
            #expect(newYork.utc(fromLocal: utc("20300310T013000")) == utc("20300310T063000"))
            #expect(newYork.utc(fromLocal: utc("20300310T033000")) == utc("20300310T073000"))
            // In the autumn overlap (01:30 twice), the first.
            #expect(newYork.utc(fromLocal: utc("20301103T013000")) == utc("20301103T053000"))
        }

        @Test func anEmbeddedVTIMEZONEGivesTheSameInstantsAsTheSystemZone() throws {
            let bytes = try Array(Data(contentsOf: FormatFixture.folder.appendingPathComponent("nextcloud.ics")))
            let calendar = try ICalendarComponent.parse(bytes, file: "nextcloud.ics")[0]
            let embedded = try #require(ICalendarTimeZone(vtimezone: calendar.components(named: "VTIMEZONE")[0]))
            let system = try #require(ICalendarTimeZone(systemIdentifier: "America/New_York"))
            for time in ["20300310T013000", "20300310T033000", "20300715T120000", "20301103T003000", "20301104T120000"]
            {
                #expect(embedded.utc(fromLocal: utc(time)) == system.utc(fromLocal: utc(time)), "\(time)")
            }
        }

        @Test func aTZIDdDueAcrossTheDSTChangeIsReadAsTheRightLocalDay() throws {
            // In UTC, 19:30 New York time is 23:30 or 00:30 the next day, depending on DST.
            for (tzid, vtimezone) in [("America/New_York", ""), ("Custom/Eastern", Self.eastern)] {
                func due(_ time: String) throws -> CalendarDay? {
                    let text = """
                        BEGIN:VCALENDAR
                        \(vtimezone)BEGIN:VTODO
                        UID:x
                        SUMMARY:t
                        DUE;TZID=\(tzid):\(time)
                        END:VTODO
                        END:VCALENDAR

                        """
                    return try ICalendarFormat.parse(Array(text.utf8), file: "x.ics")[0].due
                }
                #expect(try due("20300309T183000") == CalendarDay(year: 2030, month: 3, day: 9))  // EST: 23:30Z
                #expect(try due("20300309T193000") == CalendarDay(year: 2030, month: 3, day: 10))  // EST: 00:30Z
                #expect(try due("20300310T193000") == CalendarDay(year: 2030, month: 3, day: 10))  // EDT: 23:30Z
                #expect(try due("20300310T203000") == CalendarDay(year: 2030, month: 3, day: 11))  // EDT: 00:30Z
            }
        }

        @Test func utcFloatingAndDateValuesAreReadAsTheyAre() throws {
            let zones = ICalendarTimeZones()
            let tokyo: (Date) -> Int = { _ in 9 * 3600 }
            let floating = try #require(ICalendarDateTime(ICalendarProperty(name: "DUE", value: "20300101T230000")))
            #expect(floating.localDay(zones: zones, utcOffset: tokyo) == CalendarDay(year: 2030, month: 1, day: 1))
            let inUTC = try #require(ICalendarDateTime(ICalendarProperty(name: "DUE", value: "20300101T230000Z")))
            #expect(inUTC.localDay(zones: zones, utcOffset: tokyo) == CalendarDay(year: 2030, month: 1, day: 2))
            let date = try #require(ICalendarDateTime(ICalendarProperty(name: "DUE", value: "20300101")))
            #expect(
                date.isDate
                    && date.localDay(zones: zones, utcOffset: tokyo) == CalendarDay(year: 2030, month: 1, day: 1))
            for bad in ["2030", "20301301", "20300101T250000", "20300101T1200", "20300101X120000", "20300101T120000ZZ"]
            {
                #expect(ICalendarDateTime(ICalendarProperty(name: "DUE", value: bad)) == nil, "\(bad)")
            }
        }

        static let eastern = """
            BEGIN:VTIMEZONE
            TZID:Custom/Eastern
            BEGIN:DAYLIGHT
            DTSTART:20070311T020000
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
            TZOFFSETFROM:-0500
            TZOFFSETTO:-0400
            END:DAYLIGHT
            BEGIN:STANDARD
            DTSTART:20071104T020000
            RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
            TZOFFSETFROM:-0400
            TZOFFSETTO:-0500
            END:STANDARD
            END:VTIMEZONE

            """
    }
}
