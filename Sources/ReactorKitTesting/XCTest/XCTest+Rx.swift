import ReactorKit

// RxTest's assertions, with RxTest's names and parameters: they compare events as the `==` of
// this module does (errors by description) and list the differences on standard output. A
// failure is reported to whichever framework runs the test, Swift Testing or XCTest.
//
// Their only defaulted parameters are `file` and `line`, as in RxTest: with one more than
// XCTest's own `XCTAssertEqual` (message, file, line), the compiler would prefer XCTest's.

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asserts that two lists of events are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Event<T>],
    _ rhs: [Event<T>],
    file: StaticString = #file,
    line: UInt = #line
) {
    assertEventsEqual(lhs, rhs, at: FailureLocation(file: file, line: line))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asserts that two lists of single events are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [SingleEvent<T>],
    _ rhs: [SingleEvent<T>],
    file: StaticString = #file,
    line: UInt = #line
) {
    assertEventsEqual(
        lhs.map { EquatableSingleEvent($0) }, rhs.map { EquatableSingleEvent($0) },
        at: FailureLocation(file: file, line: line))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asserts that two lists of maybe events are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [MaybeEvent<T>],
    _ rhs: [MaybeEvent<T>],
    file: StaticString = #file,
    line: UInt = #line
) {
    assertEventsEqual(lhs, rhs, at: FailureLocation(file: file, line: line))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asserts that two lists of completable events are equal.
public func XCTAssertEqual(
    _ lhs: [CompletableEvent],
    _ rhs: [CompletableEvent],
    file: StaticString = #file,
    line: UInt = #line
) {
    assertEventsEqual(lhs, rhs, at: FailureLocation(file: file, line: line))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asserts that two lists of recorded events are equal: same times, equal events.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T>>],
    _ rhs: [Recorded<Event<T>>],
    file: StaticString = #file,
    line: UInt = #line
) {
    assertEventsEqual(lhs, rhs, at: FailureLocation(file: file, line: line))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asserts that two lists of recorded events with optional elements are equal.
public func XCTAssertEqual<T: Equatable>(
    _ lhs: [Recorded<Event<T?>>],
    _ rhs: [Recorded<Event<T?>>],
    file: StaticString = #file,
    line: UInt = #line
) {
    assertEventsEqual(lhs, rhs, at: FailureLocation(file: file, line: line))
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Asserts that `stream` holds exactly `elements`, in order, and no terminal event; the
/// times are not compared.
public func XCTAssertRecordedElements<T: Equatable>(
    _ stream: [Recorded<Event<T>>],
    _ elements: [T],
    file: StaticString = #file,
    line: UInt = #line
) {
    let location = FailureLocation(file: file, line: line)
    if let stopEvent = stream.first(where: { $0.value.isStopEvent }) {
        FailureReporter().report("A non-next stop event has been emitted: \(stopEvent)", at: location)
        return
    }
    let streamElements = stream.compactMap { $0.value.element }
    assertEventsEqual(streamElements, elements, at: location)
}

/// Reports a failure listing the differences when `lhs` and `rhs` differ.
func assertEventsEqual<E: Equatable>(_ lhs: [E], _ rhs: [E], at location: FailureLocation) {
    if let message = sequenceDifferences(lhs, rhs) {
        print(message)
        FailureReporter().report(message, at: location)
    }
}

/// A description of how `lhs` and `rhs` differ, or `nil` when they are equal.
func sequenceDifferences<E: Equatable>(_ lhs: [E], _ rhs: [E]) -> String? {
    if lhs == rhs {
        return nil
    }
    var lines = ["(\"\(lhs)\") is not equal to (\"\(rhs)\")", "Differences:"]
    for (index, pair) in zip(lhs, rhs).enumerated() where pair.0 != pair.1 {
        lines.append("lhs[\(index)]:\n    \(pair.0)")
        lines.append("rhs[\(index)]:\n    \(pair.1)")
    }
    let shortest = min(lhs.count, rhs.count)
    for index in shortest..<lhs.count {
        lines.append("lhs[\(index)]:\n    \(lhs[index])")
    }
    for index in shortest..<rhs.count {
        lines.append("rhs[\(index)]:\n    \(rhs[index])")
    }
    return lines.joined(separator: "\n")
}

/// A single event compared with this module's `==` (errors by description).
private struct EquatableSingleEvent<T: Equatable>: Equatable, CustomStringConvertible {
    let event: SingleEvent<T>

    init(_ event: SingleEvent<T>) {
        self.event = event
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.event == rhs.event
    }

    var description: String {
        switch event {
        case .success(let element): return "success(\(element))"
        case .failure(let error): return "failure(\(error))"
        }
    }
}

extension FailureLocation {
    /// The location of an assertion given as RxTest's `file` (a `#file`, which is a `#fileID`
    /// in Swift 6, or a full path: either contains the "/" Swift Testing requires) and `line`.
    init(file: StaticString, line: UInt) {
        self.init(fileID: file, filePath: file, line: line, column: 1)
    }
}
