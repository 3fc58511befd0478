import Foundation
import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The three-way merge, case by case: each ends with both sides holding the same todo (the
/// merge is the same whichever side runs it, ids and places aside).
@Suite struct TodoMergeTests {
    let base = Todo(
        id: 3, uuid: UUID(uuidString: "5d1a0b7e-1111-4222-8333-944455556666")!, title: "Buy milk", priority: .high,
        due: CalendarDay(year: 2030, month: 1, day: 8), tags: ["shop"], createdAt: instant("2030-01-01T09:00:00Z"),
        position: 1024)
    let now = instant("2030-01-05T12:00:00Z")

    /// `base` changed by `body`, at `time`.
    func edited(_ time: String, _ body: (inout Todo) -> Void) -> Todo {
        var todo = base
        body(&todo)
        todo.updatedAt = instant(time)
        return todo
    }

    /// Merges both ways (here/there swapped, as the other device would) and checks both agree.
    func merge(
        base: Todo?, _ local: Todo?, _ remote: Todo?, sourceLocation: SourceLocation = #_sourceLocation
    ) -> TodoMerge.Outcome {
        let here = TodoMerge.merge(
            base: base, local: local, remote: remote, localName: "laptop", remoteName: "server", now: now)
        let there = TodoMerge.merge(
            base: base, local: remote, remote: local, localName: "server", remoteName: "laptop", now: now)
        var a = here.todo
        var b = there.todo
        a?.id = 0
        b?.id = 0
        a?.position = 0
        b?.position = 0
        #expect(a == b, "the two sides do not converge", sourceLocation: sourceLocation)
        #expect(here.conflicts.count == there.conflicts.count, sourceLocation: sourceLocation)
        return here
    }

    @Test func editsOfDifferentFieldsBothStay() {
        let local = edited("2030-01-02T10:00:00Z") { $0.title = "Buy oat milk" }
        let remote = edited("2030-01-03T10:00:00Z") { $0.due = CalendarDay(year: 2030, month: 1, day: 9) }
        let outcome = merge(base: base, local, remote)
        #expect(outcome.todo?.title == "Buy oat milk")
        #expect(outcome.todo?.due == CalendarDay(year: 2030, month: 1, day: 9))
        #expect(outcome.todo?.updatedAt == instant("2030-01-03T10:00:00Z"))
        #expect(outcome.conflicts.isEmpty && outcome.todo?.annotations == [])
    }

    @Test func editsOfTheSameFieldKeepTheLaterAndAnnotateTheOther() {
        let local = edited("2030-01-02T10:00:00Z") { $0.due = CalendarDay(year: 2030, month: 1, day: 9) }
        let remote = edited("2030-01-03T10:00:00Z") { $0.due = CalendarDay(year: 2030, month: 1, day: 10) }
        let outcome = merge(base: base, local, remote)
        #expect(outcome.todo?.due == CalendarDay(year: 2030, month: 1, day: 10))
        #expect(
            outcome.conflicts == [
                TodoMerge.Conflict(field: "due", kept: "2030-01-10", dropped: "2030-01-09", droppedOn: "laptop")
            ])
        #expect(outcome.todo?.annotations == [Annotation(at: now, text: "sync conflict: due was 2030-01-09 on laptop")])
        // The same value on both sides is no conflict.
        let same = edited("2030-01-03T10:00:00Z") { $0.due = CalendarDay(year: 2030, month: 1, day: 9) }
        #expect(merge(base: base, local, same).conflicts.isEmpty)
    }

    @Test func anEditWinsOverADelete() {
        let local = edited("2030-01-02T10:00:00Z") { $0.note = "Oat" }
        #expect(merge(base: base, local, nil).todo?.note == "Oat")
        #expect(merge(base: base, nil, local).todo?.note == "Oat")
        // Deleted on one side, untouched on the other: deleted.
        #expect(merge(base: base, base, nil).todo == nil)
        #expect(merge(base: base, nil, base).todo == nil)
    }

    @Test func deletedOnBothSidesIsGone() {
        #expect(merge(base: base, nil, nil).todo == nil)
    }

    @Test func doneOnOneSideEditedOnTheOther() {
        let local = edited("2030-01-02T10:00:00Z") {
            $0.isDone = true
            $0.completedAt = instant("2030-01-02T10:00:00Z")
        }
        let remote = edited("2030-01-03T10:00:00Z") { $0.title = "Buy milk and eggs" }
        let outcome = merge(base: base, local, remote)
        #expect(outcome.todo?.isDone == true && outcome.todo?.completedAt == instant("2030-01-02T10:00:00Z"))
        #expect(outcome.todo?.title == "Buy milk and eggs")
        #expect(outcome.conflicts.isEmpty)
    }

    @Test func tagsAddedAndRemovedOnBothSidesMergeAsSets() {
        let local = edited("2030-01-02T10:00:00Z") { $0.tags = ["shop", "errands"] }
        let remote = edited("2030-01-03T10:00:00Z") { $0.tags = ["weekend"] }  // removed shop, added weekend
        let outcome = merge(base: base, local, remote)
        #expect(outcome.todo?.tags == ["errands", "weekend"])
        #expect(outcome.conflicts.isEmpty)
    }

    @Test func aRecurringTodoCompletedOnBothSidesMakesOneNextOccurrence() throws {
        // Both devices complete the same occurrence while apart: their next occurrences have the
        // same uuid (derived from the completed one's), never synced before, and merge into one.
        var recurring = base
        recurring.recurrence = .weekly
        let nextUUID = Recurrence.nextOccurrenceUUID(after: recurring.uuid)
        #expect(nextUUID == Recurrence.nextOccurrenceUUID(after: recurring.uuid))
        #expect(nextUUID != recurring.uuid)
        func next(id: Int, created: String) -> Todo {
            Todo(
                id: id, uuid: nextUUID, title: "Buy milk", priority: .high,
                due: CalendarDay(year: 2030, month: 1, day: 15),
                tags: ["shop"], createdAt: instant(created), position: 1024, recurrence: .weekly)
        }
        let outcome = merge(
            base: nil, next(id: 4, created: "2030-01-02T10:00:00Z"), next(id: 7, created: "2030-01-03T08:00:00Z"))
        let merged = try #require(outcome.todo)
        #expect(merged.id == 4 && merged.uuid == nextUUID && merged.recurrence == .weekly)
        #expect(merged.createdAt == instant("2030-01-02T10:00:00Z"))
        #expect(outcome.conflicts.isEmpty)
        // The completed occurrence itself: done on both, the later completion kept.
        var doneHere = recurring
        doneHere.isDone = true
        doneHere.recurrence = nil
        doneHere.completedAt = instant("2030-01-02T10:00:00Z")
        doneHere.updatedAt = doneHere.completedAt!
        var doneThere = doneHere
        doneThere.completedAt = instant("2030-01-03T08:00:00Z")
        doneThere.updatedAt = doneThere.completedAt!
        let completed = merge(base: recurring, doneHere, doneThere)
        #expect(completed.todo?.isDone == true && completed.todo?.recurrence == nil)
        #expect(completed.todo?.completedAt == instant("2030-01-03T08:00:00Z"))
        #expect(completed.conflicts.isEmpty)
    }

    @Test func completingARecurringTodoGivesTheNextOccurrenceTheDerivedUUID() throws {
        let provider = makeProvider(clock: FakeClock(instant("2030-01-05T12:00:00Z"), utcOffset: 0))
        let service = provider.todoService
        let created = try service.importTodos([
            ImportedTodo(
                uuid: base.uuid, title: "Water plants", due: CalendarDay(year: 2030, month: 1, day: 8),
                recurrence: .weekly)
        ]).toBlocking().single()
        let id = try #require(created.created.first?.id)
        let result = try service.markDone(ids: [id]).toBlocking().single()
        #expect(result.next.map(\.uuid) == [Recurrence.nextOccurrenceUUID(after: base.uuid)])
    }

    @Test func sameChangeTimesStillConvergeWhicheverSideMerges() {
        let local = edited("2030-01-02T10:00:00Z") { $0.title = "A" }
        let remote = edited("2030-01-02T10:00:00Z") { $0.title = "B" }
        let outcome = merge(base: base, local, remote)
        #expect(outcome.todo?.title == "A")
        #expect(outcome.conflicts.map(\.dropped) == ["B"])
    }
}
