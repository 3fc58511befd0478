import Foundation
import ReactorKit
import Testing

// The README's examples, verbatim (`print` records instead of printing): `everySnippetIsHere`
// checks that the README's Swift snippets are this file's code.

@Suite struct ReadmeExampleTests {
    @Test func counterExample() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        final class CounterViewReactor: Reactor {
            enum Action { case increase, decrease }
            enum Mutation { case increaseValue, decreaseValue }
            struct State { var value = 0 }

            let initialState = State()

            func mutate(action: Action) -> Observable<Mutation> {
                switch action {
                case .increase: return .just(.increaseValue)
                case .decrease: return .just(.decreaseValue)
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

        let reactor = CounterViewReactor()
        let disposeBag = DisposeBag()
        reactor.state.map(\.value)
            .subscribe(onNext: { print("value:", $0) })  // value: 0, then value: 1
            .disposed(by: disposeBag)
        reactor.action.onNext(.increase)

        #expect(printed == ["value: 0", "value: 1"])
        reactor.action.onNext(.decrease)
        #expect(reactor.currentState.value == 0)
    }

    @Test func coreExample() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let disposeBag = DisposeBag()
        let query = PublishSubject<String>()

        query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .distinctUntilChanged()
            .subscribe(onNext: { print("search:", $0) })
            .disposed(by: disposeBag)

        query.onNext("  swift ")  // search: swift

        #expect(printed == ["search: swift"])
        query.onNext("swift")
        query.onNext("   ")
        #expect(printed == ["search: swift"])
    }

    @Test func everySnippetIsHere() throws {
        try GuideSnippets.expectInFile(guide: "README.md", source: #filePath, minimumCount: 2)
    }
}
