import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ReplaySubjectTests {
    @Test func infiniteWithBufferOfThree() {
        let run = SubjectScenario(events: infiniteSource) { ReplaySubject<Int>.create(bufferSize: 3) }
        #expect(
            run.results1.events == [
                .next(300, 3), .next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7),
            ])
        #expect(
            run.results2.events == [
                .next(400, 3), .next(400, 4), .next(400, 5), .next(410, 6), .next(520, 7), .next(630, 8),
            ])
        #expect(run.results3.events == [.next(900, 8), .next(900, 9), .next(900, 10), .next(940, 11)])
    }

    @Test func finiteReplaysBufferThenTerminalEvent() {
        let run = SubjectScenario(events: finiteSource) { ReplaySubject<Int>.create(bufferSize: 3) }
        #expect(
            run.results2.events == [
                .next(400, 3), .next(400, 4), .next(400, 5), .next(410, 6), .next(520, 7), .completed(630),
            ])
        #expect(run.results3.events == [.next(900, 5), .next(900, 6), .next(900, 7), .completed(900)])
    }

    @Test func errorIsReplayedAfterBuffer() {
        let run = SubjectScenario(events: failingSource) { ReplaySubject<Int>.create(bufferSize: 3) }
        #expect(run.results3.events == [.next(900, 5), .next(900, 6), .next(900, 7), .error(900, testError)])
    }

    @Test func bufferOfOneAndUnbounded() {
        let one = SubjectScenario(events: infiniteSource) { ReplaySubject<Int>.create(bufferSize: 1) }
        #expect(one.results3.events == [.next(900, 10), .next(940, 11)])
        let all = SubjectScenario(events: infiniteSource) { ReplaySubject<Int>.createUnbounded() }
        #expect(
            all.results1.events == [.next(300, 3), .next(300, 4), .next(340, 5), .next(410, 6), .next(520, 7)])
    }

    @Test func disposedSubjectFailsNewSubscribers() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.dispose()
        var events: [Event<Int>] = []
        _ = subject.subscribe { events.append($0) }
        #expect(events.count == 1 && events[0].error != nil)
        #expect(subject.isDisposed)
    }
}
