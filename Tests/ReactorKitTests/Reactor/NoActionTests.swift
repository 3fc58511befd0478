import ReactorKit
import Testing

/// ReactorKit's `NoAction` (`typealias NoAction = Never`): a reactor whose mutations all come
/// from a global stream, as Drrrible's do.
@Suite struct NoActionTests {
    /// Counts unread messages from a service's stream; takes no action.
    final class BadgeReactor: Reactor {
        typealias Action = NoAction

        enum Mutation {
            case setCount(Int)
        }

        struct State {
            var count = 0
        }

        let initialState = State()
        let unreadCounts: Observable<Int>

        init(unreadCounts: Observable<Int>) {
            self.unreadCounts = unreadCounts
        }

        func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
            .merge(mutation, unreadCounts.map(Mutation.setCount))
        }

        func reduce(state: State, mutation: Mutation) -> State {
            switch mutation {
            case .setCount(let count): return State(count: count)
            }
        }
    }

    @Test func noActionIsNever() {
        #expect(NoAction.self == Never.self)
        #expect(BadgeReactor.Action.self == Never.self)
    }

    @Test func aReactorWithNoActionReducesItsGlobalEvents() {
        expectNoLeaks {
            let unread = PublishSubject<Int>()
            let reactor = BadgeReactor(unreadCounts: unread.asObservable())
            var counts: [Int] = []
            let subscription = reactor.state.map(\.count).subscribe(onNext: { counts.append($0) })
            unread.onNext(3)
            unread.onNext(5)
            #expect(counts == [0, 3, 5])
            #expect(reactor.currentState.count == 5)
            let actions: ActionSubject<NoAction> = reactor.action  // exists; nothing can be sent
            #expect(actions.hasObservers)
            subscription.dispose()
        }
    }
}
