import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The result of one benchmark: how many operations ran, how long the best run took.
struct Measurement {
    let name: String
    let operations: Int
    let unit: String
    let best: Duration
    let median: Duration

    var perSecond: Double {
        Double(operations) / best.seconds
    }

    var nanosecondsPerOperation: Double {
        best.seconds * 1e9 / Double(operations)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

/// Runs `body` `runs` times after one warm-up run and keeps the best and median times.
func measure(_ name: String, operations: Int, unit: String, runs: Int = 5, _ body: () -> Void) -> Measurement {
    body()  // warm-up: caches, lazy metadata, page faults
    var times: [Duration] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        times.append(clock.measure(body))
    }
    times.sort()
    return Measurement(name: name, operations: operations, unit: unit, best: times[0], median: times[times.count / 2])
}

/// The process's resident memory in bytes (Linux: /proc/self/statm; elsewhere: peak RSS).
func residentMemory() -> Int {
    #if os(Linux)
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) {
            let fields = statm.split(separator: " ")
            if fields.count > 1, let pages = Int(fields[1]) {
                return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
            }
        }
    #endif
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
    #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    #endif
}

/// Formats a count per second with a thousands separator, e.g. `12,345,678`.
func formatted(_ value: Double) -> String {
    let integer = Int(value.rounded())
    var digits = Array(String(integer))
    var index = digits.count - 3
    while index > 0 {
        digits.insert(",", at: index)
        index -= 3
    }
    return String(digits)
}

func report(_ measurement: Measurement) {
    let name = measurement.name.padding(toLength: 52, withPad: " ", startingAt: 0)
    let rate = formatted(measurement.perSecond).leftPadded(to: 14)
    let perOperation = String(format: "%8.1f", measurement.nanosecondsPerOperation)
    print("\(name) \(rate) \(measurement.unit)/s  \(perOperation) ns/\(measurement.unit)")
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
