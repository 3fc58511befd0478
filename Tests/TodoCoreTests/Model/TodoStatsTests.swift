import Foundation
import Testing
import TodoCoreTesting

@testable import TodoCore

/// ``TodoStats``: the counts `todo stats` and the shell print.
@Suite struct TodoStatsTests {
    @Test func tagsDifferingOnlyInCaseAreOneEntryUnderTheLowerCaseSpelling() {
        let stats = TodoStats(
            todos: [
                Todo.fixture(1, tags: ["Work"]), Todo.fixture(2, tags: ["work", "home"]),
                Todo.fixture(3, isDone: true, tags: ["WORK"]),
                Todo.fixture(4, tags: ["Été"]), Todo.fixture(5, isDone: true, tags: ["été"]),
            ],
            today: day("2030-01-07"))
        #expect(
            stats.tags == [
                "work": .init(pending: 2, done: 1), "home": .init(pending: 1), "été": .init(pending: 1, done: 1),
            ])
    }

    @Test func aTodoCarryingOneTagInTwoCasesCountsOnce() {
        let stats = TodoStats(todos: [Todo.fixture(1, tags: ["Work", "work", "shop"])], today: day("2030-01-07"))
        #expect(stats.tags == ["work": .init(pending: 1), "shop": .init(pending: 1)])
        #expect(stats.pending == 1)
    }
}
