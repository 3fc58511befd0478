import Dispatch
import Foundation
import ReactorKit
import Synchronization
import TestSupport
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

    @Test func reactorReleasedWhileMutationsArriveOnAnotherThread() {
        // Global events keep arriving on a background thread while the last reference to the
        // reactor goes on this one: reduce must never run on a reactor being deallocated.
        final class Listener: Reactor, @unchecked Sendable {
            enum Action { case none }
            enum Mutation { case add }
            struct State { var count = 0 }
            let initialState = State()
            let events: PublishSubject<Int>
            let probe: LifeProbe
            init(events: PublishSubject<Int>, probe: LifeProbe) {
                self.events = events
                self.probe = probe
            }
            deinit { probe.alive.store(false, ordering: .sequentiallyConsistent) }
            func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
                Observable.merge(mutation, events.map { _ in .add })
            }
            func reduce(state: State, mutation: Mutation) -> State {
                if !probe.alive.load(ordering: .sequentiallyConsistent) {
                    probe.reducedWhileDead.add(1, ordering: .relaxed)
                }
                return State(count: state.count + 1)
            }
        }
        var reducedWhileDead = 0
        for _ in 0..<50 {
            let events = PublishSubject<Int>()
            let probe = LifeProbe()
            var reactor: Listener? = Listener(events: events, probe: probe)
            weak let weakReactor = reactor
            _ = reactor?.state
            let stop = Atomic<Bool>(false)
            let sent = Atomic<Int>(0)
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                var value = 0
                while !stop.load(ordering: .relaxed) {
                    events.onNext(value)
                    value += 1
                    sent.store(value, ordering: .relaxed)
                }
                done.signal()
            }
            // Released while the events flow, however late the other thread starts.
            #expect(Patience.waitUntil { sent.load(ordering: .relaxed) >= 100 })
            reactor = nil
            stop.store(true, ordering: .relaxed)
            done.wait()
            #expect(weakReactor == nil)
            #expect(!events.hasObservers)
            reducedWhileDead += probe.reducedWhileDead.load(ordering: .relaxed)
        }
        #expect(reducedWhileDead == 0)
    }
}

/// Whether an object is still alive, and how often it was used after it was not.
final class LifeProbe: Sendable {
    let alive = Atomic<Bool>(true)
    let reducedWhileDead = Atomic<Int>(0)
}
