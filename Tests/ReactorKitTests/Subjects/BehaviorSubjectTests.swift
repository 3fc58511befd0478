import Dispatch
import ReactorKit
import ReactorKitTesting
import Synchronization
import Testing

@Suite struct BehaviorSubjectTests {
    @Test func infinite() {
        let run = SubjectScenario(events: infiniteSource) { BehaviorSubject(value: 100) }
        #expect(run.results1.events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(run.results2.events == [.next(400, 5), .next(410, 6), .next(520, 7), .next(630, 8)])
        #expect(run.results3.events == [.next(900, 10), .next(940, 11)])
    }

    @Test func finite() {
        let run = SubjectScenario(events: finiteSource) { BehaviorSubject(value: 100) }
        #expect(run.results1.events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(run.results2.events == [.next(400, 5), .next(410, 6), .next(520, 7), .completed(630)])
        #expect(run.results3.events == [.completed(900)])
    }

    @Test func error() {
        let run = SubjectScenario(events: failingSource) { BehaviorSubject(value: 100) }
        #expect(run.results1.events == [.next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
        #expect(run.results2.events == [.next(400, 5), .next(410, 6), .next(520, 7), .error(630, testError)])
        #expect(run.results3.events == [.error(900, testError)])
    }

    @Test func canceled() {
        let run = SubjectScenario(events: canceledSource) { BehaviorSubject(value: 100) }
        #expect(run.results1.events == [.next(300, 100)])
        #expect(run.results2.events == [.next(400, 100), .completed(630)])
        #expect(run.results3.events == [.completed(900)])
    }

    @Test func valueFollowsTheLatestElementAndThrowsAfterErrorOrDispose() throws {
        let subject = BehaviorSubject(value: 1)
        #expect(try subject.value() == 1)
        subject.onNext(2)
        #expect(try subject.value() == 2)
        subject.onCompleted()
        #expect(try subject.value() == 2)

        let failed = BehaviorSubject(value: 1)
        failed.onError(testError)
        #expect(throws: TestError.self) { try failed.value() }

        let disposed = BehaviorSubject(value: 1)
        disposed.dispose()
        #expect(throws: RxError.self) { try disposed.value() }
    }

    @Test func newSubscriberGetsCurrentValueSynchronously() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: "a")
            subject.onNext("b")
            var received: [String] = []
            let subscription = subject.subscribe(onNext: { received.append($0) })
            #expect(received == ["b"])
            subject.onNext("c")
            #expect(received == ["b", "c"])
            subscription.dispose()
        }
    }

    @Test func subscriberSeesReplayBeforeConcurrentEventsAndInOrder() {
        // Many threads send increasing values while others subscribe: every subscriber must
        // see a strictly increasing sequence starting with the value current at subscription.
        let subject = BehaviorSubject(value: 0)
        let violations = Atomic<Int>(0)
        let bag = DisposeBag()
        let subscribers = ConcurrentRecorder<Disposable>()
        DispatchQueue.concurrentPerform(iterations: 6) { thread in
            if thread == 0 {
                for value in 1...20_000 { subject.onNext(value) }
            } else {
                for _ in 0..<200 {
                    var last = -1
                    let subscription = subject.subscribe(onNext: { value in
                        if value <= last { violations.add(1, ordering: .relaxed) }
                        last = value
                    })
                    subscribers.append(subscription)
                }
            }
        }
        for subscription in subscribers.values { subscription.disposed(by: bag) }
        #expect(violations.load(ordering: .relaxed) == 0)
    }

    @Test func subscribersAreNotHeldHostageByAnEndlessProducer() {
        // A producer sends until the subscribers are done; each subscription delivers the
        // current value (making the subscriber the emitter). Without a hand-off of the
        // emitter role, a subscriber would drain the producer's events forever.
        let subject = BehaviorSubject(value: 0)
        let probe = SerialDeliveryProbe()
        let keeper = subject.subscribe(onNext: { _ in
            probe.enter()
            probe.leave()
        })
        let stop = Atomic<Bool>(false)
        let producerDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var value = 1
            while !stop.load(ordering: .relaxed) {
                subject.onNext(value)
                value += 1
            }
            producerDone.signal()
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<200 {
                var last = -1
                var ordered = true
                let subscription = subject.subscribe(onNext: { value in
                    if value < last { ordered = false }
                    last = value
                })
                subscription.dispose()
                #expect(ordered)
            }
        }
        stop.store(true, ordering: .relaxed)
        producerDone.wait()
        keeper.dispose()
        #expect(probe.maximum == 1)
    }
}
