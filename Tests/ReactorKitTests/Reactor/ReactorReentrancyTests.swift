import Dispatch
import Foundation
import ReactorKit
import Synchronization
import TestSupport
import Testing

/// A reactor that logs when each action's processing starts and ends.
private final class Logging: Reactor {
    enum Action: Equatable { case a, b, c }
    struct State { var last: Action? }
    let initialState = State()
    var log: [String] = []
    var sendFromReduce: Action?
    var sendFromMutate: Action?

    func mutate(action: Action) -> Observable<Action> {
        if action == .a, let next = sendFromMutate {
            self.action.onNext(next)  // synchronous part of mutate
        }
        return .just(action)
    }

    func reduce(state: State, mutation: Action) -> State {
        log.append("enter \(mutation)")
        if mutation == .a, let next = sendFromReduce {
            action.onNext(next)
        }
        log.append("exit \(mutation)")
        return State(last: mutation)
    }
}

@Suite struct ReactorReentrancyTests {
    @Test func actionFromReduceIsQueuedUntilTheCurrentOneIsDone() {
        let reactor = Logging()
        reactor.sendFromReduce = .b
        reactor.action.onNext(.a)
        #expect(reactor.log == ["enter a", "exit a", "enter b", "exit b"])
        #expect(reactor.currentState.last == .b)
    }

    @Test func actionFromMutateSynchronousPartIsQueued() {
        let reactor = Logging()
        reactor.sendFromMutate = .b
        reactor.action.onNext(.a)
        #expect(reactor.log == ["enter a", "exit a", "enter b", "exit b"])
    }

    @Test func actionFromAStateSubscriberIsHandledAfterTheEmissionCompletes() {
        let reactor = Logging()
        var seenBySecondSubscriber: [Logging.Action?] = []
        let first = reactor.state.subscribe(onNext: { state in
            if state.last == .a { reactor.action.onNext(.b) }
        })
        let second = reactor.state.subscribe(onNext: { state in seenBySecondSubscriber.append(state.last) })
        reactor.action.onNext(.a)
        // The second subscriber sees `a` before `b`: `b` waited for `a`'s emission to finish.
        #expect(seenBySecondSubscriber == [nil, .a, .b])
        #expect(reactor.log == ["enter a", "exit a", "enter b", "exit b"])
        first.dispose()
        second.dispose()
    }

    @Test func dismissThenPresentRoutingEndsOnTheLastRoute() {
        final class Router: Reactor {
            enum Route: Equatable { case list, detail, none }
            enum Action { case route(Route) }
            struct State { var route: Route = .list }
            let initialState = State()
            func reduce(state: State, mutation: Action) -> State {
                guard case .route(let route) = mutation else { return state }
                return State(route: route)
            }
        }
        let reactor = Router()
        var routes: [Router.Route] = []
        let subscription = reactor.state.map(\.route).subscribe(onNext: { route in
            routes.append(route)
            if route == .detail {
                // a subscriber that dismisses, then presents something else
                reactor.action.onNext(.route(.none))
                reactor.action.onNext(.route(.list))
            }
        })
        reactor.action.onNext(.route(.detail))
        #expect(routes == [.list, .detail, .none, .list])
        #expect(reactor.currentState.route == .list)
        subscription.dispose()
    }

    @Test func aSubscriberSendingToAnotherReactorSeesItProcessedAfterItReturns() {
        // The trampoline is per thread, not per reactor.
        let first = CounterReactor()
        let second = CounterReactor()
        var secondValueInsideSubscriber: Int?
        let subscription = first.state.skip(1).subscribe(onNext: { _ in
            second.action.onNext(.increase)
            secondValueInsideSubscriber = second.currentState.value
        })
        first.action.onNext(.increase)
        #expect(secondValueInsideSubscriber == 0)
        #expect(second.currentState.value == 1)
        subscription.dispose()
    }

    @Test func actionsFromBackgroundThreadsAreProcessed() {
        let reactor = CounterReactor()
        _ = reactor.state
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<250 { reactor.action.onNext(.increase) }
        }
        #expect(reactor.currentState.value == 2_000)
        #expect(reactor.calls.count("reduce") == 2_000)
    }
}

@Suite struct ReactorSchedulerTests {
    @Test func defaultSchedulerIsTheCurrentThreadTrampoline() {
        #expect(CounterReactor().scheduler is CurrentThreadScheduler)
    }

    @Test func customSchedulerRunsReduceAndDeliversStatesOnIt() async {
        final class Background: Reactor, @unchecked Sendable {
            enum Action { case work }
            struct State { var count = 0 }
            let initialState = State()
            let scheduler: Scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.reactor")
            let reduceThreads = Locked<[Bool]>([])
            func reduce(state: State, mutation: Action) -> State {
                reduceThreads.withLock { $0.append(Thread.isMainThread) }
                return State(count: state.count + 1)
            }
        }
        let reactor = Background()
        let delivered = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            let resumed = Atomic<Bool>(false)
            let box = UncheckedBox<Disposable?>(nil)
            box.value = reactor.state.subscribe(onNext: { state in
                if state.count == 3, !resumed.exchange(true, ordering: .relaxed) {
                    continuation.resume(returning: state.count)
                }
            })
            for _ in 0..<3 { reactor.action.onNext(.work) }
        }
        #expect(delivered == 3)
        #expect(reactor.reduceThreads.withLock { $0.count } == 3)
    }
}

/// A mutable box for test plumbing across closures.
final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
