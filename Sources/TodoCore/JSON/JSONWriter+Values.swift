#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The quoted values of todos, written digit by digit into the buffer (no intermediate
/// strings or arrays: a store of 100,000 todos writes 300,000 of them).
extension JSONWriter {
    /// `"2030-01-07T09:30:00Z"` (UTC, to the second).
    mutating func timestamp(_ date: Date) {
        let seconds = Timestamp.seconds(date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let day = CalendarDay(daysSinceEpoch: days)
        appendRaw { out in
            out.append(UInt8(ascii: "\""))
            JSONWriter.digits(day.year, 4, &out)
            out.append(UInt8(ascii: "-"))
            JSONWriter.digits(day.month, 2, &out)
            out.append(UInt8(ascii: "-"))
            JSONWriter.digits(day.day, 2, &out)
            out.append(UInt8(ascii: "T"))
            JSONWriter.digits(secondOfDay / 3600, 2, &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.digits(secondOfDay / 60 % 60, 2, &out)
            out.append(UInt8(ascii: ":"))
            JSONWriter.digits(secondOfDay % 60, 2, &out)
            out.append(UInt8(ascii: "Z"))
            out.append(UInt8(ascii: "\""))
        }
    }

    /// An urgency: a number to four decimals at most, without trailing zeros (`8.8`, `0`,
    /// `-3.2551`); `0` for a value that is not finite.
    mutating func urgency(_ value: Double) {
        let scaled = value.isFinite ? (value * 10_000).rounded() : 0
        guard abs(scaled) < 1e15 else {
            appendRaw { $0.append(contentsOf: Array(String(value.isFinite ? value.rounded() : 0).utf8)) }
            return
        }
        let units = Int(scaled)
        var text = (units < 0 ? "-" : "") + String(abs(units) / 10_000)
        var fraction = abs(units) % 10_000
        if fraction != 0 {
            var digits = String(fraction)
            digits = String(repeating: "0", count: 4 - digits.count) + digits
            while digits.hasSuffix("0") {
                digits.removeLast()
                fraction /= 10
            }
            text += "." + digits
        }
        appendRaw { $0.append(contentsOf: Array(text.utf8)) }
    }

    /// `"2030-01-07"`.
    mutating func day(_ day: CalendarDay) {
        appendRaw { out in
            out.append(UInt8(ascii: "\""))
            JSONWriter.digits(day.year, 4, &out)
            out.append(UInt8(ascii: "-"))
            JSONWriter.digits(day.month, 2, &out)
            out.append(UInt8(ascii: "-"))
            JSONWriter.digits(day.day, 2, &out)
            out.append(UInt8(ascii: "\""))
        }
    }

    /// `"6ba7b810-9dad-11d1-80b4-00c04fd430c8"` (lower case).
    mutating func uuid(_ uuid: UUID) {
        let value = uuid.uuid
        appendRaw { out in
            out.append(UInt8(ascii: "\""))
            withUnsafeBytes(of: value) { raw in
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
                    out.append(JSONWriter.hex(raw[index] >> 4))
                    out.append(JSONWriter.hex(raw[index] & 0x0F))
                }
            }
            out.append(UInt8(ascii: "\""))
        }
    }

    @inline(__always)
    private static func hex(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    @inline(__always)
    private static func digits(_ value: Int, _ width: Int, _ out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
