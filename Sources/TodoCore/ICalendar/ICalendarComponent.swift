/// One iCalendar component (`VCALENDAR`, `VTODO`, `VALARM`, `VTIMEZONE`, `X-…`): its properties
/// and the components inside it, in the order they were read.
///
/// ```swift
/// let calendars = try ICalendarComponent.parse(bytes, file: "work.ics")
/// let todos = calendars.flatMap { $0.components(named: "VTODO") }
/// let bytes = calendars[0].serialized()  // CRLF, folded at 75 octets
/// ```
public struct ICalendarComponent: Sendable, Hashable {
    /// The name as written after `BEGIN:` (names compare without case).
    public var name: String
    /// Its properties, in order.
    public var properties: [ICalendarProperty]
    /// The components inside it, in order.
    public var components: [ICalendarComponent]

    /// A component with `properties` and `components`.
    public init(name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// Whether the name is `name` (without case).
    public func `is`(_ name: String) -> Bool {
        self.name.uppercased() == name.uppercased()
    }

    /// The first property named `name` (without case).
    public func property(_ name: String) -> ICalendarProperty? {
        properties.first { $0.is(name) }
    }

    /// The components inside it named `name` (without case).
    public func components(named name: String) -> [ICalendarComponent] {
        components.filter { $0.is(name) }
    }

    /// The deepest nesting that ``parse(_:file:)`` reads; deeper is an error.
    static let maximumDepth = 64

    /// The component as iCalendar text: `BEGIN:`, its properties, its components, `END:`; each
    /// line folded at 75 octets (never inside a UTF-8 sequence) and ended with CR LF.
    public func serialized() -> [UInt8] {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return bytes
    }

    /// Appends ``serialized()`` to `bytes`.
    func append(to bytes: inout [UInt8]) {
        Self.appendFolded("BEGIN:" + name, to: &bytes)
        for property in properties { Self.appendFolded(property.contentLine, to: &bytes) }
        for component in components { component.append(to: &bytes) }
        Self.appendFolded("END:" + name, to: &bytes)
    }

    /// Appends `line` folded at 75 octets (a continuation starts with a space), then CR LF.
    ///
    /// A break never falls inside a UTF-8 sequence: the line breaks before it instead.
    static func appendFolded(_ line: String, to bytes: inout [UInt8]) {
        var utf8 = Array(line.utf8)
        // A line break inside a value has no place in a content line: it is escaped.
        if utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            utf8 = utf8.flatMap { $0 == 0x0A || $0 == 0x0D ? [UInt8(ascii: "\\"), UInt8(ascii: "n")] : [$0] }
        }
        var start = 0
        var limit = 75
        while utf8.count - start > limit {
            var end = start + limit
            while end > start + 1, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            bytes.append(contentsOf: utf8[start..<end])
            bytes.append(contentsOf: [0x0D, 0x0A, 0x20])
            start = end
            limit = 74
        }
        bytes.append(contentsOf: utf8[start...])
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    /// Reads the components of an iCalendar file (usually one `VCALENDAR`).
    ///
    /// Lines may end with CR LF or LF alone; a line starting with a space or a tab continues
    /// the one before (unfolding joins bytes, so a fold inside a UTF-8 sequence reads well).
    /// Blank lines are skipped; a UTF-8 byte order mark is skipped.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The file's name or path, for error messages.
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)`` naming the line at fault: text
    ///   that is not UTF-8, a line that is not a property, a property outside a component, an
    ///   `END` that does not close the open component, a component not closed at the end.
    public static func parse(_ bytes: [UInt8], file: String) throws(TodoError) -> [ICalendarComponent] {
        do throws(ICalendarProblem) {
            return try parse(bytes)
        } catch {
            throw TodoError.invalidImport(file: file, line: error.line, problem: error.message)
        }
    }

    /// ``parse(_:file:)``, throwing the problem with its line.
    static func parse(_ bytes: [UInt8]) throws(ICalendarProblem) -> [ICalendarComponent] {
        var roots: [ICalendarComponent] = []
        var stack: [(component: ICalendarComponent, line: Int)] = []
        var failure: ICalendarProblem?
        forEachLine(bytes) { line, number in
            do throws(ICalendarProblem) {
                guard let text = String(validating: line, as: UTF8.self) else {
                    throw ICalendarProblem("the line is not valid UTF-8 text; save the file as UTF-8")
                }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
                    throw ICalendarProblem("the line holds a control character")
                }
                let property = try ICalendarProperty.parse(text)
                if property.is("BEGIN") {
                    guard isComponentName(property.value) else {
                        throw ICalendarProblem("'BEGIN:\(property.value)' does not name a component")
                    }
                    guard stack.count < maximumDepth else {
                        throw ICalendarProblem("components nested more than \(maximumDepth) deep")
                    }
                    stack.append((ICalendarComponent(name: property.value), number))
                } else if property.is("END") {
                    guard let open = stack.popLast() else {
                        throw ICalendarProblem("'END:\(property.value)' without a BEGIN")
                    }
                    guard open.component.is(property.value) else {
                        throw ICalendarProblem(
                            "'END:\(property.value)' where \(open.component.name) (line \(open.line)) should end")
                    }
                    if stack.isEmpty {
                        roots.append(open.component)
                    } else {
                        stack[stack.count - 1].component.components.append(open.component)
                    }
                } else {
                    guard !stack.isEmpty else {
                        throw ICalendarProblem(
                            "the property \(property.name) is outside any component (BEGIN:VCALENDAR missing?)")
                    }
                    stack[stack.count - 1].component.properties.append(property)
                }
                return true
            } catch {
                failure = ICalendarProblem(error.message, line: number)
                return false
            }
        }
        if let failure { throw failure }
        if let open = stack.last {
            throw ICalendarProblem(
                "\(open.component.name) is not closed (no END:\(open.component.name))", line: open.line)
        }
        return roots
    }

    /// Whether `name` can name a component: letters, digits and `-`, not empty.
    private static func isComponentName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
    }

    /// Calls `body` with each unfolded line that is not blank (its bytes, and the number of the
    /// file's line it starts on) until it returns `false`.
    static func forEachLine(_ bytes: [UInt8], _ body: ([UInt8], Int) -> Bool) {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        var current: [UInt8] = []
        var currentNumber = 0
        var hasCurrent = false
        while index < bytes.count {
            number += 1
            var end = index
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > index, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let line = bytes[index..<lineEnd]
            index = end + 1
            if let first = line.first, first == 0x20 || first == 0x09, hasCurrent {
                current.append(contentsOf: line.dropFirst())
                continue
            }
            if hasCurrent {
                guard body(current, currentNumber) else { return }
                hasCurrent = false
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            current = Array(line)
            currentNumber = number
            hasCurrent = true
        }
        if hasCurrent { _ = body(current, currentNumber) }
    }
}
