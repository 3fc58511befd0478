import Foundation
import Testing

@testable import TodoCore

extension Urgency {
    /// The examples of Docs/Urgency.md and of the urgency types' documentation, compiled and run.
    @Suite struct GuideTests {
        @Test func theGuidesSnippetIsHere() throws {
            try GuideSnippets.expectInFile(guide: "Docs/Urgency.md", source: #filePath)
        }

        @Test func theGuidesSnippetSetsByNameAndComputes() throws {
            let now = Date(timeIntervalSince1970: 1_894_276_800)  // 2030-01-10T12:00:00Z
            let offset: (Date) -> Int = { _ in 0 }
            // Old and due far ahead, so that the system clock's time does not matter.
            let input = UrgencyInput(
                createdAt: Date(timeIntervalSince1970: 946_684_800), due: CalendarDay(year: 2100, month: 1, day: 1),
                project: "home.garden")
            var coefficients = UrgencyCoefficients.taskwarrior
            try coefficients.setCoefficient(named: "urgency.due.coefficient", text: "10")
            try coefficients.setCoefficient(named: "urgency.user.project.home.coefficient", text: "2.5")
            let ageMax = coefficients.coefficient(named: "urgency.age.max")  // 365.0
            let urgency = coefficients.urgency(of: input, clock: .system)  // input: an UrgencyInput
            let terms = coefficients.terms(of: input, at: now, utcOffset: offset)  // as `task info` lists them
            #expect(ageMax == 365)
            #expect(abs(urgency - (1 + 2.5 + 0.2 * 10 + 2)) < 1e-9)  // project, home, due, age
            #expect(
                terms.map(\.name) == [
                    "urgency.project.coefficient", "urgency.due.coefficient", "urgency.age.coefficient",
                    "urgency.user.project.home.coefficient",
                ])
            #expect(terms.map(\.value) == [1, 2, 2, 2.5])
        }

        @Test func theDocumentationExamplesHold() throws {
            var coefficients = UrgencyCoefficients.taskwarrior
            #expect(coefficients.due == 12.0)
            try coefficients.setCoefficient(named: "urgency.user.tag.next.coefficient", text: "20")
            #expect(coefficients.coefficient(named: "urgency.user.tag.next.coefficient") == 20.0)

            let now = Date(timeIntervalSince1970: 1_894_276_800)
            let todo = Todo(
                id: 1, uuid: UUID(), title: "Ship it", priority: .high, tags: ["next"], createdAt: now, position: 1)
            let input = UrgencyInput(createdAt: todo.createdAt, due: todo.due, tags: todo.tags, priority: todo.priority)
            let urgency = UrgencyCoefficients.taskwarrior.urgency(of: input, clock: .fixed(at: now))
            #expect(abs(urgency - (15 + 0.8 + 6)) < 1e-9)
        }
    }
}
