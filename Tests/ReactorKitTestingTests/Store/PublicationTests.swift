import Dispatch
import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

/// A notice an editor publishes for other screens.
enum Notice: Equatable {
    case saved(String)
    case discarded
}

/// An editor whose actions publish notices on a bus (as a service would), now or later.
final class Editor: Reactor {
    enum Action: Equatable {
        case save(String)
        case saveTwice(String)
        case saveLater(String)
        case discard
    }

    enum Mutation: Equatable {
        case setSaved(String?)
    }

    struct State: Equatable {
        var saved: String?
    }

    let initialState = State()
    private let notices: PublishSubject<Notice>
    private let worker: SchedulerType

    init(notices: PublishSubject<Notice>, worker: SchedulerType = ConcurrentDispatchQueueScheduler(qos: .default)) {
        self.notices = notices
        self.worker = worker
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .save(let text):
            notices.onNext(.saved(text))
            return .just(.setSaved(text))
        case .saveTwice(let text):
            notices.onNext(.saved(text))
            notices.onNext(.saved(text))
            return .just(.setSaved(text))
        case .saveLater(let text):
            return Observable.just(text).delay(.milliseconds(20), scheduler: worker)
                .do(onNext: { [notices] in notices.onNext(.saved($0)) })
                .map { .setSaved($0) }
        case .discard:
            notices.onNext(.discarded)
            return .just(.setSaved(nil))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .setSaved(let text): return State(saved: text)
        }
    }
}

/// The store checks what a reactor publishes on a tracked bus like it checks mutations.
@Suite struct PublicationTests {
    @Test func assertedPublicationsPass() {
        let notices = PublishSubject<Notice>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices))
            let published = store.track(notices, name: "notices")
            store.send(.save("draft")) { $0.saved = "draft" }
            store.expectPublished([.saved("draft")], on: published)
            store.send(.discard) { $0.saved = nil }
            store.expectPublished([.discarded], on: published)
            store.expectPublished([], on: published)
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func theReplayOfABehaviorSubjectIsNotAPublication() {
        let latest = BehaviorSubject<Notice>(value: .discarded)
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            let published = store.track(latest)
            #expect(published.messages == [])
            latest.onNext(.saved("a"))
            #expect(published.messages == [.saved("a")])
            store.expectPublished([.saved("a")], on: published)
        }
        #expect(failures == [])
    }

    @Test func anUnassertedPublicationFailsTheNextSendAndTheEnd() {
        let notices = PublishSubject<Notice>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices))
            let published = store.track(notices, name: "notices")
            store.send(.save("draft")) { $0.saved = "draft" }
            store.send(.discard) { $0.saved = nil }
            _ = published
        }
        #expect(
            failures.map(\.message) == [
                """
                1 message published on notices was not asserted before send(.discard):
                  .saved("draft")
                Assert it with `store.expectPublished([…], on: …)` before this `send`, or use `exhaustivity: .off` \
                to skip what the test does not assert.
                """,
                """
                1 message published on notices was not asserted by the end of the test:
                  .discarded
                Assert it with `store.expectPublished([…], on: …)`, or use `exhaustivity: .off` to skip what the \
                test does not assert.
                """,
            ])
    }

    @Test func aWrongPublicationShowsADiff() {
        let notices = PublishSubject<Notice>()
        var line = 0
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices))
            let published = store.track(notices)
            store.send(.saveTwice("draft")) { $0.saved = "draft" }
            line = #line + 1
            store.expectPublished([.saved("draft")], on: published)
            store.expectPublished([], on: published)
        }
        #expect(
            failures.map(\.message) == [
                """
                The messages published on PublishSubject<Notice> differ from the expected ones: \
                (− expected, + published)

                  [
                    [0]: .saved("draft")
                +   [1]: .saved("draft")
                  ]
                """
            ])
        #expect(failures.first?.line == line)
    }

    @Test func aMissingPublicationSaysHowLongItWaited() {
        let notices = PublishSubject<Notice>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices))
            let published = store.track(notices, name: "notices")
            store.send(.save("draft")) { $0.saved = "draft" }
            store.expectPublished([.saved("draft"), .discarded], on: published, timeout: .milliseconds(10))
        }
        #expect(
            failures.map(\.message) == [
                """
                The messages published on notices differ from the expected ones: (− expected, + published)

                  [
                    [0]: .saved("draft")
                −   [1]: .discarded
                  ]

                1 message arrived within 10 ms.
                """
            ])
    }

    @Test func waitsForPublicationsFromAnotherThread() async {
        let notices = PublishSubject<Notice>()
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices), timeout: .seconds(300))
            let published = store.track(notices, name: "notices")
            store.send(.saveLater("draft"))
            await store.expectPublished([.saved("draft")], on: published)
            await store.receive(.setSaved("draft")) { $0.saved = "draft" }
            await store.finish()
        }
        #expect(failures == [])
    }

    @Test func blockingWaitForPublicationsFromAnotherThread() {
        let notices = PublishSubject<Notice>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices), timeout: .seconds(300))
            let published = store.track(notices, name: "notices")
            store.send(.saveLater("draft"))
            store.expectPublished([.saved("draft")], on: published)
            store.receive(.setSaved("draft")) { $0.saved = "draft" }
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func aTestSchedulerMustBeAdvancedBeforeExpectingPublications() {
        let notices = PublishSubject<Notice>()
        let scheduler = TestScheduler(initialClock: 0)
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices, worker: scheduler), scheduler: scheduler)
            let published = store.track(notices, name: "notices")
            store.send(.saveLater("draft"))
            store.expectPublished([.saved("draft")], on: published)
            store.run()
            store.expectPublished([.saved("draft")], on: published)
            store.receive(.setSaved("draft")) { $0.saved = "draft" }
        }
        #expect(
            failures.map(\.message) == [
                """
                The messages published on notices differ from the expected ones: (− expected, + published)

                  [
                −   [0]: .saved("draft")
                  ]

                0 messages arrived. The test scheduler is at 0 and moves only when the test moves it: call \
                `store.advance(by:)`, `store.advance(to:)` or `store.run()` before this step.
                """
            ])
    }

    @Test func nonExhaustiveStoresSkipOtherPublications() {
        let notices = PublishSubject<Notice>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Editor(notices: notices), exhaustivity: .off)
            let published = store.track(notices, name: "notices")
            store.send(.save("a"))
            store.send(.saveTwice("b"))  // skips the unasserted .saved("a")
            #expect(published.messages == [.saved("b"), .saved("b")])
            store.expectPublished([.saved("b")], on: published)
            #expect(published.messages == [.saved("b")])
            store.send(.discard)
            store.expectPublished([.saved("c")], on: published, timeout: .zero)
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected notices to publish, in order:
                  .saved("c")
                but it published only:
                  .discarded
                1 message arrived within 0 seconds.
                """
            ])
    }

    @Test func trackingStopsWithTheStore() {
        let notices = PublishSubject<Notice>()
        var published: PublishedMessages<Notice>?
        _ = withCapturedFailures {
            let store = ReactorTestStore(Counter(), exhaustivity: .off)
            published = store.track(notices)
        }
        notices.onNext(.discarded)
        #expect(published?.messages == [])
        #expect(!notices.hasObservers)
    }
}
