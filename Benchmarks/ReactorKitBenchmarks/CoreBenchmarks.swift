import ReactorKit

/// Benchmarks of the reactive core: the cost every reactor pays on every action.
enum CoreBenchmarks {
    static func run() {
        print("== Reactive core")
        report(subjectScanSubscriber(events: 10_000_000))
        report(subjectMapFilterSubscriber(events: 10_000_000))
        report(behaviorSubjectSubscriber(events: 10_000_000))
        report(fromArrayMapSubscribe(elements: 1_000_000))
        report(subscribeDispose(count: 1_000_000))
        report(flatMapJust(events: 1_000_000))
        report(mergeTwoSubjects(events: 10_000_000))
        memoryWhileEventsPass(events: 1_000_000)
    }

    /// PublishSubject → scan → subscriber, the chain RxSwift 6.10 runs at ~3.1 M events/s.
    static func subjectScanSubscriber(events: Int) -> Measurement {
        measure("PublishSubject → scan → subscriber", operations: events, unit: "event") {
            let subject = PublishSubject<Int>()
            var last = 0
            let subscription = subject.scan(0) { $0 &+ $1 }.subscribe(onNext: { last = $0 })
            for value in 0..<events { subject.onNext(value) }
            subscription.dispose()
            blackHole(last)
        }
    }

    static func subjectMapFilterSubscriber(events: Int) -> Measurement {
        measure("PublishSubject → map → filter → subscriber", operations: events, unit: "event") {
            let subject = PublishSubject<Int>()
            var count = 0
            let subscription = subject.map { $0 &* 3 }.filter { $0 & 1 == 0 }.subscribe(onNext: { _ in count += 1 })
            for value in 0..<events { subject.onNext(value) }
            subscription.dispose()
            blackHole(count)
        }
    }

    static func behaviorSubjectSubscriber(events: Int) -> Measurement {
        measure("BehaviorSubject → subscriber", operations: events, unit: "event") {
            let subject = BehaviorSubject(value: 0)
            var last = 0
            let subscription = subject.subscribe(onNext: { last = $0 })
            for value in 0..<events { subject.onNext(value) }
            subscription.dispose()
            blackHole(last)
        }
    }

    static func fromArrayMapSubscribe(elements: Int) -> Measurement {
        let array = Array(0..<elements)
        return measure("Observable.from(array) → map → subscriber", operations: elements, unit: "event") {
            var sum = 0
            _ = Observable.from(array).map { $0 &+ 1 }.subscribe(onNext: { sum &+= $0 })
            blackHole(sum)
        }
    }

    static func subscribeDispose(count: Int) -> Measurement {
        let subject = PublishSubject<Int>()
        let source = subject.map { $0 + 1 }
        return measure("subscribe + dispose (subject → map)", operations: count, unit: "sub") {
            for _ in 0..<count {
                source.subscribe(onNext: { _ in }).dispose()
            }
        }
    }

    static func flatMapJust(events: Int) -> Measurement {
        measure("PublishSubject → flatMap { just } → subscriber", operations: events, unit: "event") {
            let subject = PublishSubject<Int>()
            var last = 0
            let subscription = subject.flatMap { Observable.just($0 &+ 1) }.subscribe(onNext: { last = $0 })
            for value in 0..<events { subject.onNext(value) }
            subscription.dispose()
            blackHole(last)
        }
    }

    static func mergeTwoSubjects(events: Int) -> Measurement {
        measure("merge(2 subjects) → subscriber", operations: events, unit: "event") {
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            var count = 0
            let subscription = Observable.merge(first, second).subscribe(onNext: { _ in count += 1 })
            for value in 0..<(events / 2) {
                first.onNext(value)
                second.onNext(value)
            }
            subscription.dispose()
            blackHole(count)
        }
    }

    /// Resident memory before and after a million events pass through the scan chain.
    static func memoryWhileEventsPass(events: Int) {
        let subject = PublishSubject<Int>()
        var last = 0
        let subscription = subject.scan(0) { $0 &+ $1 }.subscribe(onNext: { last = $0 })
        for value in 0..<10_000 { subject.onNext(value) }  // warm up allocator pools
        let before = residentMemory()
        var peak = before
        for value in 0..<events {
            subject.onNext(value)
            if value % 100_000 == 0 { peak = max(peak, residentMemory()) }
        }
        let after = residentMemory()
        subscription.dispose()
        blackHole(last)
        let growth = Double(max(peak, after) - before) / 1024
        print(
            "memory while \(formatted(Double(events))) events pass (scan chain): "
                + "RSS before \(before / 1024) KiB, after \(after / 1024) KiB, growth \(String(format: "%.0f", growth)) KiB"
        )
    }
}

/// Keeps the optimizer from discarding a computed value.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
