import Foundation
import Testing

@testable import TodoCore

extension Urgency {
    /// The shape of each term, checked alone against Taskwarrior 2.6's `Task::urgency_*`.
    @Suite struct FactorTests {
        /// 2030-01-10T12:00:00Z, a Thursday.
        static let now = Date(timeIntervalSince1970: 1_894_276_800)
        static let today = CalendarDay(year: 2030, month: 1, day: 10)!
        let coefficients = UrgencyCoefficients.taskwarrior

        /// The urgency of `input` now, in UTC (or `utcOffset` seconds east of it).
        func urgency(_ input: UrgencyInput, utcOffset: Int = 0, with coefficients: UrgencyCoefficients? = nil) -> Double
        {
            (coefficients ?? self.coefficients).urgency(of: input, at: Self.now, utcOffset: { _ in utcOffset })
        }

        /// A todo created now, with `change` applied.
        func todo(_ change: (inout UrgencyInput) -> Void = { _ in }) -> UrgencyInput {
            var input = UrgencyInput(createdAt: Self.now)
            change(&input)
            return input
        }

        @Test func aTodoWithNothingThatCountsHasNoUrgency() {
            #expect(urgency(todo()) == 0)
            #expect(coefficients.terms(of: todo(), at: Self.now, utcOffset: { _ in 0 }).isEmpty)
        }

        @Test func theDueRampRisesFrom0Point2TwoWeeksAheadTo1AWeekOverdue() {
            #expect(UrgencyFactor.due(daysOverdue: -100) == 0.2)
            #expect(UrgencyFactor.due(daysOverdue: -14.5) == 0.2)
            #expect(abs(UrgencyFactor.due(daysOverdue: -14) - 0.2) < 1e-12)
            #expect(abs(UrgencyFactor.due(daysOverdue: 0) - (14 * 0.8 / 21 + 0.2)) < 1e-12)  // 0.7333…
            #expect(abs(UrgencyFactor.due(daysOverdue: 6.99) - (20.99 * 0.8 / 21 + 0.2)) < 1e-12)
            #expect(UrgencyFactor.due(daysOverdue: 7) == 1)
            #expect(UrgencyFactor.due(daysOverdue: 400) == 1)
            // Straight, rising by 0.8 / 21 a day, between the two caps.
            for day in -14...6 {
                let step = UrgencyFactor.due(daysOverdue: Double(day + 1)) - UrgencyFactor.due(daysOverdue: Double(day))
                #expect(abs(step - 0.8 / 21) < 1e-12)
            }
        }

        @Test func aDueDayCountsFromItsLocalMidnightToTheSecond() {
            // Due today, at 12:00: half a day overdue.
            #expect(abs(urgency(todo { $0.due = Self.today }) - 12 * UrgencyFactor.due(daysOverdue: 0.5)) < 1e-9)
            // In a zone 10 hours east, it is 22:00 there: the day is 22/24 of a day gone.
            let east = urgency(todo { $0.due = Self.today }, utcOffset: 36_000)
            #expect(abs(east - 12 * UrgencyFactor.due(daysOverdue: 22.0 / 24)) < 1e-9)
            // Tomorrow is half a day ahead; the day 15 days on is past the cap.
            let tomorrow = urgency(todo { $0.due = Self.today.adding(days: 1) })
            #expect(abs(tomorrow - 12 * UrgencyFactor.due(daysOverdue: -0.5)) < 1e-9)
            #expect(abs(urgency(todo { $0.due = Self.today.adding(days: 15) }) - 2.4) < 1e-9)
            #expect(urgency(todo { $0.due = Self.today.adding(days: -8) }) == 12)
        }

