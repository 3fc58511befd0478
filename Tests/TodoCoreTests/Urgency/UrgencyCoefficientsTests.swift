import Testing

@testable import TodoCore

extension Urgency {
    /// The coefficients: Taskwarrior 2.6's defaults, and reading and setting them by name.
    @Suite struct CoefficientsTests {
        @Test func theDefaultsAreTaskwarrior2Point6s() {
            // `task show urgency` of Taskwarrior 2.6.2 on a fresh install.
            let expected: [String: Double] = [
                "urgency.active.coefficient": 4.0, "urgency.age.coefficient": 2.0, "urgency.age.max": 365,
                "urgency.annotations.coefficient": 1.0, "urgency.blocked.coefficient": -5.0,
                "urgency.blocking.coefficient": 8.0, "urgency.due.coefficient": 12.0,
                "urgency.project.coefficient": 1.0, "urgency.scheduled.coefficient": 5.0,
                "urgency.tags.coefficient": 1.0, "urgency.uda.priority.H.coefficient": 6.0,
                "urgency.uda.priority.L.coefficient": 1.8, "urgency.uda.priority.M.coefficient": 3.9,
                "urgency.user.tag.next.coefficient": 15.0, "urgency.waiting.coefficient": -3.0,
            ]
            #expect(UrgencyCoefficients.taskwarrior.byName == expected)
            #expect(UrgencyCoefficients.names == expected.keys.sorted().filter { !$0.contains(".user.") })
            #expect(UrgencyCoefficients.taskwarrior.next == 15)
            #expect(UrgencyCoefficients() == .taskwarrior)
        }

        @Test func everyNameReadsAndSetsItsCoefficient() throws {
            for (index, name) in UrgencyCoefficients.names.enumerated() {
                var coefficients = UrgencyCoefficients.taskwarrior
                try coefficients.setCoefficient(named: name, to: Double(index) + 0.5)
                #expect(coefficients.coefficient(named: name) == Double(index) + 0.5)
                #expect(coefficients.byName[name] == Double(index) + 0.5)
                // Only that one changed.
                for other in UrgencyCoefficients.names where other != name {
                    #expect(
                        coefficients.coefficient(named: other)
                            == UrgencyCoefficients.taskwarrior.coefficient(named: other))
                }
            }
            var coefficients = UrgencyCoefficients.taskwarrior
            try coefficients.setCoefficient(named: "urgency.due.coefficient", text: " 9.5 ")
            try coefficients.setCoefficient(named: "urgency.uda.priority.H.coefficient", text: "-1e1")
            try coefficients.setCoefficient(named: "urgency.user.tag.next.coefficient", text: "0")
            #expect(coefficients.due == 9.5)
            #expect(coefficients.highPriority == -10)
            #expect(coefficients.next == 0)
        }

        @Test func userCoefficientsAreNamedByTagProjectOrKeyword() throws {
            var coefficients = UrgencyCoefficients.taskwarrior
            #expect(coefficients.coefficient(named: "urgency.user.tag.work.coefficient") == 0)
            try coefficients.setCoefficient(named: "urgency.user.tag.work.coefficient", to: 2)
            try coefficients.setCoefficient(named: "urgency.user.project.home.garden.coefficient", to: 3)
            try coefficients.setCoefficient(named: "urgency.user.keyword.call.coefficient", to: -1)
            #expect(coefficients.userTags == ["next": 15, "work": 2])
            #expect(coefficients.userProjects == ["home.garden": 3])
            #expect(coefficients.userKeywords == ["call": -1])
            #expect(coefficients.coefficient(named: "urgency.user.project.home.garden.coefficient") == 3)
            #expect(coefficients.byName["urgency.user.keyword.call.coefficient"] == -1)
        }

        @Test func namesAndValuesThatAreNotSettingsAreRefusedWithTheFix() {
            func problem(_ name: String, _ text: String = "1") -> String? {
                var coefficients = UrgencyCoefficients.taskwarrior
                do throws(TodoError) {
                    try coefficients.setCoefficient(named: name, text: text)
                    return nil
                } catch {
                    #expect(coefficients == .taskwarrior)
                    #expect(error.category == .invalidInput)
                    return error.description
                }
            }
            #expect(
                problem("urgency.next.coefficient")
                    == "urgency.next.coefficient: not a Taskwarrior 2.6 setting; the tag next's coefficient is urgency.user.tag.next.coefficient"
            )
            #expect(
                problem("urgency.due.coefficient", "high")
                    == "urgency.due.coefficient: 'high' is not a number; give one such as 12 or -3.5")
            #expect(problem("urgency.due.coefficient", "") != nil)
            #expect(problem("urgency.due.coefficient", "nan") != nil)
            #expect(problem("urgency.due.coefficient", "inf") != nil)
            #expect(problem("urgency.age.max", "-1")?.hasPrefix("urgency.age.max: -1.0 is below 0") == true)
            #expect(problem("urgency.age.max", "0") == nil)
            #expect(problem("urgency.uda.priority.X.coefficient")?.contains("priorities are H, M and L") == true)
            #expect(problem("urgency.uda.estimate.coefficient")?.contains("no user-defined attributes") == true)
            #expect(problem("urgency.inherit")?.contains("does not support urgency.inherit") == true)
            #expect(problem("urgency.user.tag.BLOCKED.coefficient")?.contains("virtual tags") == true)
            #expect(problem("urgency.user.tag..coefficient")?.contains("user coefficients are") == true)
            #expect(problem("urgency.user.tag.two words.coefficient")?.contains("one word") == true)
            #expect(problem("urgency.user.thing.x.coefficient")?.contains("user coefficients are") == true)
            #expect(problem("urgency.Due.coefficient")?.contains("not an urgency setting todo knows") == true)
            #expect(UrgencyCoefficients.taskwarrior.coefficient(named: "urgency.next.coefficient") == nil)
            var coefficients = UrgencyCoefficients.taskwarrior
            #expect(throws: TodoError.self) {
                try coefficients.setCoefficient(named: "urgency.due.coefficient", to: .infinity)
            }
        }
    }
}
