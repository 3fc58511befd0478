import Dispatch
import Foundation
import ReactorKitTesting
import TestSupport
import Testing

@testable import TodoCore

// Where the states that follow another process's change arrive, as TodoStoreWatcher's reference
// and Docs/Architecture.md ("Threads, and changes from other processes") say: the other
// "process" is a second provider writing the same store file.

/// A store file written by two providers: `here`, the front end's, and `elsewhere`, another
/// process's.
private struct TwoWriters {
    let folder = TemporaryFolder()
    let here: TodoServiceProvider
    let elsewhere: TodoServiceProvider

    init() throws {
        let path = folder.path + "/todos.json"
        let uuids = UUIDSource.sequential()  // one store never holds a uuid twice
        here = makeProvider(storage: JSONFileTodoStorage(path: path), uuids: uuids)
        elsewhere = makeProvider(storage: JSONFileTodoStorage(path: path), uuids: uuids)
        _ = try elsewhere.todoService.create(TodoDraft(title: "Buy bread")).toBlocking().single()
    }

    /// A list on `here`, loaded.
    func loadedList() -> TodoListReactor {
        let list = TodoListReactor(provider: here)
        list.send(.refresh)
        return list
    }

    /// Another process adds a todo.
    func addElsewhere(_ title: String) throws {
        _ = try elsewhere.todoService.create(TodoDraft(title: title)).toBlocking().single()
    }
}

/// What a view rendered, and whether on the queue it renders on.
private final class RecordingView: @unchecked Sendable {
    // @unchecked Sendable: `rendered` is guarded by its lock; the key is immutable
    let key = DispatchSpecificKey<Bool>()
    private let rendered = Locked<[(titles: [String], onItsQueue: Bool)]>([])

    func render(_ state: TodoListReactor.State) {
        let onItsQueue = DispatchQueue.getSpecific(key: key) ?? false
        rendered.withLock { $0.append((state.todos.map(\.title), onItsQueue)) }
    }

    /// The renders so far.
    var renders: [(titles: [String], onItsQueue: Bool)] { rendered.withLock { $0 } }

    /// Waits (up to 10 s) for a render showing `title`; whether one came.
    func waitForRender(showing title: String) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while !renders.contains(where: { $0.titles.contains(title) }) {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }
}

@Suite struct TodoStoreWatcherThreadTests {
    @Test func startedOnAQueueItsStatesArriveOnThatQueue() throws {
        let store = try TwoWriters()
        let list = store.loadedList()
        let view = RecordingView()
        let queue = DispatchQueue(label: "test.render")
        queue.setSpecific(key: view.key, value: true)
        let subscription = list.state.skip(1).subscribe(onNext: { view.render($0) })
        let watcher = TodoStoreWatcher(provider: store.here, interval: .milliseconds(5), queue: queue)
        watcher.start()
        try store.addElsewhere("Buy milk")
        #expect(view.waitForRender(showing: "Buy milk"))
        watcher.stop()
        #expect(!view.renders.isEmpty)
        let onItsQueue = view.renders.map(\.onItsQueue)
        #expect(!onItsQueue.contains(false), "the fetch and the new state happen on the watcher's queue")
        subscription.dispose()
    }

    @Test func observeOnMovesTheRenderingToTheViewsQueue() throws {
        let store = try TwoWriters()
        let list = store.loadedList()
        let view = RecordingView()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "test.view",
            serialQueueConfiguration: { $0.setSpecific(key: view.key, value: true) })
        let subscription = list.state.skip(1).observe(on: scheduler).subscribe(onNext: { view.render($0) })
        let watcher = TodoStoreWatcher(provider: store.here, interval: .milliseconds(5))  // its own queue
        watcher.start()
        try store.addElsewhere("Buy milk")
        #expect(view.waitForRender(showing: "Buy milk"))
        watcher.stop()
        let onItsQueue = view.renders.map(\.onItsQueue)
        #expect(!onItsQueue.isEmpty && !onItsQueue.contains(false))
        subscription.dispose()
    }

    @Test func checkedFromAnEventLoopItsStatesArriveBeforeCheckReturns() throws {
        let store = try TwoWriters()
        let list = store.loadedList()
        let watcher = TodoStoreWatcher(provider: store.here)  // never started
        var rendered: [[String]] = []
        let subscription = list.state.skip(1).subscribe(onNext: { rendered.append($0.todos.map(\.title)) })
        #expect(!watcher.check())
        try store.addElsewhere("Buy milk")
        #expect(rendered.isEmpty)  // nothing looks but the loop
        #expect(watcher.check())
        #expect(rendered == [["Buy bread", "Buy milk"]])  // on this thread, before check() returned
        #expect(list.currentState.todos.map(\.title) == ["Buy bread", "Buy milk"])
        #expect(!watcher.check())
        subscription.dispose()
    }

    @Test func theGuidesThreeWaysCompile() throws {
        let store = try TwoWriters()
        let list = store.loadedList()
        let disposeBag = DisposeBag()
        let watcher = Self.threeWays(provider: store.here, list: list, view: RecordingView(), disposeBag: disposeBag)
        watcher.stop()
    }

    /// Architecture.md's snippet, as written there.
    private static func threeWays(
        provider: TodoServiceProvider, list: TodoListReactor, view: RecordingView, disposeBag: DisposeBag
    ) -> TodoStoreWatcher {
        // 1. The main queue runs (a GUI's run loop, dispatchMain(), an async main): look from it, and
        //    the fetches and the new states all happen on the main queue.
        let watcher = TodoStoreWatcher(provider: provider, queue: .main)
        watcher.start()

        // 2. Look on the watcher's own queue, and render on the view's thread.
        list.state
            .observe(on: MainScheduler.instance)
            .subscribe(onNext: { state in view.render(state) })
            .disposed(by: disposeBag)

        // 3. An event loop of one's own: no start(); look on each wake, on the loop's thread.
        if watcher.check() { view.render(list.currentState) }

        return watcher
    }

    @Test func everySnippetIsHere() throws {
        try GuideSnippets.expectInFile(
            guide: "Docs/Architecture.md", source: #filePath,
            skipping: { !$0.contains("TodoStoreWatcher(provider: provider, queue: .main)") })
    }
}
