import Foundation
import Observation
import ReactorKit
import ReactorKitTesting
import Testing
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The ported example of Docs/ReactorKitCompatibility.md: an iOS search screen (a ReactorKit
// reactor, an RxCocoa-bound view controller, a URLSession service) moved to this package.
// `everyPortedSnippetIsHere` checks that the guide's ported code is this file's.

// MARK: - The reactor, unchanged but for its imports

protocol SearchServiceType {
    func search(query: String?, page: Int) -> Observable<(repos: [String], nextPage: Int?)>
}

final class SearchViewReactor: Reactor {
    enum Action {
        case updateQuery(String?)
        case loadNextPage
    }

    enum Mutation {
        case setQuery(String?)
        case setRepos([String], nextPage: Int?)
        case appendRepos([String], nextPage: Int?)
        case setLoadingNextPage(Bool)
    }

    struct State {
        var query: String?
        var repos: [String] = []
        var nextPage: Int?
        var isLoadingNextPage = false
    }

    let initialState = State()
    private let service: SearchServiceType

    init(service: SearchServiceType) {
        self.service = service
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .updateQuery(let query):
            return Observable.concat([
                Observable.just(Mutation.setQuery(query)),
                service.search(query: query, page: 1)
                    .take(until: self.action.filter(Action.isUpdateQueryAction))
                    .map { Mutation.setRepos($0.repos, nextPage: $0.nextPage) },
            ])
        case .loadNextPage:
            guard !currentState.isLoadingNextPage, let page = currentState.nextPage else {
                return Observable.empty()
            }
            return Observable.concat([
                Observable.just(Mutation.setLoadingNextPage(true)),
                service.search(query: currentState.query, page: page)
                    .take(until: self.action.filter(Action.isUpdateQueryAction))
                    .map { Mutation.appendRepos($0.repos, nextPage: $0.nextPage) },
                Observable.just(Mutation.setLoadingNextPage(false)),
            ])
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query):
            state.query = query
        case .setRepos(let repos, let nextPage):
            state.repos = repos
            state.nextPage = nextPage
        case .appendRepos(let repos, let nextPage):
            state.repos.append(contentsOf: repos)
            state.nextPage = nextPage
        case .setLoadingNextPage(let isLoadingNextPage):
            state.isLoadingNextPage = isLoadingNextPage
        }
        return state
    }
}

extension SearchViewReactor.Action {
    static func isUpdateQueryAction(_ action: SearchViewReactor.Action) -> Bool {
        if case .updateQuery = action {
            return true
        } else {
            return false
        }
    }
}

// MARK: - The service, without RxCocoa's URLSession extension

final class GitHubSearchService: SearchServiceType {
    func search(query: String?, page: Int) -> Observable<(repos: [String], nextPage: Int?)> {
        guard let query, !query.isEmpty,
            let url = URL(string: "https://api.github.com/search/repositories?q=\(query)&page=\(page)")
        else { return .just(([], nil)) }
        return Observable.async { try await URLSession.shared.data(from: url).0 }
            .map { data in
                let json = try JSONSerialization.jsonObject(with: data)
                guard let items = (json as? [String: Any])?["items"] as? [[String: Any]] else {
                    return ([], nil)
                }
                let repos = items.compactMap { $0["full_name"] as? String }
                return (repos, repos.isEmpty ? nil : page + 1)
            }
            .catchAndReturn(([], nil))
    }
}

// MARK: - The view, without UIKit and RxCocoa

final class SearchScreen: DeferredReactorView {
    let queryText = PublishRelay<String?>()
    let scrolledToBottom = PublishRelay<Void>()
    var disposeBag = DisposeBag()
    private let scheduler: SchedulerType
    private let render: ([String]) -> Void

    init(scheduler: SchedulerType = MainScheduler.instance, render: @escaping ([String]) -> Void) {
        self.scheduler = scheduler
        self.render = render
    }

    func bind(reactor: SearchViewReactor) {
        queryText
            .throttle(.milliseconds(300), scheduler: scheduler)
            .map { Reactor.Action.updateQuery($0) }
            .bind(to: reactor.action)
            .disposed(by: disposeBag)

        scrolledToBottom
            .map { Reactor.Action.loadNextPage }
            .bind(to: reactor.action)
            .disposed(by: disposeBag)

        reactor.state.map { $0.repos }
            .distinctUntilChanged()
            .bind(onNext: render)
            .disposed(by: disposeBag)
    }
}

// MARK: - A README-style global, in Swift 6 mode

struct User: Equatable, Sendable {
    var name: String
}

let currentUser = BehaviorSubject<User?>(value: nil)  // a global: `let`, not `var`

final class ProfileReactor: Reactor {
    typealias Action = NoAction

