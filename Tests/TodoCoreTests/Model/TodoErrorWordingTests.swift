import ReactorKitTesting
import Testing

@testable import TodoCore

/// TodoCore's errors speak to any front end: no `todo` command, option, or shell command in
/// their descriptions (the `todo` CLI adds its hints when it prints them).
@Suite struct TodoErrorWordingTests {
    /// One error of each case that could carry a front end's advice.
    static let errors: [TodoError] = [
        .blankTitle, .invalidTag("a b"), .invalidDate("someday", reason: .unrecognized),
        .invalidDate("9999-12-32", reason: .outOfRange), .invalidDate("+9999d", reason: .tooFar),
        .invalidPriority("urgent"), .invalidRecurrence("often"), .invalidProject("a b"), .blankAnnotation,
        .unknownTodos([9]), .unknownTodos([8, 9]), .invalidPosition(4, count: 2), .nothingToUndo,
        .noNextOccurrence(id: 3), .storeTooNew(file: "/s/todos.json", version: 9, supported: 2),
        .storeLocked(file: "/s/todos.json", seconds: 10),
        .storeDamaged(
            file: "/s/todos.json", problem: "bad",
            recovery: .restoreBackup(backup: "/s/todos.json.bak", store: "/s/todos.json")),
        .storeDamaged(file: "/s/todos.json", problem: "bad", recovery: .fixOrMoveAside(file: "/s/todos.json")),
        .storeDamaged(
            file: "/s/todos.json.journal", problem: "bad",
            recovery: .moveJournalAside(journal: "/s/todos.json.journal", store: "/s/todos.json")),
        .storeDamaged(
            file: "/s/todos.json.bak", problem: "bad", recovery: .moveBackupAside(backup: "/s/todos.json.bak")),
    ]

    /// What only a command line says.
    static let cliAdvice = ["`todo", "todo list", "--", "mv '", "cp '", "run:", "Upgrade todo", "TODO_LOCK_TIMEOUT"]

    @Test(arguments: errors)
    func descriptionsGiveNoCommandLineAdvice(_ error: TodoError) {
        for advice in Self.cliAdvice {
            #expect(!error.description.contains(advice), "\(error.description)")
        }
    }

    @Test func theFieldsStillSayWhatAFrontEndNeedsForItsHints() {
        #expect(TodoError.unknownTodos([9]).description == "todo 9 does not exist")
        #expect(TodoError.unknownTodos([8, 9]).description == "todos 8, 9 do not exist; nothing was changed")
        #expect(
            StoreRecovery.fixOrMoveAside(file: "/s/todos.json").description
                == "Fix the JSON by hand, or move the file away (to /s/todos.json.damaged) to start an empty store")
        #expect(
            TodoError.storeLocked(file: "/s/todos.json", seconds: 2.5).description
                == "the store /s/todos.json stayed locked by another process for 2.5 s; nothing was changed")
    }

    @Test func aDamagedStoreSaysWhichWayBackWithItsFiles() throws {
        let folder = TemporaryFolder()
        let path = folder.file("todos.json")
        folder.write("todos.json", Array("{\"version\":".utf8))
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: path))
        let error = todoError { try provider.todoService.fetch(TodoQuery()).toBlocking().single() }
        #expect(
            error
                == .storeDamaged(
                    file: path, problem: try #require(Self.problem(of: error)), recovery: .fixOrMoveAside(file: path)))
        let description = error.map(\.description) ?? ""
        for advice in Self.cliAdvice {
            #expect(!description.contains(advice), "\(description)")
        }
    }

    @Test func theStoresLocationAndAnImportSayNoOptionOrCommandEither() throws {
        for environment in [[:], ["HOME": "relative"]] {
            #expect(throws: TodoError.self) { try TodoStoreLocation.resolve(environment: environment) }
            do {
                _ = try TodoStoreLocation.resolve(environment: environment)
            } catch {
                for advice in Self.cliAdvice { #expect(!error.description.contains(advice), "\(error.description)") }
            }
        }
        let damaged = Array("{\"version\":2,\"todos\":[{\"title\":1}]}".utf8)
        do {
            _ = try TodoJSONFormat.parse(damaged, file: "export.json")
            Issue.record("a damaged export was read")
        } catch {
            for advice in Self.cliAdvice { #expect(!error.description.contains(advice), "\(error.description)") }
        }
    }

    private static func problem(of error: TodoError?) -> String? {
        guard case .storeDamaged(_, let problem, _)? = error else { return nil }
        return problem
    }
}