        @Test func aDayStartsWithTheOffsetInForceAtItsMidnight() {
            // A zone at UTC-5 that moves to UTC-4 on 2030-03-10 at 07:00Z (02:00 local).
            let change = 1_899_356_400
            let offset: (Date) -> Int = { Int($0.timeIntervalSince1970) >= change ? -14_400 : -18_000 }
            let before = CalendarDay(year: 2030, month: 3, day: 10)!
            #expect(UrgencyFactor.start(of: before, utcOffset: offset) == before.daysSinceEpoch * 86_400 + 18_000)
            #expect(
                UrgencyFactor.start(of: before.adding(days: 1), utcOffset: offset)
                    == (before.daysSinceEpoch + 1) * 86_400 + 14_400)
            // A zone whose clocks skip midnight (00:00 → 01:00 at 05:00Z): the day starts at the jump.
            let jump = before.daysSinceEpoch * 86_400 + 18_000
            let skipping: (Date) -> Int = { Int($0.timeIntervalSince1970) >= jump ? -14_400 : -18_000 }
            #expect(UrgencyFactor.start(of: before, utcOffset: skipping) == jump)
        }

        @Test func aScheduledDayCountsOnceItHasBegun() {
            #expect(urgency(todo { $0.scheduled = Self.today.adding(days: -3) }) == 5)
            #expect(urgency(todo { $0.scheduled = Self.today }) == 5)
            #expect(urgency(todo { $0.scheduled = Self.today.adding(days: 1) }) == 0)
            // At exactly midnight it has not begun yet (Taskwarrior: scheduled < now).
            let midnight = Date(timeIntervalSince1970: Double(Self.today.daysSinceEpoch * 86_400))
            let atMidnight = coefficients.urgency(
                of: todo { $0.scheduled = Self.today }, at: midnight, utcOffset: { _ in 0 })
            #expect(atMidnight == 0)
        }

        @Test func theAgeCountsWholeDaysUpToTheCap() {
            func age(_ seconds: Int, max: Double = 365) -> Double {
                var coefficients = UrgencyCoefficients.taskwarrior
                coefficients.ageMax = max
                let created = Self.now.addingTimeInterval(-Double(seconds))
                return urgency(todo { $0.createdAt = created }, with: coefficients)
            }
            #expect(age(86_399) == 0)
            #expect(abs(age(86_400) - 2.0 / 365) < 1e-12)
            #expect(abs(age(30 * 86_400 + 3600) - 2 * 30.0 / 365) < 1e-12)
            #expect(age(365 * 86_400) == 2)
            #expect(age(366 * 86_400) == 2)
            #expect(age(10_000 * 86_400) == 2)
            #expect(age(3 * 86_400, max: 0) == 2)
            #expect(age(0, max: 0) == 2)
            #expect(abs(age(50 * 86_400, max: 100) - 1) < 1e-12)
            // Created in the future: the days are negative, truncated toward zero.
            #expect(abs(age(-(2 * 86_400 + 3600)) - -2 * 2.0 / 365) < 1e-12)
            #expect(age(-86_399) == 0)
            // Whole seconds: a fraction of a second does not make a day.
            let almost = Self.now.addingTimeInterval(-86_399.9)
            #expect(urgency(todo { $0.createdAt = almost }) == 2.0 / 365)  // 86_399.9 → 86_400 s before
        }

        @Test func tagsAndAnnotationsStepFrom0Point8To1() {
            #expect([0, 1, 2, 3, 4, 10].map(UrgencyFactor.count) == [0, 0.8, 0.9, 1, 1, 1])
            #expect(UrgencyFactor.count(-1) == 0)
            #expect(urgency(todo { $0.tags = ["a"] }) == 0.8)
            #expect(urgency(todo { $0.tags = ["a", "b"] }) == 0.9)
            #expect(urgency(todo { $0.tags = ["a", "b", "c", "d"] }) == 1)
            #expect(urgency(todo { $0.annotationCount = 2 }) == 0.9)
            #expect(urgency(todo { $0.annotationCount = 5 }) == 1)
        }