    enum Mutation {
        case setUser(User?)
    }

    struct State {
        var user: User?
    }

    let initialState = State()

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        Observable.merge(mutation, currentUser.map(Mutation.setUser))
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setUser(let user): state.user = user
        }
        return state
    }
}

// MARK: - A state written for ReactorKit 3.x's SwiftUI support

final class TallyReactor: Reactor {
    enum Action { case increase }

    @ObservableState
    struct State {
        var count = 0
        @ObservableStateIgnored var scratch = ""
    }

    let initialState = State()

    func reduce(state: State, mutation: Action) -> State {
        State(count: state.count + 1, scratch: state.scratch)
    }
}

// MARK: - The tests

/// A search service whose results the test gives, page by page.
private final class FakeSearchService: SearchServiceType {
    let searchSpy = Spy<(query: String?, page: Int), (repos: [String], nextPage: Int?)>("search")

    func search(query: String?, page: Int) -> Observable<(repos: [String], nextPage: Int?)> {
        .deferred { .just(try self.searchSpy((query, page))) }
    }
}

/// What the snippets print, from any thread.
private final class PrintedLines: @unchecked Sendable {
    // @unchecked Sendable: `stored` is guarded by lock
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

@Suite struct CompatibilityGuideTests {
    @Test func thePortedScreenSearchesAndPages() {
        let scheduler = TestScheduler(initialClock: 0)
        let service = FakeSearchService()
        service.searchSpy.answers { query, page in
            page == 1 ? (["\(query ?? "")/one", "\(query ?? "")/two"], 2) : (["\(query ?? "")/three"], nil)
        }
        var rendered: [[String]] = []
        let screen = SearchScreen(scheduler: scheduler, render: { rendered.append($0) })
        let reactor = SearchViewReactor(service: service)
        screen.reactor = reactor
        #expect(rendered.isEmpty)  // not bound until the host says the screen is ready
        screen.performBinding()

        scheduler.scheduleAt(10) { screen.queryText.accept("swift") }
        scheduler.scheduleAt(20) { screen.scrolledToBottom.accept(()) }
        scheduler.scheduleAt(30) { screen.scrolledToBottom.accept(()) }  // no next page: nothing
        scheduler.start()

        #expect(rendered == [[], ["swift/one", "swift/two"], ["swift/one", "swift/two", "swift/three"]])
        #expect(service.searchSpy.calls.map(\.page) == [1, 2])
        #expect(reactor.currentState.nextPage == nil)
        #expect(!reactor.currentState.isLoadingNextPage)
    }

    @Test func aGlobalSubjectDeclaredWithLetFeedsTheReactor() {
        weak var released: ProfileReactor?
        do {
            let reactor = ProfileReactor()
            released = reactor
            _ = reactor.state
            #expect(reactor.currentState.user == nil)
            currentUser.onNext(User(name: "ada"))
            #expect(reactor.currentState.user == User(name: "ada"))
            currentUser.onNext(nil)  // as it was, for the other tests
        }
        // As in ReactorKit, the global subject does not keep a reactor no one holds: its
        // subscription ends with the reactor.
        #expect(released == nil)
        #expect(!currentUser.hasObservers)
    }

    @Test func theRealServiceAsksNothingForAnEmptyQuery() async throws {
        let result = try await GitHubSearchService().search(query: "", page: 1).values.first { _ in true }
        #expect(result?.repos == [])
        #expect(result?.nextPage == nil)
    }

    @Test func aStateWrittenWithObservableStateWorksWithObservedReactor() {
        let printed = PrintedLines()
        @Sendable func print(_ text: Any) { printed.append("\(text)") }

        let tally = ObservedReactor(TallyReactor())
        withObservationTracking {
            print(tally.count)  // tracked by Observation
        } onChange: {
            print("the count changed")
        }
        tally.send(.increase)  // prints "the count changed"

        #expect(printed.lines == ["0", "the count changed"])
        #expect(tally.count == 1)
        let observable: any ObservableState = tally.state
        #expect((observable as? TallyReactor.State)?.count == 1)
    }

    @Test func everyPortedSnippetIsHere() throws {
        try GuideSnippets.expectInFile(
            guide: "Docs/ReactorKitCompatibility.md", source: #filePath,
            skipping: { $0.contains("import UIKit") || $0.contains("RxCocoa") || $0.contains("RxSwift") })
    }
}

// MARK: - RxBlocking's test, with its imports changed

// After: the same test, its imports changed
final class SearchServiceTests: XCTestCase {
    func testAnEmptyQueryAsksNothing() throws {
        let result = try GitHubSearchService().search(query: "", page: 1).toBlocking(timeout: 5).single()
        XCTAssertEqual(result.repos, [])
    }
}
