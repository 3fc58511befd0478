import Dispatch
import Foundation
import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

// The code of Docs/GettingStarted.md, compiled and run: `everySnippetIsHere` checks that each
// Swift snippet of the guide appears, line for line, in this file (imports aside), so the
// guide cannot drift from code that compiles.

// MARK: - The service

/// Keeps the notes.
protocol NoteServiceType: AnyObject {
    /// Every note, oldest first.
    func fetch() -> Observable<[String]>
    /// Adds a note; emits it as stored.
    func add(_ text: String) -> Observable<String>
}

/// Keeps the notes in memory.
final class NoteService: NoteServiceType {
    private var notes: [String] = []

    func fetch() -> Observable<[String]> {
        .deferred { .just(self.notes) }
    }

    func add(_ text: String) -> Observable<String> {
        .deferred {
            self.notes.append(text)
            return .just(text)
        }
    }
}

// MARK: - The reactor

final class NotesReactor: Reactor {
    enum Action: Equatable {
        case load
        case add(String)
    }

    enum Mutation: Equatable {
        case setLoading(Bool)
        case setNotes([String])
        case append(String)
        case setError(String)
    }

    struct State: Equatable {
        var notes: [String] = []
        var isLoading = false
        @Pulse var error: String?
    }

    let initialState = State()
    private let service: NoteServiceType

    init(service: NoteServiceType) {
        self.service = service
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .load:
            return .concat([
                .just(.setLoading(true)),
                service.fetch()
                    .map(Mutation.setNotes)
                    .catch { error in .just(.setError("could not load the notes (\(error))")) },
                .just(.setLoading(false)),
            ])
        case .add(let text):
            let text = text.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { return .just(.setError("a note cannot be empty")) }
            return service.add(text).map(Mutation.append)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setLoading(let isLoading): state.isLoading = isLoading
        case .setNotes(let notes): state.notes = notes
        case .append(let note): state.notes.append(note)
        case .setError(let message): state.error = message
        }
        return state
    }
}

// MARK: - The view

final class NotesView: ReactorView {
    var disposeBag = DisposeBag()
    private let write: (String) -> Void

    init(write: @escaping (String) -> Void = { print($0) }) {
        self.write = write
    }

    func bind(reactor: NotesReactor) {
        reactor.state.map(\.notes)
            .distinctUntilChanged()
            .subscribe(onNext: { [write] notes in
                let lines = notes.enumerated().map { index, note in "\(index + 1). \(note)" }
                write(lines.isEmpty ? "(no notes)" : lines.joined(separator: "\n"))
            })
            .disposed(by: disposeBag)

        reactor.pulse(\.$error)
            .compactMap { $0 }
            .subscribe(onNext: { [write] message in write("error: \(message)") })
            .disposed(by: disposeBag)
    }

    /// Handles a line the user typed: `add TEXT` or `list`.
    func handle(_ line: String) {
        guard let reactor else { return }
        if line.hasPrefix("add ") {
            reactor.action.onNext(.add(String(line.dropFirst(4))))
        } else if line == "list" {
            reactor.action.onNext(.load)
        } else {
            write("commands: add TEXT, list")
        }
    }
}

/// A view that shows how many notes there are through a `Binder`, as a GUI's label would be.
final class NotesTitleView: ReactorView {
    var disposeBag = DisposeBag()
    private(set) var title = ""

    func bind(reactor: NotesReactor) {
        reactor.state.map { state in state.notes.count == 1 ? "1 note" : "\(state.notes.count) notes" }
            .distinctUntilChanged()
            .bind(to: Binder(self) { view, title in view.title = title })  // on the main queue
            .disposed(by: disposeBag)
    }
}

/// The guide's `main.swift` (compiled; `theSessionTheGuideShows` runs the same steps with a
/// view whose output it reads).
private func runNotesMain(readLine: () -> String?) -> NotesView {
    let view = NotesView()
    view.reactor = NotesReactor(service: NoteService())
    view.reactor?.action.onNext(.load)

    while let line = readLine() {
        view.handle(line)
    }
    return view
}

// MARK: - The fake service

enum NoteError: Error {
    case offline
}

final class FakeNoteService: NoteServiceType {
    let fetchSpy = Spy<Void, [String]>("fetch")
    let addSpy = Spy<String, String>("add")

    func fetch() -> Observable<[String]> {
        .deferred { .just(try self.fetchSpy()) }
    }

    func add(_ text: String) -> Observable<String> {
        .deferred { .just(try self.addSpy(text)) }
    }
}

// MARK: - The tests

@Suite struct NotesReactorTests {
    @Test func loadShowsTheNotes() {
        let service = FakeNoteService()
        service.fetchSpy.returns(["milk", "eggs"])
        let store = ReactorTestStore(NotesReactor(service: service))

        store.send(.load) { $0.notes = ["milk", "eggs"] }
        #expect(service.fetchSpy.callCount == 1)
    }

