#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension ObservableType {
    /// Prints every subscription, event and disposal to standard output, and forwards every
    /// event unchanged.
    ///
    /// Each line reads `<date>: <identifier> -> <what happened>`, with the date formatted as
    /// `yyyy-MM-dd HH:mm:ss.SSS`: `subscribed` when an observer subscribes, `Event next(1)`,
    /// `Event error(…)` or `Event completed` for each event, and `isDisposed` when the
    /// subscription ends.
    ///
    /// ```swift
    /// reactor.state.debug("state")
    /// // 2024-05-01 10:00:00.000: state -> subscribed
    /// // 2024-05-01 10:00:00.001: state -> Event next(State(count: 0))
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The label printed on each line; defaults to `file:line (function)`.
    ///   - trimOutput: Whether to shorten event descriptions longer than 40 characters.
    ///   - file: The caller's file, used when `identifier` is `nil`.
    ///   - line: The caller's line, used when `identifier` is `nil`.
    ///   - function: The caller's function, used when `identifier` is `nil`.
    /// - Returns: The source sequence, logged.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        Debug(
            source: asObservable(),
            identifier: debugIdentifier(identifier, file: file, line: line, function: function),
            trimOutput: trimOutput,
            output: { print($0) })
    }

    /// `debug` with the lines sent to `output` instead of standard output; for tests.
    func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function,
        output: @escaping @Sendable (String) -> Void
    ) -> Observable<Element> {
        Debug(
            source: asObservable(),
            identifier: debugIdentifier(identifier, file: file, line: line, function: function),
            trimOutput: trimOutput,
            output: output)
    }
}

private func debugIdentifier(_ identifier: String?, file: String, line: UInt, function: String) -> String {
    if let identifier {
        return identifier
    }
    let fileName = file.lastIndex(of: "/").map { String(file[file.index(after: $0)...]) } ?? file
    return "\(fileName):\(line) (\(function))"
}

/// `date` in local time as `yyyy-MM-dd HH:mm:ss.SSS`, the time stamp of `debug` lines.
///
/// Written by hand, not with `DateFormatter` (which would link full Foundation): the Gregorian
/// calendar, the process's time zone (`TZ`, else the system's), milliseconds rounded to the
/// nearest, as `DateFormatter` with that format produced them.
func debugTimestamp(_ date: Date) -> String {
    // As CoreFoundation's formatter: to the nearest millisecond, halves up.
    var (seconds, milliseconds) = Int64((date.timeIntervalSince1970 * 1_000 + 0.5).rounded(.down))
        .quotientAndRemainder(dividingBy: 1_000)
    if milliseconds < 0 {
        seconds -= 1
        milliseconds += 1_000
    }
    var posixTime = time_t(seconds)
    var local = tm()
    _ = localtime_r(&posixTime, &local)  // fails only for years beyond `Int32`
    func two(_ value: CInt) -> String { zeroPadded(value, width: 2) }
    return "\(zeroPadded(local.tm_year + 1_900, width: 4))-\(two(local.tm_mon + 1))-\(two(local.tm_mday)) "
        + "\(two(local.tm_hour)):\(two(local.tm_min)):\(two(local.tm_sec)).\(zeroPadded(milliseconds, width: 3))"
}

/// `value` in decimal, with leading zeros up to `width` digits.
private func zeroPadded(_ value: some BinaryInteger, width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

private final class Debug<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let identifier: String
    let trimOutput: Bool
    let output: @Sendable (String) -> Void

    init(
        source: Observable<Element>, identifier: String, trimOutput: Bool, output: @escaping @Sendable (String) -> Void
    ) {
        self.source = source
        self.identifier = identifier
        self.trimOutput = trimOutput
        self.output = output
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DebugSink(parent: self, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }

    func log(_ content: String) {
        output("\(debugTimestamp(Date())): \(identifier) -> \(content)")
    }
}

private final class DebugSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the parent is immutable; disposal is logged once through an atomic flag
    typealias Element = Observer.Element
    private static var maxEventTextLength: Int { 40 }

    private let parent: Debug<Element>
    private let disposalLogged = AtomicFlag()

    init(parent: Debug<Element>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        parent.log("subscribed")
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        logNext(element)
        forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            logEvent(event)
            forwardError(error)
        case .completed:
            logEvent(event)
            forwardCompleted()
        }
    }

    /// Logs `.next(element)`; out of line so that `onNext` does not build an `Event`.
    @inline(never)
    private func logNext(_ element: Element) {
        logEvent(.next(element))
    }

    private func logEvent(_ event: Event<Element>) {
        let eventText = "\(event)"
        let limit = Self.maxEventTextLength
        let normalized =
            parent.trimOutput && eventText.count > limit
            ? String(eventText.prefix(limit / 2)) + "..." + String(eventText.suffix(limit / 2))
            : eventText
        parent.log("Event \(normalized)")
    }

    override func dispose() {
        if !isDisposed && disposalLogged.set() {
            parent.log("isDisposed")
        }
        super.dispose()
    }
}
