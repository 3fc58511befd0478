import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import TodoCoreTesting

@testable import TodoCore

/// A hooks folder with real scripts (`/bin/sh`), in a temporary folder that the scripts may
/// write to (`$OUT`), and a provider whose changes run them.
final class HookScripts: @unchecked Sendable {
    // @unchecked Sendable: set up once, then only read
    let folder = TemporaryFolder()
    let clock = FakeClock()
    private(set) var runner: HookRunner!
    private(set) var provider: TodoServiceProvider!
    let messages = Locked<[HookMessage]>([])
    let events = Locked<[TodoEvent]>([])
    private let bag = DisposeBag()

    var hooks: String { folder.file("hooks") }
    var service: TodoServiceType { provider.todoService }

    /// Hooks stopped after `timeout` (by default only one that never ends is), on `storage` (a
    /// store file in the folder by default).
    init(
        timeout: Duration = Patience.limit, isEnabled: Bool = true, storage: TodoStorageType? = nil,
        invocation: HookInvocation = HookInvocation(arguments: ["todo", "add", "x"], command: "add")
    ) {
        try! FileManager.default.createDirectory(atPath: folder.file("hooks"), withIntermediateDirectories: true)
        runner = HookRunner(
            folder: hooks, isEnabled: isEnabled, invocation: invocation, timeout: timeout,
            environment: ["PATH": "/usr/bin:/bin", "OUT": folder.path, "LC_ALL": "C"])
        let storage = storage ?? JSONFileTodoStorage(path: folder.file("todos.json"))
        provider = TodoServiceProvider(storage: storage, clock: clock.clock, uuids: .sequential(), hooks: runner)
        runner.messages.subscribe(onNext: { [messages] message in messages.withLock { $0.append(message) } })
            .disposed(by: bag)
        provider.todoService.events.subscribe(onNext: { [events] event in events.withLock { $0.append(event) } })
            .disposed(by: bag)
    }

    /// Writes the hook `name`: a shell script of `body`, executable unless said otherwise.
    func add(_ name: String, _ body: String, executable: Bool = true) {
        try? ExecutableFile.write(
            "#!/bin/sh\n" + body + "\n", to: folder.file("hooks/" + name), mode: executable ? 0o755 : 0o644)
    }

    /// The text a script wrote to `$OUT/name`, or `nil`.
    func written(_ name: String) -> String? {
        folder.bytes(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The lines a script wrote to `$OUT/name`.
    func lines(_ name: String) -> [String] {
        (written(name) ?? "").split(separator: "\n").map(String.init)
    }

    var published: [HookMessage] { messages.withLock { $0 } }
    var publishedEvents: [TodoEvent] { events.withLock { $0 } }

    @discardableResult
    func add(title: String, _ configure: (inout TodoDraft) -> Void = { _ in }) throws -> Todo {
        var draft = TodoDraft(title: title)
        configure(&draft)
        return try service.create(draft).toBlocking().single()
    }

    func all() throws -> [Todo] { try service.fetch(TodoQuery(status: .all)).toBlocking().single() }

    /// The hook refusal `body` throws, or `nil`.
    func refusal<T>(_ body: () throws -> T) -> (hook: String, reason: String)? {
        guard case .hookRefused(let hook, let reason) = todoError(body) else { return nil }
        return (hook, reason)
    }
}

extension HookScripts {
    /// The processes the hooks started that still run: those whose environment holds this
    /// folder's `OUT` (a zombie has none left).
    func runningHookProcesses() -> [pid_t] {
        let marker = Data("OUT=\(folder.path)\0".utf8)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry),
                let environment = FileManager.default.contents(atPath: "/proc/\(entry)/environ")
            else { return nil }
            return environment.range(of: marker) == nil ? nil : pid
        }
    }
}
