import Foundation
import Testing
import TodoCore
import TodoSync

/// Two devices and one other side (a vdir folder; Radicale and Xandikos, with and without Basic
/// authentication, through the `todo-caldav` helper and in process): the merge table of issue 21,
/// case by case, each ending with both devices and the other side holding the same todos, and a
/// second sync changing nothing.
@Suite struct SyncMergeTests {
    /// Syncs a, b, a; checks both hold the same todos as the other side, and that syncing again
    /// changes nothing, here or there.
    private func converge(_ a: SyncDevice, _ b: SyncDevice) throws {
        try a.sync()
        try b.sync()
        try a.sync()
        #expect(try a.contents() == b.contents())
        #expect(try a.contents() == a.world.contents())
        let resources = try a.world.resources()
        #expect(try a.sync().isEmpty && b.sync().isEmpty)
        #expect(try a.world.resources() == resources)
    }

    @Test(arguments: SyncSide.all) func todosMadeOnEitherSideReachTheOther(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Buy milk") {
            $0.due = .day(CalendarDay(year: 2030, month: 1, day: 9)!)
            $0.tags = ["shop"]
            $0.priority = .high
        }
        try b.add("Call mum") { $0.note = "about Sunday" }
        let first = try a.sync()
        #expect(first.sent == 1 && first.received == 0)
        let second = try b.sync()
        #expect(second.received == 1 && second.sent == 1)
        try converge(a, b)
        #expect(try a.todo("Call mum")?.note == "about Sunday")
        let milk = try #require(try b.todo("Buy milk"))
        #expect(
            milk.tags == ["shop"] && milk.priority == .high && milk.due == CalendarDay(year: 2030, month: 1, day: 9))
        // A todo made here is the resource <uuid>.ics with UID = its uuid.
        let name = milk.uuid.uuidString.lowercased() + ".ics"
        #expect(try world.files()[name]?.contains("UID:\(milk.uuid.uuidString.lowercased())") == true)
        // Ids are per device: each store numbers its own.
        #expect(try a.id(of: "Call mum") == 2 && b.id(of: "Call mum") == 1)
    }

    @Test(arguments: SyncSide.all) func editsOfDifferentFieldsOnBothSidesAreBothKept(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Buy milk")
        try converge(a, b)
        world.tick()
        try a.update("Buy milk", TodoPatch(due: .set(.day(CalendarDay(year: 2030, month: 2, day: 1)!))))
        world.tick()
        try b.update("Buy milk", TodoPatch(priority: .high))
        try converge(a, b)
        let merged = try #require(try a.todo("Buy milk"))
        #expect(merged.due == CalendarDay(year: 2030, month: 2, day: 1) && merged.priority == .high)
        #expect(merged.annotations.isEmpty)
    }

    @Test(arguments: SyncSide.all) func theSameFieldChangedOnBothSidesTakesTheLaterAndKeepsTheOtherInAnAnnotation(
        _ side: SyncSide
    ) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Dentist") { $0.due = .day(CalendarDay(year: 2030, month: 1, day: 9)!) }
        try converge(a, b)
        world.tick()
        try a.update("Dentist", TodoPatch(due: .set(.day(CalendarDay(year: 2030, month: 1, day: 10)!))))
        world.tick()
        try b.update("Dentist", TodoPatch(due: .set(.day(CalendarDay(year: 2030, month: 1, day: 11)!))))
        try a.sync()
        let report = try b.sync()
        #expect(report.conflicts.map(\.conflict.field) == ["due"])
        #expect(report.conflicts.first?.conflict.kept == "2030-01-11")
        try converge(a, b)
        let merged = try #require(try a.todo("Dentist"))
        #expect(merged.due == CalendarDay(year: 2030, month: 1, day: 11))
        #expect(merged.annotations.map(\.text) == ["sync conflict: due was 2030-01-10 on \(world.name)"])
    }

    @Test(arguments: SyncSide.all) func editedOnOneSideAndDeletedOnTheOtherComesBack(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Water plants")
        try converge(a, b)
        world.tick()
        try a.delete("Water plants")
        try b.update("Water plants", TodoPatch(note: .set("the ficus too")))
        try a.sync()  // deleted there
        #expect(try world.files().isEmpty)
        try b.sync()  // the edit wins: back there
        try converge(a, b)
        #expect(try a.todo("Water plants")?.note == "the ficus too")
        // And the other way round: deleted after the other side's edit was synced.
        world.tick()
        try b.update("Water plants", TodoPatch(title: "Water all plants"))
        try a.delete("Water plants")
        try b.sync()
        try a.sync()  // a's delete meets b's edit: the edit wins
        try converge(a, b)
        #expect(try a.todo("Water all plants") != nil)
    }

    @Test(arguments: SyncSide.all) func deletedOnBothSidesIsGoneEverywhere(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Old idea")
        try a.add("Keep me")
        try converge(a, b)
        try a.delete("Old idea")
        try b.delete("Old idea")
        let report = try a.sync()
        #expect(report.deletedThere == 1)
        #expect(try b.sync().deletedHere == 0)
        try converge(a, b)
        #expect(try a.all().map(\.title) == ["Keep me"] && world.files().count == 1)
    }

    @Test(arguments: SyncSide.all) func doneOnOneSideAndEditedOnTheOtherIsDoneWithTheEdit(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("File taxes")
        try converge(a, b)
        world.tick()
        try a.done("File taxes")
        world.tick()
        try b.update("File taxes", TodoPatch(addTags: ["home"]))
        try converge(a, b)
        let merged = try #require(try b.todo("File taxes"))
        #expect(merged.isDone && merged.completedAt != nil && merged.tags == ["home"])
    }

    @Test(arguments: SyncSide.all) func tagsAddedAndRemovedOnBothSidesMergeAsSets(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Plan trip") { $0.tags = ["travel", "old"] }
        try converge(a, b)
        world.tick()
        try a.update("Plan trip", TodoPatch(addTags: ["summer"], removeTags: ["old"]))
        try b.update("Plan trip", TodoPatch(addTags: ["family"]))
        try converge(a, b)
        #expect(try a.todo("Plan trip")?.tags == ["travel", "summer", "family"])
        #expect(try a.todo("Plan trip")?.annotations.isEmpty == true)
    }

    @Test(arguments: SyncSide.all) func aRecurringTodoCompletedOnBothSidesGivesOneNextOccurrence(
        _ side: SyncSide
    ) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Take out bins") {
            $0.recurrence = .weekly
            $0.due = .day(CalendarDay(year: 2030, month: 1, day: 2)!)
        }
        try converge(a, b)
        world.tick()
        try a.done("Take out bins")
        world.tick(3600)
        try b.done("Take out bins")
        try converge(a, b)
        let todos = try a.all()
        #expect(todos.count == 2, "\(todos.map(\.title))")
        #expect(todos.filter(\.isDone).count == 1)
        #expect(todos.first { !$0.isDone }?.due == CalendarDay(year: 2030, month: 1, day: 9))
        #expect(try world.files().count == 2)
    }

    @Test(arguments: SyncSide.all) func changesMadeTwiceWithinASecondAreStillSent(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Buy milk")
        try a.sync()
        try a.update("Buy milk", TodoPatch(priority: .low))  // the same second as the sync
        #expect(try a.sync().sent == 1)
        try converge(a, b)
        #expect(try b.todo("Buy milk")?.priority == .low)
    }

    @Test(arguments: SyncSide.all) func dependenciesTravelAsTheTodosTheyName(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try b.add("Something first")
        try b.sync()
        let paint = try a.add("Buy paint")
        try a.add("Paint the fence") { $0.depends = [paint.id] }
        try converge(a, b)
        let fence = try #require(try b.todo("Paint the fence"))
        #expect(fence.depends == [try b.id(of: "Buy paint")])
        #expect(try b.id(of: "Buy paint") != paint.id)
    }

    @Test(arguments: SyncSide.all) func aDryRunSaysWhatWouldHappenAndChangesNothing(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Buy milk")
        try b.add("Call mum")
        try b.sync()
        let store = FileManager.default.contents(atPath: a.storage.path)
        let report = try a.sync(dryRun: true)
        #expect(report.received == 1 && report.sent == 1)
        #expect(Set(report.actions.map(\.kind)) == [.createHere, .createThere])
        #expect(FileManager.default.contents(atPath: a.storage.path) == store)
        #expect(!FileManager.default.fileExists(atPath: a.statePath))
        #expect(try world.files().count == 1)
    }

    @Test(arguments: SyncSide.all) func aLostStateComparesEverythingAndDuplicatesNothing(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Buy milk")
        try a.add("Call mum")
        try converge(a, b)
        try FileManager.default.removeItem(atPath: a.statePath)
        let report = try a.sync()
        #expect(report.received == 0 && report.sent == 0 && report.deletedHere == 0 && report.conflicts.isEmpty)
        try converge(a, b)
        #expect(try world.files().count == 2 && a.all().count == 2)
    }
}
