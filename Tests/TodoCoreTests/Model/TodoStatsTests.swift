import Foundation
import Testing

@testable import TodoCore

/// ``TodoStats``: the counts `todo stats` and the shell print.
@Suite struct TodoStatsTests {
    func todo(_ id: Int, tags: Set<String>, isDone: Bool = false) -> Todo {
        Todo(
            id: id, uuid: uuid(id), title: "todo \(id)", isDone: isDone, tags: tags, createdAt: monday,
            completedAt: isDone ? monday : nil, position: id)
    }

    @Test func tagsDifferingOnlyInCaseAreOneEntryUnderTheLowerCaseSpelling() {
        let stats = TodoStats(
            todos: [
                todo(1, tags: ["Work"]), todo(2, tags: ["work", "home"]), todo(3, tags: ["WORK"], isDone: true),
                todo(4, tags: ["Été"]), todo(5, tags: ["été"], isDone: true),
            ],
            today: day("2030-01-07"))
        #expect(
            stats.tags == [
                "work": .init(pending: 2, done: 1), "home": .init(pending: 1), "été": .init(pending: 1, done: 1),
            ])
    }

    @Test func aTodoCarryingOneTagInTwoCasesCountsOnce() {
        let stats = TodoStats(todos: [todo(1, tags: ["Work", "work", "shop"])], today: day("2030-01-07"))
        #expect(stats.tags == ["work": .init(pending: 1), "shop": .init(pending: 1)])
        #expect(stats.pending == 1)
    }
}
