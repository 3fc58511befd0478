@_spi(Testing) import ReactorKit
import Testing

@Suite struct ReactorProbeTests {
    @Test func probeSeesEachMutationWithItsStateAndCountsRunningStreams() {
        let reactor = AsyncCounterForProbe()
        var seen: [String] = []
        let probe = ReactorProbe<AsyncCounterForProbe.Mutation, AsyncCounterForProbe.State>(onReduce: {
            mutation, state in
            seen.append("\(mutation)->\(state.value)")
        })
        #expect(reactor._attach(probe))
        reactor.action.onNext(.increase)
        #expect(seen == ["add(1)->1"])
        #expect(probe.runningMutationStreams == 0)
        reactor.action.onNext(.waitThenAdd)
        #expect(probe.runningMutationStreams == 1)
        reactor.pending.onNext(5)
        #expect(seen == ["add(1)->1", "add(5)->6"])
        #expect(probe.runningMutationStreams == 0)
        #expect(!reactor._attach(probe))  // already attached
    }

    @Test func probeAttachedAfterTheStreamIsBuiltSeesWhatFollows() {
        let reactor = AsyncCounterForProbe()
        reactor.action.onNext(.increase)
        reactor.action.onNext(.waitThenAdd)
        #expect(reactor._runningMutateStreams == 1)  // started before any probe
        var seen: [String] = []
        let probe = ReactorProbe<AsyncCounterForProbe.Mutation, AsyncCounterForProbe.State>(onReduce: {
            mutation, state in
            seen.append("\(mutation)->\(state.value)")
        })
        #expect(reactor._attach(probe))
        #expect(probe.runningMutationStreams == 0)
        reactor.action.onNext(.waitThenAdd)
        #expect(probe.runningMutationStreams == 1)
        #expect(reactor._runningMutateStreams == 2)
        reactor.pending.onNext(5)  // ends both streams
        #expect(seen == ["add(5)->6", "add(5)->11"])
        #expect(probe.runningMutationStreams == 0)
        #expect(reactor._runningMutateStreams == 0)
        let second = ReactorProbe<AsyncCounterForProbe.Mutation, AsyncCounterForProbe.State>(onReduce: { _, _ in })
        #expect(!reactor._attach(second))
        probe.detach()
        #expect(reactor._attach(second))
    }
}

private final class AsyncCounterForProbe: Reactor {
    enum Action { case increase, waitThenAdd }
    enum Mutation { case add(Int) }
    struct State { var value = 0 }
    let initialState = State()
    let pending = PublishSubject<Int>()

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .increase: return .just(.add(1))
        case .waitThenAdd: return pending.take(1).map(Mutation.add)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        guard case .add(let amount) = mutation else { return state }
        return State(value: state.value + amount)
    }
}

@Suite struct ReactorProbeStreamTests {
    @Test func reportsEachMutateStreamStartingAndEnding() {
        let reactor = AsyncCounterForProbe()
        var events: [String] = []
        let probe = ReactorProbe<AsyncCounterForProbe.Mutation, AsyncCounterForProbe.State>(
            onReduce: { _, _ in },
            onMutateStream: { stream, isRunning in events.append("\(stream):\(isRunning ? "start" : "end")") })
        #expect(reactor._attach(probe))
        reactor.action.onNext(.increase)
        reactor.action.onNext(.waitThenAdd)
        #expect(events == ["1:start", "1:end", "2:start"])
        reactor.pending.onNext(1)
        #expect(events == ["1:start", "1:end", "2:start", "2:end"])
        probe.detach()
        reactor.action.onNext(.increase)
        #expect(events.count == 4)
    }
}
