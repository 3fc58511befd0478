import ReactorKit
import Testing

/// The README's Counter example, verbatim but for `print` (recorded instead).
private final class CounterViewReactor: Reactor {
    enum Action {
        case increase
        case decrease
    }

    enum Mutation {
        case increaseValue
        case decreaseValue
    }

    struct State {
        var value: Int
    }

    let initialState: State

    init() {
        initialState = State(value: 0)
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .increase: return Observable.just(Mutation.increaseValue)
        case .decrease: return Observable.just(Mutation.decreaseValue)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .increaseValue: state.value += 1
        case .decreaseValue: state.value -= 1
        }
        return state
    }
}

@Suite struct ReadmeExampleTests {
    @Test func counterExamplePrintsZeroOneTwo() {
        var printed: [String] = []
        let reactor = CounterViewReactor()
        let disposeBag = DisposeBag()
        reactor.state.map { "\($0.value)" }
            .subscribe(onNext: { printed.append($0) })
            .disposed(by: disposeBag)
        reactor.action.onNext(.increase)
        reactor.action.onNext(.increase)
        #expect(printed == ["0", "1", "2"])
    }

    @Test func coreExampleFromTheReadme() {
        var printed: [String] = []
        let disposeBag = DisposeBag()
        let query = PublishSubject<String>()
        query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .distinctUntilChanged()
            .subscribe(onNext: { printed.append("search: \($0)") })
            .disposed(by: disposeBag)
        query.onNext("  swift ")
        query.onNext("swift")
        query.onNext("   ")
        #expect(printed == ["search: swift"])
    }
}
