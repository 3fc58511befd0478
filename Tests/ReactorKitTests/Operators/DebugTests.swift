import Foundation
import ReactorKitTesting
import Synchronization
import TestSupport
import Testing

@testable import ReactorKit

/// Collects the lines `debug` prints.
private final class LineCollector: Sendable {
    private let storage = Locked<[String]>([])

    var lines: [String] { storage.withLock { $0 } }

    func append(_ line: String) {
        storage.withLock { $0.append(line) }
    }
}

/// Splits `yyyy-MM-dd HH:mm:ss.SSS: rest` into its date and the rest; `nil` if malformed.
private func splitTimestamp(_ line: String) -> (date: String, rest: String)? {
    let dateLength = "yyyy-MM-dd HH:mm:ss.SSS".count
    guard line.count > dateLength + 2 else { return nil }
    let date = String(line.prefix(dateLength))
    let separator = line.dropFirst(dateLength).prefix(2)
    guard separator == ": " else { return nil }
    let pattern = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}/
    guard date.wholeMatch(of: pattern) != nil else { return nil }
    return (date, String(line.dropFirst(dateLength + 2)))
}

@Suite struct DebugTests {
    @Test func completed() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 0), .completed(600)])
            let collector = LineCollector()
            let res = scheduler.start { xs.debug("xs", output: collector.append) }
            #expect(res.events == [.next(210, 0), .completed(600)])
            #expect(xs.subscriptions == [Subscription(200, 600)])
            let parts = collector.lines.compactMap(splitTimestamp)
            #expect(parts.count == collector.lines.count)
            #expect(
                parts.map(\.rest) == [
                    "xs -> subscribed", "xs -> Event next(0)", "xs -> Event completed", "xs -> isDisposed",
                ])
        }
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .error(600, testError)])
        let collector = LineCollector()
        let res = scheduler.start { xs.debug("xs", output: collector.append) }
        #expect(res.events == [.next(210, 0), .error(600, testError)])
        #expect(xs.subscriptions == [Subscription(200, 600)])
        #expect(
            collector.lines.compactMap(splitTimestamp).map(\.rest) == [
                "xs -> subscribed", "xs -> Event next(0)", "xs -> Event error(error)", "xs -> isDisposed",
            ])
    }

    @Test func disposalIsLoggedOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 0), .next(400, 1)])
        let collector = LineCollector()
        let res = scheduler.start(disposed: 300) { xs.debug("xs", output: collector.append) }
        #expect(res.events == [.next(210, 0)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(
            collector.lines.compactMap(splitTimestamp).map(\.rest) == [
                "xs -> subscribed", "xs -> Event next(0)", "xs -> isDisposed",
            ])
    }

    @Test func defaultIdentifierIsFileLineAndFunction() {
        expectNoLeaks {
            let collector = LineCollector()
            let line: UInt = #line + 1
            _ = Observable.just(1).debug(output: collector.append).subscribe { _ in }
            let identifier = "DebugTests.swift:\(line) (defaultIdentifierIsFileLineAndFunction())"
            #expect(
                collector.lines.compactMap(splitTimestamp).map(\.rest) == [
                    "\(identifier) -> subscribed", "\(identifier) -> Event next(1)",
                    "\(identifier) -> Event completed", "\(identifier) -> isDisposed",
                ])
        }
    }

    @Test func explicitFileIsTrimmedToItsLastComponent() {
        let collector = LineCollector()
        _ = Observable.just(1)
            .debug(file: "/a/b/Source.swift", line: 7, function: "run()", output: collector.append)
            .subscribe { _ in }
        #expect(collector.lines.first.flatMap(splitTimestamp)?.rest == "Source.swift:7 (run()) -> subscribed")
    }

    @Test func trimOutputShortensLongEvents() {
        let collector = LineCollector()
        let long = String(repeating: "a", count: 50)
        _ = Observable.just(long).debug("s", trimOutput: true, output: collector.append).subscribe { _ in }
        _ = Observable.just(long).debug("u", output: collector.append).subscribe { _ in }
        let rests = collector.lines.compactMap(splitTimestamp).map(\.rest)
        let eventText = "next(\(long))"
        let trimmed = String(eventText.prefix(20)) + "..." + String(eventText.suffix(20))
        #expect(rests.contains("s -> Event \(trimmed)"))
        #expect(rests.contains("u -> Event \(eventText)"))
        #expect(rests.contains("s -> Event completed"))
    }

    @Test func timestampIsTheCurrentTime() throws {
        let collector = LineCollector()
        let before = Date()
        _ = Observable.just(1).debug("t", output: collector.append).subscribe { _ in }
        let after = Date()
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let stamp = try #require(collector.lines.first.flatMap(splitTimestamp)?.date)
        let date = try #require(formatter.date(from: stamp))
        #expect(date.timeIntervalSince(before) > -0.002)
        #expect(date.timeIntervalSince(after) < 0.002)
    }

    @Test(arguments: [
        0, 0.999, -0.0005, -1.5, 951_782_400.5, 1_700_000_000.123, 1_700_000_000.000_499_9, 1_714_557_599.9995,
        1_720_000_000.0009, 1_735_689_599.999_9, 4_102_444_800.25,
    ])
    func timestampIsWhatDateFormatterWrote(secondsSince1970: Double) {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        let date = Date(timeIntervalSince1970: secondsSince1970)
        #expect(debugTimestamp(date) == formatter.string(from: date))
    }

    @Test func publicDebugForwardsEverything() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 0), .completed(600)])
            let res = scheduler.start { xs.debug() }
            #expect(res.events == [.next(210, 0), .completed(600)])
            #expect(xs.subscriptions == [Subscription(200, 600)])
        }
    }
}
