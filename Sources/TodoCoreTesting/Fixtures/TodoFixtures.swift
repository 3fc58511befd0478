import Foundation
import TodoCore

/// The fixed values tests are written against: an instant, UUIDs by number, days by text.
public enum TodoFixtures {
    /// Monday 2030-01-07 09:30:00 UTC: the time of a ``FakeClock``, and when
    /// ``TodoCore/Todo/fixture(_:_:isDone:priority:due:tags:note:project:createdAt:)`` todos were
    /// created.
    public static let now = Date(timeIntervalSince1970: 1_894_008_600)

    /// The UUID `00000000-0000-0000-0000-00000000000N` (`number` in hexadecimal): the `number`th
    /// UUID `UUIDSource.sequential()` hands out.
    public static func uuid(_ number: Int) -> UUID {
        let hex = String(number, radix: 16)
        let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        return UUID(uuidString: "00000000-0000-0000-0000-" + digits)!
    }

    /// The day written `text` as `YYYY-MM-DD`; a text that is no such day stops the test.
    public static func day(_ text: String) -> CalendarDay {
        do {
            return try CalendarDay(parsing: text)
        } catch {
            preconditionFailure("'\(text)' is not a day written YYYY-MM-DD: \(error)")
        }
    }
}
