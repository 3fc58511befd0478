import Dispatch
import Foundation
import ReactorKit
import ReactorKitTesting
import Synchronization
import Testing

@Suite struct ReactorPipelineTests {
    @Test func counterExampleFromTheReadme() {
        let reactor = CounterReactor()
        reactor.action.onNext(.increase)
        #expect(reactor.currentState.value == 1)
        reactor.action.onNext(.increase)
        reactor.action.onNext(.decrease)
        #expect(reactor.currentState.value == 1)
    }

    @Test func currentStateIsTheInitialStateBeforeAnyAction() {
        let reactor = CounterReactor()
        #expect(reactor.currentState == CounterReactor.State())
    }

    @Test func streamIsBuiltOnceOnFirstAccessOfActionOrState() {
        let reactor = CounterReactor()
        #expect(reactor.calls.count("transform(action:)") == 0)
        _ = reactor.action
        _ = reactor.state
        _ = reactor.action
        reactor.action.onNext(.increase)
        #expect(reactor.calls.count("transform(action:)") == 1)
        #expect(reactor.calls.count("transform(mutation:)") == 1)
        #expect(reactor.calls.count("transform(state:)") == 1)
        #expect(reactor.state === reactor.state)

        let other = CounterReactor()
        _ = other.state
        #expect(other.calls.count("transform(state:)") == 1)
    }

    @Test func concurrentFirstAccessesGetTheSameStream() {
        let reactor = CounterReactor()
        let streams = ConcurrentRecorder<ObjectIdentifier>()
        let subjects = ConcurrentRecorder<ObjectIdentifier>()
        DispatchQueue.concurrentPerform(iterations: 100) { index in
            if index.isMultiple(of: 2) {
                streams.append(ObjectIdentifier(reactor.state))
            } else {
                subjects.append(ObjectIdentifier(reactor.action))
            }
        }
        #expect(streams.values.count == 50 && subjects.values.count == 50)
        #expect(Set(streams.values).count == 1)
        #expect(Set(subjects.values).count == 1)
        #expect(reactor.calls.count("transform(action:)") == 1)
    }

    @Test func initialStateGoesThroughTransformStateAndCurrentStateFollowsTheTransformedState() {
        final class Doubling: Reactor {
            enum Action { case add(Int) }
            struct State: Equatable { var value = 1 }
            let initialState = State()
            func reduce(state: State, mutation: Action) -> State {
                guard case .add(let amount) = mutation else { return state }
                return State(value: state.value + amount)
            }
            func transform(state: Observable<State>) -> Observable<State> {
                state.map { State(value: $0.value * 10) }
            }
        }
        let reactor = Doubling()
        var received: [Int] = []
        let subscription = reactor.state.subscribe(onNext: { received.append($0.value) })
        #expect(received == [10])
        #expect(reactor.currentState.value == 10)
        reactor.action.onNext(.add(2))
        #expect(received == [10, 30])
        #expect(reactor.currentState.value == 30)
        subscription.dispose()
    }

    @Test func currentStateIsUpdatedBeforeSubscribersSeeTheState() {
        let reactor = CounterReactor()
        var mismatches = 0
        let subscription = reactor.state.subscribe(onNext: { state in
            if reactor.currentState != state { mismatches += 1 }
        })
        for _ in 0..<5 { reactor.action.onNext(.increase) }
        #expect(mismatches == 0)
        subscription.dispose()
    }

    @Test func mutateRunsOncePerActionWhateverTheNumberOfSubscribers() {
        let reactor = CounterReactor()
        let bag = DisposeBag()
        var counts = [0, 0, 0]
        for index in 0..<3 {
            reactor.state.subscribe(onNext: { _ in counts[index] += 1 }).disposed(by: bag)
        }
        reactor.action.onNext(.increase)
        reactor.action.onNext(.increase)
        #expect(reactor.calls.count("mutate") == 2)
        #expect(reactor.calls.count("reduce") == 2)
        #expect(counts == [3, 3, 3])
    }

    @Test func actionsSentBeforeAnySubscriberAreProcessedAndLateSubscribersGetOnlyTheCurrentState() {
        let reactor = CounterReactor()
        reactor.action.onNext(.increase)
        reactor.action.onNext(.increase)
        var received: [Int] = []
        let subscription = reactor.state.subscribe(onNext: { received.append($0.value) })
        #expect(received == [2])
        subscription.dispose()
    }

    @Test func defaultMutateUsesTheActionAsMutationWhenTheTypesMatch() {
        final class Echo: Reactor {
            enum Action { case set(Int) }
            struct State { var value = 0 }
            let initialState = State()
            func reduce(state: State, mutation: Action) -> State {
                guard case .set(let value) = mutation else { return state }
                return State(value: value)
            }
        }
        let reactor = Echo()
        reactor.action.onNext(.set(7))
        #expect(reactor.currentState.value == 7)
    }

    @Test func defaultMutateWithDistinctMutationTypeProducesNothing() {
        final class Inert: Reactor {
            enum Action { case go }
            enum Mutation { case went }
            struct State { var count = 0 }
            let initialState = State()
            func reduce(state: State, mutation: Mutation) -> State { State(count: state.count + 1) }
        }
        let reactor = Inert()
        reactor.action.onNext(.go)
        #expect(reactor.currentState.count == 0)
    }

