import Foundation
import Testing
import TodoCoreTesting

@testable import TodoCore

/// `TodoFilter.completions(of:todos:)`: what a shell offers at a Tab in a filter.
@Suite struct TodoFilterCompletionsTests {
    let todos = [
        Todo.fixture(1, tags: ["work", "Shop"], project: "Home.Garden"),
        Todo.fixture(2, tags: ["shop", "wait-list"], project: "home"), Todo.fixture(3, project: "Work.Ops.Infra"),
    ]

    @Test func tagsAfterAPlusOrAMinusOnceEachInAnyCase() {
        #expect(TodoFilter.completions(of: "+", todos: todos) == ["+Shop", "+wait-list", "+work"])
        #expect(TodoFilter.completions(of: "+w", todos: todos) == ["+wait-list", "+work"])
        #expect(TodoFilter.completions(of: "-S", todos: todos) == ["-Shop"])
        #expect(TodoFilter.completions(of: "+x", todos: todos).isEmpty)
    }

    @Test func projectsAndEveryLevelAfterProjectOrAPrefixOfIt() {
        #expect(
            TodoFilter.completions(of: "project:", todos: todos) == [
                "project:Home", "project:Home.Garden", "project:Work", "project:Work.Ops", "project:Work.Ops.Infra",
            ])
        #expect(TodoFilter.completions(of: "pro:h", todos: todos) == ["pro:Home", "pro:Home.Garden"])
        #expect(TodoFilter.completions(of: "project.not:W", todos: todos).first == "project.not:Work")
    }

    @Test func attributeNamesModifiersAndValues() {
        #expect(TodoFilter.completions(of: "du", todos: []) == ["due:"])
        #expect(TodoFilter.completions(of: "s", todos: []) == ["status:", "scheduled:"])
        #expect(TodoFilter.completions(of: "due.b", todos: []) == ["due.before:", "due.by:"])
        #expect(TodoFilter.completions(of: "due:to", todos: []) == ["due:today", "due:tomorrow"])
        #expect(TodoFilter.completions(of: "wait:eo", todos: []) == ["wait:eow", "wait:eom", "wait:eoy"])
        #expect(TodoFilter.completions(of: "pri:h", todos: []) == ["pri:high"])
        #expect(TodoFilter.completions(of: "is:bl", todos: []) == ["is:blocked", "is:blocking"])
        #expect(
            TodoFilter.completions(of: "status:", todos: []) == [
                "status:pending", "status:waiting", "status:done", "status:all",
            ])
        #expect(TodoFilter.completions(of: "frob:", todos: todos).isEmpty)
        #expect(TodoFilter.completions(of: "milk", todos: todos).isEmpty)
    }
}
