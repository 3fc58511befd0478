#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a zone of the system's tz database: a TZif file (RFC 8536) and its POSIX TZ footer.
extension ICalendarTimeZone {
    /// The folder of the system's tz database.
    static let zoneInfoFolder = "/usr/share/zoneinfo"

    /// The zone `identifier` (`Europe/Paris`) of the system's tz database; `nil` when there is no
    /// such zone or its file cannot be read. A `TZID` with a prefix (`/mozilla.org/…/Europe/Paris`)
    /// is looked up by its last two, then its last, path components.
    init?(systemIdentifier identifier: String) {
        let parts = identifier.split(separator: "/").map(String.init)
        guard !parts.isEmpty,
            parts.allSatisfy({ part in
                part != ".." && part != "."
                    && part.unicodeScalars.allSatisfy {
                        $0.isASCII
                            && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                                || "_+-.".unicodeScalars.contains($0))
                    }
            })
        else { return nil }
        var candidates = [parts.joined(separator: "/")]
        if parts.count > 2 { candidates.append(parts.suffix(2).joined(separator: "/")) }
        if parts.count > 1 { candidates.append(parts[parts.count - 1]) }
        for candidate in candidates {
            if let bytes = Self.readFile(Self.zoneInfoFolder + "/" + candidate), let zone = Self(tzif: bytes) {
                self = zone
                return
            }
        }
        return nil
    }

    /// The rules of a TZif file (version 1 data, or the 64-bit data and footer of later ones).
    init?(tzif bytes: [UInt8]) {
        guard bytes.count >= 44, bytes.starts(with: Array("TZif".utf8)) else { return nil }
        func count(_ header: Int, _ index: Int) -> Int {
            let at = header + 20 + index * 4
            return Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        }
        func counts(_ header: Int) -> (isut: Int, isstd: Int, leap: Int, time: Int, type: Int, char: Int) {
            (count(header, 0), count(header, 1), count(header, 2), count(header, 3), count(header, 4), count(header, 5))
        }
        var header = 0
        var timeSize = 4
        var c = counts(0)
        if bytes[4] >= UInt8(ascii: "2") {
            let skip = c.time * 4 + c.time + c.type * 6 + c.char + c.leap * 8 + c.isstd + c.isut
            header = 44 + skip
            guard bytes.count >= header + 44, bytes[header..<header + 4].elementsEqual("TZif".utf8) else { return nil }
            c = counts(header)
            timeSize = 8
        }
        var index = header + 44
        let dataSize = c.time * timeSize + c.time + c.type * 6 + c.char + c.leap * (timeSize + 4) + c.isstd + c.isut
        guard c.type > 0, c.type < 256, bytes.count >= index + dataSize else { return nil }
        func integer(_ at: Int, _ size: Int) -> Int {
            var value = 0
            for offset in 0..<size { value = value << 8 | Int(bytes[at + offset]) }
            let bits = size * 8
            return bits < 64 && value >= 1 << (bits - 1) ? value - (1 << bits) : value
        }
        var times: [Int] = []
        for n in 0..<c.time { times.append(integer(index + n * timeSize, timeSize)) }
        index += c.time * timeSize
        let typeIndices = Array(bytes[index..<index + c.time])
        index += c.time
        var offsets: [Int] = []
        for n in 0..<c.type { offsets.append(integer(index + n * 6, 4)) }
        index += dataSize - c.time * timeSize - c.time
        guard typeIndices.allSatisfy({ Int($0) < offsets.count }) else { return nil }
        transitions = zip(times, typeIndices).map { ($0, offsets[Int($1)]) }
        initialOffset = offsets[0]
        if timeSize == 8, index < bytes.count, bytes[index] == 0x0A,
            let end = bytes[(index + 1)...].firstIndex(of: 0x0A)
        {
            let footer = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            let after = transitions.last?.at ?? Int.min
            if let (standard, rules) = Self.posixRules(footer) {
                if rules.isEmpty {
                    if transitions.isEmpty { initialOffset = standard }
                } else {
                    self.rules = rules.map { rule in
                        var rule = rule
                        rule.start = after + 1
                        return rule
                    }
                }
            }
        }
    }

    /// The standard offset and the yearly rules of a POSIX TZ string (`CET-1CEST,M3.5.0,M10.5.0/3`);
    /// rules only in the `Mm.w.d` form.
    static func posixRules(_ text: String) -> (Int, [YearlyRule])? {
        var scalars = Substring(text)
        func name() -> Bool {
            if scalars.first == "<" {
                guard let close = scalars.firstIndex(of: ">") else { return false }
                scalars = scalars[scalars.index(after: close)...]
                return true
            }
            let letters = scalars.prefix { $0.isLetter }
            guard letters.count >= 3 else { return false }
            scalars = scalars.dropFirst(letters.count)
            return true
        }
        func time() -> Int? {
            var sign = 1
            if scalars.first == "+" || scalars.first == "-" {
                if scalars.first == "-" { sign = -1 }
                scalars = scalars.dropFirst()
            }
            var parts: [Int] = []
            repeat {
                if !parts.isEmpty { scalars = scalars.dropFirst() }
                let digits = scalars.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, let value = Int(digits) else { return nil }
                parts.append(value)
                scalars = scalars.dropFirst(digits.count)
            } while scalars.first == ":" && parts.count < 3
            let seconds = parts[0] * 3600 + (parts.count > 1 ? parts[1] * 60 : 0) + (parts.count > 2 ? parts[2] : 0)
            return sign * seconds
        }
        guard name(), let standardPosix = time() else { return nil }
        let standard = -standardPosix
        if scalars.isEmpty { return (standard, []) }
        guard name() else { return nil }
        var daylight = standard + 3600
        if scalars.first != ",", !scalars.isEmpty {
            guard let value = time() else { return nil }
            daylight = -value
        }
        func date() -> (month: Int, week: Int, weekday: Int, seconds: Int)? {
            guard scalars.first == "," else { return nil }
            scalars = scalars.dropFirst()
            guard scalars.first == "M" else { return nil }
            scalars = scalars.dropFirst()
            let fields = scalars.prefix { $0 != "," && $0 != "/" }.split(separator: ".")
            scalars = scalars.dropFirst(scalars.prefix { $0 != "," && $0 != "/" }.count)
            guard fields.count == 3, let month = Int(fields[0]), let week = Int(fields[1]), let day = Int(fields[2]),
                (1...12).contains(month), (1...5).contains(week), (0...6).contains(day)
            else { return nil }
            var seconds = 7200
            if scalars.first == "/" {
                scalars = scalars.dropFirst()
                guard let value = time() else { return nil }
                seconds = value
            }
            return (month, week, (day + 6) % 7, seconds)
        }
        guard let start = date(), let end = date() else { return (standard, []) }
        return (
            standard,
            [
                YearlyRule(
                    month: start.month, week: start.week, weekday: start.weekday, localSeconds: start.seconds,
                    from: standard, to: daylight),
                YearlyRule(
                    month: end.month, week: end.week, weekday: end.weekday, localSeconds: end.seconds, from: daylight,
                    to: standard),
            ]
        )
    }

    /// The bytes of the file at `path` (at most 1 MiB), or `nil`.
    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 1 << 20 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }
}
