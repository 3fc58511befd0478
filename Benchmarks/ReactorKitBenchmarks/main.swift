/// Benchmarks for ReactorKit: `swift run -c release ReactorKitBenchmarks [core|reactor|bus|all]`.
///
/// Each line prints the best of five timed runs (after one warm-up run) as operations per
/// second and nanoseconds per operation. See Benchmarks/README.md for recorded figures.
let selection = CommandLine.arguments.dropFirst().first ?? "all"

switch selection {
case "core":
    CoreBenchmarks.run()
case "reactor":
    ReactorBenchmarks.run()
case "bus":
    BusBenchmarks.run()
case "all":
    CoreBenchmarks.run()
    ReactorBenchmarks.run()
    BusBenchmarks.run()
case "profile-reactor":
    _ = ReactorBenchmarks.actionsWithoutSubscriber(count: 100_000)
case "profile-fanout":
    _ = ReactorBenchmarks.globalSubjectFanOut(reactors: 100, events: 1_000)
case "profile-scan":
    // One pass of the scan chain, for profilers (valgrind --tool=callgrind, perf).
    _ = CoreBenchmarks.subjectScanSubscriber(events: 200_000)
case "profile-flatmap":
    _ = CoreBenchmarks.flatMapJust(events: 100_000)
case "profile-merge":
    _ = CoreBenchmarks.mergeTwoSubjects(events: 200_000)
case "profile-subscribe":
    _ = CoreBenchmarks.subscribeDispose(count: 20_000)
default:
    print(
        "usage: ReactorKitBenchmarks "
            + "[core|reactor|bus|all|profile-scan|profile-reactor|profile-fanout|profile-flatmap|profile-merge|profile-subscribe]"
    )
}
