import Dispatch
import ReactorKit
import ReactorKitTesting
import Synchronization
import Testing

@Suite struct PublishSubjectTests {
    @Test func infinite() {
        let run = SubjectScenario(events: infiniteSource) { PublishSubject<Int>() }
        #expect(run.results1.events == [.next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(run.results2.events == [.next(410, 6), .next(520, 7), .next(630, 8)])
        #expect(run.results3.events == [.next(940, 11)])
    }

    @Test func finite() {
        let run = SubjectScenario(events: finiteSource) { PublishSubject<Int>() }
        #expect(run.results1.events == [.next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(run.results2.events == [.next(410, 6), .next(520, 7), .completed(630)])
        #expect(run.results3.events == [.completed(900)])
    }

    @Test func error() {
        let run = SubjectScenario(events: failingSource) { PublishSubject<Int>() }
        #expect(run.results1.events == [.next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(run.results2.events == [.next(410, 6), .next(520, 7), .error(630, testError)])
        #expect(run.results3.events == [.error(900, testError)])
    }

    @Test func canceled() {
        let run = SubjectScenario(events: canceledSource) { PublishSubject<Int>() }
        #expect(run.results1.events == [])
        #expect(run.results2.events == [.completed(630)])
        #expect(run.results3.events == [.completed(900)])
    }

    @Test func hasObservers() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            #expect(!subject.hasObservers)
            let first = subject.subscribe(onNext: { _ in })
            let second = subject.subscribe(onNext: { _ in })
            #expect(subject.hasObservers)
            first.dispose()
            #expect(subject.hasObservers)
            second.dispose()
            #expect(!subject.hasObservers)
        }
    }

    @Test func disposedSubjectIgnoresEventsAndFailsNewSubscribers() {
        let subject = PublishSubject<Int>()
        var received: [Event<Int>] = []
        _ = subject.subscribe { received.append($0) }
        subject.dispose()
        #expect(subject.isDisposed)
        subject.onNext(1)
        #expect(received.isEmpty)
        var late: [Event<Int>] = []
        _ = subject.subscribe { late.append($0) }
        #expect(late.count == 1)
        #expect(late.first?.error.map { "\($0)".contains("already disposed") } == true)
    }

    @Test(.reentrantOnPurpose) func reentrantSendIsDeliveredAtOnceToAllObservers() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var log: [String] = []
            let a = subject.subscribe(onNext: { value in
                log.append("a\(value)")
                if value == 1 { subject.onNext(2) }
            })
            let b = subject.subscribe(onNext: { value in log.append("b\(value)") })
            subject.onNext(1)
            // RxSwift delivers a re-entrant event immediately (nested).
            #expect(log == ["a1", "a2", "b2", "b1"])
            a.dispose()
            b.dispose()
        }
    }

    @Test func observerDisposedDuringDeliveryReceivesNothingMore() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            var second: Disposable?
            let first = subject.subscribe(onNext: { _ in second?.dispose() })
            second = subject.subscribe(onNext: { received.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            #expect(received.isEmpty)
            first.dispose()
        }
    }

    @Test func manyThreadsFeedingOneSubjectNeverOverlapAndLoseNothing() {
        let subject = PublishSubject<Int>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let threads = 8
        let perThread = 5_000
        var sum = 0
        var count = 0
        let subscription = subject.subscribe(onNext: { value in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            sum += value
            count += 1
            inside.subtract(1, ordering: .acquiringAndReleasing)
        })
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                subject.onNext(thread * perThread + index)
            }
        }
        let total = threads * perThread
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(count == total)
        #expect(sum == total * (total - 1) / 2)
        subscription.dispose()
    }

    @Test func eachThreadsEventsArriveInTheOrderSent() {
        let subject = PublishSubject<(thread: Int, index: Int)>()
        var lastIndex = [Int](repeating: -1, count: 4)
        var outOfOrder = 0
        let subscription = subject.subscribe(onNext: { value in
            if value.index != lastIndex[value.thread] + 1 { outOfOrder += 1 }
            lastIndex[value.thread] = value.index
        })
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for index in 0..<2_000 { subject.onNext((thread, index)) }
        }
        #expect(outOfOrder == 0)
        #expect(lastIndex == [1_999, 1_999, 1_999, 1_999])
        subscription.dispose()
    }

    @Test func concurrentSubscribeAndDisposeIsSafe() {
        let subject = PublishSubject<Int>()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<500 {
                let subscription = subject.subscribe(onNext: { _ in })
                subject.onNext(thread * 1_000 + index)
                subscription.dispose()
            }
        }
        #expect(!subject.hasObservers)
    }
}