    @Test func addTrimsAndAppends() {
        let service = FakeNoteService()
        service.addSpy.answers { text in text }
        let store = ReactorTestStore(NotesReactor(service: service))

        store.send(.add("  bread ")) { $0.notes = ["bread"] }
        service.addSpy.expectCalls(["bread"])
    }

    @Test func blankNotesAreRefused() {
        let service = FakeNoteService()  // nothing stubbed: a call to it would fail the test
        let store = ReactorTestStore(NotesReactor(service: service))

        store.send(.add("   ")) { $0.error = "a note cannot be empty" }
    }

    @Test func loadFailureIsShown() {
        let service = FakeNoteService()
        service.fetchSpy.fails(with: NoteError.offline)
        let store = ReactorTestStore(NotesReactor(service: service))

        store.send(.load) { $0.error = "could not load the notes (offline)" }
    }
}

@Suite struct NotesViewTests {
    @Test @MainActor func typingAddSendsTheAction() {
        let reactor = NotesReactor(service: FakeNoteService())
        reactor.isStubEnabled = true
        let view = NotesView(write: { _ in })
        view.reactor = reactor

        view.handle("add milk")
        #expect(reactor.stub.actions == [.add("milk")])
    }

    @Test @MainActor func theNotesArePrinted() {
        let reactor = NotesReactor(service: FakeNoteService())
        reactor.isStubEnabled = true
        var lines: [String] = []
        let view = NotesView(write: { lines.append($0) })
        view.reactor = reactor

        reactor.stub.state.value.notes = ["milk", "eggs"]
        #expect(lines == ["(no notes)", "1. milk\n2. eggs"])
    }

    @Test @MainActor func theTitleIsShown() {
        let reactor = NotesReactor(service: FakeNoteService())
        reactor.isStubEnabled = true
        let view = NotesTitleView()
        view.reactor = reactor

        reactor.stub.state.value.notes = ["milk"]
        #expect(view.title == "1 note")  // the binder ran at once: this test is on the main queue
    }
}

// MARK: - What the guide shows besides code

@Suite struct GettingStartedGuideTests {
    @Test func theSessionTheGuideShows() {
        var input = ["add milk", "add eggs", "list", "help"][...]
        var output: [String] = []
        let view = NotesView(write: { output.append($0) })
        view.reactor = NotesReactor(service: NoteService())
        view.reactor?.action.onNext(.load)
        while let line = input.popFirst() {
            view.handle(line)
        }
        #expect(
            output == [
                "(no notes)", "1. milk", "1. milk\n2. eggs", "commands: add TEXT, list",
            ])
    }

    /// What the guide warns of: off the main actor — where Swift Testing runs a test unless told
    /// otherwise — a `Binder` (or `observe(on: MainScheduler.instance)`) renders later, on the
    /// main queue, so an assertion right after the change sees the old title. (The main queue is
    /// held busy meanwhile, so that "later" cannot come first by chance.)
    @Test func offTheMainActorABinderRendersLater() {
        let reactor = NotesReactor(service: FakeNoteService())
        reactor.isStubEnabled = true
        let view = NotesTitleView()
        view.reactor = reactor
        let held = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        DispatchQueue.main.async {
            held.signal()
            release.wait()
        }
        held.wait()  // the main queue ran what was queued before ("0 notes"), and is now held

        reactor.stub.state.value.notes = ["milk"]
        #expect(view.title == "0 notes")  // not "1 note": that waits for the main queue
        release.signal()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { drained.signal() }
        drained.wait()
        #expect(view.title == "1 note")
    }

    @Test func theFailureTheGuideShows() {
        let failures = withCapturedFailures {
            let service = FakeNoteService()
            service.fetchSpy.returns(["milk", "eggs"])
            let store = ReactorTestStore(NotesReactor(service: service))
            store.send(.load)
        }
        #expect(failures.map(\.message) == [Self.forgottenAssertion])
    }

    static let forgottenAssertion = """
        State changed after send(.load), but the step asserts no change: (− expected, + actual)

          State(
            notes: [
        +     [0]: "milk"
        +     [1]: "eggs"
            ]
            isLoading: false
            error: @Pulse(value: nil, valueUpdatedCount: 0)
          )

        Assert it with a closure, e.g. `store.send(.load) { $0.notes = ["milk", "eggs"] }`.
        """

    /// Each ```swift block of Docs/GettingStarted.md but the package manifest is in this file.
    @Test func everySnippetIsHere() throws {
        try GuideSnippets.expectInFile(
            guide: "Docs/GettingStarted.md", source: #filePath, minimumCount: 7,
            skipping: { $0.hasPrefix("// swift-tools-version") })
    }
}
