import Foundation
import TestSupport
import TodoCoreTesting

@testable import TodoCore

/// 2030-01-07 09:30:00 UTC, a Monday (``TodoFixtures/now``).
let monday = TodoFixtures.now

/// A day of the calendar written as `YYYY-MM-DD`.
func day(_ text: String) -> CalendarDay {
    TodoFixtures.day(text)
}

/// The UUID `00000000-0000-0000-0000-0000000000NN`.
func uuid(_ number: Int) -> UUID {
    TodoFixtures.uuid(number)
}

/// A provider over `storage` with a test clock and sequential UUIDs (a new sequence from 1
/// unless `uuids` is given: providers that take turns on one store share one, as a store never
/// holds a uuid twice).
func makeProvider(
    storage: TodoStorageType = InMemoryTodoStorage(), clock: FakeClock = FakeClock(),
    alertService: AlertServiceType = UnavailableAlertService(), uuids: UUIDSource = .sequential()
) -> TodoServiceProvider {
    TodoServiceProvider(storage: storage, alertService: alertService, clock: clock.clock, uuids: uuids)
}

/// The `TodoError` `body` throws, or `nil`.
func todoError<T>(_ body: () throws -> T) -> TodoError? {
    do {
        _ = try body()
        return nil
    } catch let error as TodoError {
        return error
    } catch {
        return .io(file: "?", operation: "?", reason: "not a TodoError: \(error)")
    }
}

/// Keeps providers alive for a test: services hold their provider `unowned`, as the
/// ServiceProvider convention has it, so a provider must outlive the services taken from it.
final class ProviderPool: @unchecked Sendable {
    // @unchecked Sendable: `providers` is guarded by its lock
    private let providers = Locked<[TodoServiceProvider]>([])

    @discardableResult
    func keep(_ provider: TodoServiceProvider) -> TodoServiceProvider {
        providers.withLock { $0.append(provider) }
        return provider
    }
}

extension TodoContext {
    /// Monday 2030-01-07 09:30 UTC, without dependencies: the context tests write JSON in.
    static let test = TodoContext(now: monday, clock: .fixed(at: monday), relations: .none)
}

extension Todo {
    /// The todo's `--json` object, its facts worked out in ``TodoContext/test``.
    var testJSON: String { jsonObject(facts: TodoContext.test.facts(for: self)) }
}
