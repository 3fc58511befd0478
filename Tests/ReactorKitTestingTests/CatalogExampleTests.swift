import ReactorKit
import Testing

// The examples of the DocC catalogs' overviews (Sources/<Module>/<Module>.docc), compiled and
// run; `everySnippetIsHere` checks that the catalogs show this code. TodoCore's is in
// TodoCoreTests.

@Suite struct CatalogExampleTests {
    @Test func reactorKitOverview() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        final class CounterReactor: Reactor {
            enum Action { case increase, decrease }
            struct State { var value = 0 }

            let initialState = State()

            func reduce(state: State, mutation: Action) -> State {
                var state = state
                switch mutation {
                case .increase: state.value += 1
                case .decrease: state.value -= 1
                }
                return state
            }
        }

        let reactor = CounterReactor()
        reactor.action.onNext(.increase)
        print(reactor.currentState.value)  // 1

        #expect(printed == ["1"])
    }

    @Test func everySnippetIsHere() throws {
        try GuideSnippets.expectInFile(
            guide: "Sources/ReactorKit/ReactorKit.docc/ReactorKit.md", source: #filePath, minimumCount: 1)
    }
}
