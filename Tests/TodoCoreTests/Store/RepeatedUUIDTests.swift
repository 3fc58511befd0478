import Foundation
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The duplicate-uuid check every read of the store makes (a repeated uuid is damage), over
/// uuids that differ in their last bytes only (a counter's), in their first bytes only, and at
/// random: every repeat is found, at the indices of both todos, and none is found where there
/// is none. (How long the check takes is `Benchmarks/README.md`'s business, not a test's.)
@Suite struct RepeatedUUIDTests {
    /// `count` todos whose uuids are `make(index)`.
    func todos(_ count: Int, _ make: (Int) -> UUID) -> [Todo] {
        (0..<count).map { index in
            var todo = Todo.fixture(index + 1)
            todo.uuid = make(index)
            return todo
        }
    }

    /// A uuid whose last six bytes are `n`, as a counter makes them.
    static func counted(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012x", n))!
    }

    /// A uuid whose first four bytes are `n`.
    static func leading(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "%08x-0000-4000-8000-000000000000", n))!
    }

    @Test(
        arguments: [
            ("counted", RepeatedUUIDTests.counted), ("leading", RepeatedUUIDTests.leading),
            ("random", { _ in UUID() }),
        ] as [(String, @Sendable (Int) -> UUID)])
    func everyRepeatIsFoundAndNoneIsInvented(kind: String, make: @Sendable (Int) -> UUID) {
        var all = todos(20_000, make)
        #expect(Snapshot.firstRepeatedUUID(in: all) == nil, "\(kind)")
        all[15_000].uuid = all[7].uuid
        let repeated = Snapshot.firstRepeatedUUID(in: all)
        #expect(repeated?.0 == 7 && repeated?.1 == 15_000, "\(kind): \(String(describing: repeated))")
        var neighbours = todos(3, make)
        neighbours[2].uuid = neighbours[1].uuid
        #expect(Snapshot.firstRepeatedUUID(in: neighbours).map { [$0.0, $0.1] } == [1, 2], "\(kind)")
    }
}