    @Test func reduceRunsRightAfterEachMutation() {
        // mutate reads currentState between two concatenated mutations: it sees the first applied.
        final class Stepper: Reactor {
            enum Action { case twoSteps }
            enum Mutation { case step }
            struct State { var steps = 0 }
            let initialState = State()
            var seenBetween: Int?
            func mutate(action: Action) -> Observable<Mutation> {
                Observable.concat([
                    .just(.step),
                    Observable.deferred { [unowned self] in
                        self.seenBetween = self.currentState.steps
                        return .just(.step)
                    },
                ])
            }
            func reduce(state: State, mutation: Mutation) -> State { State(steps: state.steps + 1) }
        }
        let reactor = Stepper()
        reactor.action.onNext(.twoSteps)
        #expect(reactor.seenBetween == 1)
        #expect(reactor.currentState.steps == 2)
    }

    @Test func anErrorInOneMutateStreamEndsOnlyThatStream() {
        final class Flaky: Reactor {
            enum Action { case fail, succeed }
            enum Mutation { case done }
            struct State { var done = 0 }
            let initialState = State()
            func mutate(action: Action) -> Observable<Mutation> {
                switch action {
                case .fail: return .error(TestError("boom"))
                case .succeed: return .just(.done)
                }
            }
            func reduce(state: State, mutation: Mutation) -> State { State(done: state.done + 1) }
        }
        let reactor = Flaky()
        reactor.action.onNext(.fail)
        reactor.action.onNext(.succeed)
        reactor.action.onNext(.fail)
        reactor.action.onNext(.succeed)
        #expect(reactor.currentState.done == 2)
    }

    @Test func anErrorOrCompletionFromAnActionSourceEndsOnlyThatSource() {
        let reactor = CounterReactor()
        let bag = DisposeBag()
        Observable<CounterReactor.Action>.error(TestError("source")).bind(to: reactor.action).disposed(by: bag)
        Observable.of(CounterReactor.Action.increase).bind(to: reactor.action).disposed(by: bag)
        reactor.action.onError(TestError("direct"))
        reactor.action.onCompleted()
        reactor.action.onNext(.increase)
        #expect(reactor.currentState.value == 2)
    }

    @Test func aMutationStreamKeepsDeliveringAfterItsActionUntilItCompletes() {
        final class Loader: Reactor {
            enum Action { case load }
            enum Mutation { case setLoading(Bool), setItems([String]) }
            struct State { var isLoading = false; var items: [String] = [] }
            let initialState = State()
            let response = PublishSubject<[String]>()
            func mutate(action: Action) -> Observable<Mutation> {
                Observable.concat([
                    .just(.setLoading(true)),
                    response.take(1).map(Mutation.setItems),
                    .just(.setLoading(false)),
                ])
            }
            func reduce(state: State, mutation: Mutation) -> State {
                var state = state
                switch mutation {
                case .setLoading(let loading): state.isLoading = loading
                case .setItems(let items): state.items = items
                }
                return state
            }
        }
        let reactor = Loader()
        var loading: [Bool] = []
        let subscription = reactor.state.map(\.isLoading).subscribe(onNext: { loading.append($0) })
        reactor.action.onNext(.load)
        #expect(reactor.currentState.isLoading)
        reactor.response.onNext(["a", "b"])
        #expect(reactor.currentState.items == ["a", "b"])
        #expect(loading == [false, true, true, false])
        subscription.dispose()
    }

    @Test func rxTestStyleTestFromTheReadme() {
        final class Refresher: Reactor {
            enum Action { case refresh }
            enum Mutation { case setLoading(Bool) }
            struct State { var isLoading = false }
            let initialState = State()
            func mutate(action: Action) -> Observable<Mutation> {
                .concat([.just(.setLoading(true)), .just(.setLoading(false))])
            }
            func reduce(state: State, mutation: Mutation) -> State {
                guard case .setLoading(let loading) = mutation else { return state }
                return State(isLoading: loading)
            }
        }
        let scheduler = TestScheduler(initialClock: 0)
        let reactor = Refresher()
        let disposeBag = DisposeBag()
        scheduler.createHotObservable([.next(100, Refresher.Action.refresh)])
            .subscribe(reactor.action)
            .disposed(by: disposeBag)
        let response = scheduler.start(created: 0, subscribed: 0, disposed: 1000) {
            reactor.state.map(\.isLoading)
        }
        #expect(response.events.map(\.value.element) == [false, true, false])
    }

    @Test func createStateStreamBuildsAnotherPipelineSharingCurrentState() {
        let reactor = CounterReactor()
        let primary = reactor.state
        let extra = reactor.createStateStream()
        #expect(primary !== extra)
        #expect(reactor.calls.count("transform(action:)") == 2)
        var fromExtra: [Int] = []
        let subscription = extra.subscribe(onNext: { fromExtra.append($0.value) })
        reactor.action.onNext(.increase)
        // Both pipelines observe the action subject, as in ReactorKit: mutate runs in each.
        #expect(reactor.calls.count("mutate") == 2)
        #expect(fromExtra == [0, 1])
        #expect(reactor.currentState.value == 1)
        subscription.dispose()
    }

    @Test func stubWritesCurrentStateButNotTheRealStreamsReplay() {
        let reactor = CounterReactor()
        reactor.action.onNext(.increase)  // real stream replays value 1
        reactor.isStubEnabled = true
        reactor.stub.state.value = CounterReactor.State(value: 9)
        #expect(reactor.currentState.value == 9)
        reactor.isStubEnabled = false
        var replayed: [Int] = []
        let subscription = reactor.state.subscribe(onNext: { replayed.append($0.value) })
        #expect(replayed == [1])
        subscription.dispose()
    }
}