        @Test func theNextTagAddsFifteenAndCountsAsATag() {
            #expect(urgency(todo { $0.tags = ["next"] }) == 15.8)
            #expect(todo { $0.tags = ["next"] }.hasNextTag)
            #expect(urgency(todo { $0.tags = ["Next"] }) == 0.8)
            #expect(!todo { $0.tags = ["Next"] }.hasNextTag)
        }

        @Test func priorityProjectActiveAndTheStatesOfOtherTodos() {
            #expect(urgency(todo { $0.priority = .high }) == 6)
            #expect(urgency(todo { $0.priority = .medium }) == 3.9)
            #expect(urgency(todo { $0.priority = .low }) == 1.8)
            #expect(urgency(todo { $0.project = "home" }) == 1)
            #expect(urgency(todo { $0.project = "" }) == 0)
            #expect(urgency(todo { $0.isActive = true }) == 4)
            #expect(urgency(todo { $0.isWaiting = true }) == -3)
            #expect(urgency(todo { $0.isBlocked = true }) == -5)
            #expect(urgency(todo { $0.isBlocking = true }) == 8)
            #expect(
                urgency(
                    todo {
                        $0.isBlocked = true; $0.isBlocking = true
                    }) == 3)
        }

        @Test func aDoneTodoKeepsEveryTermButWaitingBlockedBlockingAndActive() {
            let done = todo {
                $0.isDone = true
                $0.isActive = true
                $0.isWaiting = true
                $0.isBlocked = true
                $0.isBlocking = true
                $0.due = Self.today.adding(days: -10)
                $0.tags = ["next"]
                $0.priority = .high
                $0.project = "home"
                $0.annotationCount = 1
            }
            #expect(abs(urgency(done) - (12 + 15 + 0.8 + 6 + 1 + 0.8)) < 1e-9)
        }

        @Test func userCoefficientsAddTheirValueWhenTheyMatch() throws {
            var coefficients = UrgencyCoefficients.taskwarrior
            try coefficients.setCoefficient(named: "urgency.user.tag.work.coefficient", to: 2)
            try coefficients.setCoefficient(named: "urgency.user.project.home.coefficient", to: 3)
            try coefficients.setCoefficient(named: "urgency.user.keyword.call.coefficient", to: 0.5)
            #expect(urgency(todo { $0.tags = ["work"] }, with: coefficients) == 2.8)
            #expect(urgency(todo { $0.project = "home" }, with: coefficients) == 4)
            #expect(urgency(todo { $0.project = "home.garden.shed" }, with: coefficients) == 4)
            #expect(urgency(todo { $0.project = "homework" }, with: coefficients) == 1)
            #expect(urgency(todo { $0.title = "Call Bob" }, with: coefficients) == 0)
            #expect(urgency(todo { $0.title = "recall the order" }, with: coefficients) == 0.5)
            let terms = coefficients.terms(
                of: todo {
                    $0.title = "call"
                    $0.tags = ["work", "next"]
                    $0.priority = .low
                }, at: Self.now, utcOffset: { _ in 0 })
            #expect(
                terms.map(\.name) == [
                    "urgency.tags.coefficient", "urgency.uda.priority.L.coefficient",
                    "urgency.user.keyword.call.coefficient", "urgency.user.tag.next.coefficient",
                    "urgency.user.tag.work.coefficient",
                ])
            #expect(terms.map(\.value) == [0.9, 1.8, 0.5, 15, 2])
        }

        @Test func theExampleOfDocsUrgencyMd() {
            let example = todo {
                $0.tags = ["next", "shop"]
                $0.priority = .high
                $0.due = Self.today
                $0.createdAt = Self.now.addingTimeInterval(-10 * 86_400)
            }
            #expect(abs(urgency(example) - 30.98) < 0.005)
        }

        @Test func theClockGivesNowAndTheZone() {
            let clock = TodoClock.fixed(at: Self.now, utcOffset: 36_000)
            let input = todo { $0.due = Self.today }
            #expect(coefficients.urgency(of: input, clock: clock) == urgency(input, utcOffset: 36_000))
        }
    }
}
