import Testing
import TodoCore

// The example of TodoCore's DocC catalog overview (Sources/TodoCore/TodoCore.docc), compiled
// and run; `everySnippetIsHere` checks that the catalog shows this code.

@Suite struct TodoCoreCatalogExampleTests {
    @Test func overview() {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let provider = TodoServiceProvider(storage: InMemoryTodoStorage())
        let list = TodoListReactor(provider: provider)
        list.action.onNext(.refresh)

        let form = TodoEditReactor(provider: provider, mode: .new)
        form.action.onNext(.setTitle("Buy milk"))
        form.action.onNext(.submit)

        print(list.currentState.todos.map(\.title))  // ["Buy milk"]: the list heard of it on the bus

        #expect(printed == [#"["Buy milk"]"#])
    }

    @Test func everySnippetIsHere() throws {
        try GuideSnippets.expectInFile(
            guide: "Sources/TodoCore/TodoCore.docc/TodoCore.md", source: #filePath, minimumCount: 1)
    }
}
