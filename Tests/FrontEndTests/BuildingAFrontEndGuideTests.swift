import Foundation
import ReactorKitTesting
import ServiceBus
import Testing
import TodoCore
import TodoCoreTesting

/// Docs/BuildingAFrontEnd.md's code, run: each test holds the lines of a snippet of the guide
/// (with what it needs around it), and `everySnippetIsHere` checks that the guide shows them.
@Suite struct BuildingAFrontEndGuideTests {
    @Test func everySnippetIsHere() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        try GuideSnippets.expectInFiles(
            guide: "Docs/BuildingAFrontEnd.md",
            sources: ["FocusApp.swift", "BuildingAFrontEndGuideTests.swift", "FocusAppTests.swift"].map {
                folder.appendingPathComponent($0).path
            },
            minimumCount: 10)
    }

    @Test func theStoreIsWhereTodoFindsIt() throws {
        let storage = try openStore(environment: ["TODO_FILE": "/tmp/elsewhere/todos.json"])
        #expect(storage.location == "/tmp/elsewhere/todos.json")
        let xdg = try openStore(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"])
        #expect(xdg.location == "/data/todo/todos.json")
        #expect(try openStore(file: "/given.json", environment: [:]).location == "/given.json")
    }

    @Test func theListEditAndStatsReactors() {
        let shell = AppShell(provider: TodoServiceProvider.inMemory())
        defer { shell.tearDown() }

        let list = shell.make { TodoListReactor(provider: $0, query: TodoQuery(status: .all)) }
        let stats = shell.make { TodoStatsReactor(provider: $0) }
        list.send(.refresh)
        stats.send(.refresh)
        list.send(.create(TodoDraft(title: "Buy milk", tags: ["shop"])))
        let titles = list.currentState.todos.map(\.title)  // ["Buy milk"]
        let pending = stats.currentState.stats?.pending  // 1: the stats reactor heard the bus

        #expect(titles == ["Buy milk"])
        #expect(pending == 1)

        let form = shell.make { TodoEditReactor(provider: $0, mode: .edit(list.currentState.todos[0])) }
        form.send(.setTitle("Buy oat milk"))
        form.send(.submit)  // saves the fields that changed; then `isDismissed` is true
        shell.release(form)  // the form is closed: the shell stops keeping it

        #expect(form.currentState.isDismissed)
        #expect(list.currentState.todos.map(\.title) == ["Buy oat milk"])
        #expect(stats.currentState.stats?.pending == 1)
    }

    @Test func theFrontEndFollowsATodoProcess() throws {
        let sandbox = Sandbox()
        let storage = try openStore(environment: sandbox.environment)
        let alerts = LineAlertService(readAnswer: { nil }, write: { _ in })
        let arrivals = Arrivals<[String]>()
        let disposeBag = DisposeBag()
        func render(_ titles: [String]) { arrivals.append(titles) }

        let provider = TodoServiceProvider(storage: storage, alertService: alerts)
        let shell = AppShell(provider: provider)
        let list = shell.make { TodoListReactor(provider: $0, query: TodoQuery(status: .all)) }
        list.send(.refresh)
        defer { shell.tearDown() }

        let watcher = TodoStoreWatcher(provider: provider)  // looks every 250 ms, on a queue of its own
        watcher.start()
        let view = SerialDispatchQueueScheduler(internalSerialQueueName: "view")
        list.state
            .map { $0.todos.map(\.title) }
            .distinctUntilChanged()
            .observe(on: view)  // the watcher's queue delivers the states; the view renders on its own
            .subscribe(onNext: { titles in render(titles) })
            .disposed(by: disposeBag)

        #expect(arrivals.wait { $0.last == [] })
        #expect(try sandbox.todo("add", "Buy milk").status == 0)
        #expect(arrivals.wait { $0.last == ["Buy milk"] }, "\(arrivals.all)")
        #expect(try sandbox.todo("done", "1").status == 0)
        #expect(try sandbox.todo("add", "Call mum").status == 0)
        #expect(arrivals.wait { $0.last == ["Buy milk", "Call mum"] }, "\(arrivals.all)")
        #expect(list.currentState.todos.map(\.isDone) == [true, false])
        watcher.stop()
    }

    @Test func aCustomAlertServiceAsksOnALine() {
        let lines = AnswerQueue(["d", ""])
        let questions = Arrivals<String>()

        let alerts = LineAlertService(readAnswer: { lines.next() }, write: { questions.append($0) })
        let provider = TodoServiceProvider.inMemory((1...4).map { Todo.fixture($0) }, alertService: alerts)
        let list = TodoListReactor(provider: provider, query: TodoQuery(status: .all))
        list.send(.refresh)
        list.send(.delete(ids: [1, 2], confirmed: false))  // two todos: the list asks first

        #expect(list.currentState.todos.map(\.id) == [3, 4])  // "d" chose Delete
        list.send(.delete(ids: [3, 4], confirmed: false))
        #expect(list.currentState.todos.map(\.id) == [3, 4])  // an empty line chose Cancel
        #expect(list.currentState.outcome == .cancelled)
        #expect(questions.all == ["Delete 2 todos? [Delete/Cancel] ", "Delete 2 todos? [Delete/Cancel] "])
    }
}

/// Answers given in turn, then the end of the input.
final class AnswerQueue: @unchecked Sendable {
    // @unchecked Sendable: `answers` is guarded by lock
    private let lock = NSLock()
    private var answers: [String]

    init(_ answers: [String]) {
        self.answers = answers
    }

    func next() -> String? {
        lock.withLock { answers.isEmpty ? nil : answers.removeFirst() }
    }
}
