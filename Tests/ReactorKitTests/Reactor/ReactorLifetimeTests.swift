import Dispatch
import ReactorKit
import Testing

@Suite struct ReactorLifetimeTests {
    @Test func releasedReactorFreesItsActionSubjectAndStateStream() {
        weak var weakReactor: CounterReactor?
        weak var weakAction: ActionSubject<CounterReactor.Action>?
        weak var weakState: Observable<CounterReactor.State>?
        do {
            let reactor = CounterReactor()
            weakReactor = reactor
            weakAction = reactor.action
            weakState = reactor.state
            let subscription = reactor.state.subscribe(onNext: { _ in })
            reactor.action.onNext(.increase)
            subscription.dispose()
        }
        #expect(weakReactor == nil)
        #expect(weakAction == nil)
        #expect(weakState == nil)
    }

    @Test func releasedReactorWithALiveSubscriptionStopsDelivering() {
        var received: [Int] = []
        var subscription: Disposable?
        weak var weakAction: ActionSubject<CounterReactor.Action>?
        do {
            let reactor = CounterReactor()
            weakAction = reactor.action
            subscription = reactor.state.subscribe(onNext: { received.append($0.value) })
            reactor.action.onNext(.increase)
        }
        #expect(weakAction == nil)
        #expect(received == [0, 1])
        subscription?.dispose()
    }

    @Test func noResourcesOutliveTheReactor() {
        expectNoLeaks {
            let bag = DisposeBag()
            let reactor = CounterReactor()
            reactor.state.subscribe(onNext: { _ in }).disposed(by: bag)
            reactor.action.onNext(.increase)
            _ = reactor.stub
        }
    }

    @Test func reactorWithPendingAsyncMutationIsFreed() {
        final class Waiting: Reactor {
            enum Action { case wait }
            enum Mutation { case done }
            struct State {}
            let initialState = State()
            let pending = PublishSubject<Mutation>()
            func mutate(action: Action) -> Observable<Mutation> { pending }
        }
        weak var weakReactor: Waiting?
        weak var weakAction: ActionSubject<Waiting.Action>?
        do {
            let reactor = Waiting()
            weakReactor = reactor
            weakAction = reactor.action
            reactor.action.onNext(.wait)
        }
        #expect(weakReactor == nil)
        #expect(weakAction == nil)
    }

    @Test func droppingManyReactorsFreesEachOnesStreams() {
        final class WeakRef {
            weak var subject: ActionSubject<CounterReactor.Action>?
            weak var state: Observable<CounterReactor.State>?
        }
        var refs: [WeakRef] = []
        for _ in 0..<2_000 {
            let reactor = CounterReactor()
            let ref = WeakRef()
            ref.subject = reactor.action
            ref.state = reactor.state
            reactor.action.onNext(.increase)
            refs.append(ref)
        }
        #expect(refs.filter { $0.subject != nil || $0.state != nil }.isEmpty)
    }
}
