import ReactorKit
import Testing

@Suite struct StubTests {
    @Test func stubbedActionAndStateAreTheStubsVeryObjects() {
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        #expect(reactor.action === reactor.stub.action)
        #expect(reactor.state === reactor.stub.state.asObservable())
        #expect(reactor.state === reactor.state)
    }

    @Test func mutateAndReduceNeverRunWhileStubbed() {
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        reactor.action.onNext(.increase)
        reactor.action.onNext(.decrease)
        #expect(reactor.calls.count("mutate") == 0)
        #expect(reactor.calls.count("reduce") == 0)
        #expect(reactor.calls.count("transform(action:)") == 0)
        #expect(reactor.stub.actions == [.increase, .decrease])
        #expect(reactor.currentState.value == 0)
    }

    @Test func stubStateDrivesStateAndCurrentState() {
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        var received: [Int] = []
        let subscription = reactor.state.subscribe(onNext: { received.append($0.value) })
        reactor.stub.state.value = CounterReactor.State(value: 5)
        reactor.stub.state.accept(CounterReactor.State(value: 5))
        #expect(received == [0, 5, 5])
        #expect(reactor.currentState.value == 5)
        subscription.dispose()
    }

    @Test func firstReadOfTheStubResetsCurrentStateToTheInitialState() {
        let reactor = CounterReactor()
        reactor.action.onNext(.increase)
        #expect(reactor.currentState.value == 1)
        _ = reactor.stub
        #expect(reactor.currentState.value == 0)
        _ = reactor.stub
        reactor.stub.state.value = CounterReactor.State(value: 3)
        _ = reactor.stub
        #expect(reactor.currentState.value == 3)
    }

    @Test func disablingTheStubRestoresTheRealPipeline() {
        let reactor = CounterReactor()
        reactor.isStubEnabled = true
        reactor.action.onNext(.increase)
        reactor.isStubEnabled = false
        #expect(reactor.action !== reactor.stub.action)
        reactor.action.onNext(.increase)
        #expect(reactor.calls.count("mutate") == 1)
        #expect(reactor.stub.actions == [.increase])
    }

    @Test func stubIsCreatedOnceAndFreedWithTheReactor() {
        weak var weakStub: Stub<CounterReactor>?
        do {
            let reactor = CounterReactor()
            #expect(reactor.stub === reactor.stub)
            weakStub = reactor.stub
        }
        #expect(weakStub == nil)
    }
}

@Suite struct ActionSubjectTests {
    @Test func forwardsOnlyElementsAndNeverTerminates() {
        let subject = ActionSubject<Int>()
        var events: [String] = []
        let subscription = subject.subscribe { event in events.append("\(event)") }
        subject.onNext(1)
        subject.onError(TestError("x"))
        subject.onCompleted()
        subject.onNext(2)
        #expect(events == ["next(1)", "next(2)"])
        #expect(subject.hasObservers)
        subscription.dispose()
        #expect(!subject.hasObservers)
    }
}

@Suite struct StateRelayTests {
    @Test func replaysTheCurrentValueAndNotifiesOnEveryAssignment() {
        let relay = StateRelay(value: 1)
        var received: [Int] = []
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.value = 1
        relay.accept(2)
        #expect(received == [1, 1, 2])
        #expect(relay.value == 2)
        #expect(relay.asObservable() === relay.asObservable())
        subscription.dispose()
    }
}
