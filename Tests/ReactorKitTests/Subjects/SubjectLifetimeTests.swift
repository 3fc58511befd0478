import ReactorKit
import Testing

/// A subscription that is never disposed nor terminated is freed with the subject it was
/// made on, closures and captures included, as in RxSwift (issue 12: the observer, its
/// subscription and the subject's entry formed a cycle that outlived the subject).
@Suite struct SubjectLifetimeTests {
    final class Token {}

    /// Runs `body` with a new token and returns whether the token was freed afterwards.
    private func tokenIsFreed(after body: (Token) -> Void) -> Bool {
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            body(token)
        }
        return weakToken == nil
    }

    // MARK: - Never disposed, never terminated, subject released

    @Test func publishSubject() {
        expectNoLeaks {
            #expect(
                tokenIsFreed { token in
                    let subject = PublishSubject<Int>()
                    _ = subject.subscribe(onNext: { _ in _ = token })
                    subject.onNext(1)
                })
        }
    }

    @Test func behaviorSubject() {
        expectNoLeaks {
            #expect(
                tokenIsFreed { token in
                    let subject = BehaviorSubject(value: 0)
                    _ = subject.subscribe(onNext: { _ in _ = token })
                })
        }
    }

    @Test func replaySubjects() {
        expectNoLeaks {
            #expect(
                tokenIsFreed { token in
                    let subject = ReplaySubject<Int>.create(bufferSize: 1)
                    subject.onNext(1)
                    _ = subject.subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    let subject = ReplaySubject<Int>.createUnbounded()
                    subject.onNext(1)
                    _ = subject.subscribe(onNext: { _ in _ = token })
                })
        }
    }

    @Test func relays() {
        expectNoLeaks {
            #expect(
                tokenIsFreed { token in
                    let relay = PublishRelay<Int>()
                    _ = relay.subscribe(onNext: { _ in _ = token })
                    relay.accept(1)
                })
            #expect(
                tokenIsFreed { token in
                    let relay = BehaviorRelay(value: 0)
                    _ = relay.subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    let relay = ReplayRelay<Int>.create(bufferSize: 1)
                    _ = relay.subscribe(onNext: { _ in _ = token })
                })
        }
    }

    @Test func asObservable() {
        expectNoLeaks {
            #expect(
                tokenIsFreed { token in
                    _ = PublishSubject<Int>().asObservable().subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    _ = BehaviorSubject(value: 0).asObservable().subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    _ = ReplaySubject<Int>.create(bufferSize: 2).asObservable().subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    _ = PublishRelay<Int>().asObservable().subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    _ = BehaviorRelay(value: 0).asObservable().subscribe(onNext: { _ in _ = token })
                })
        }
    }

    @Test func everyClosureIsFreed() {
        expectNoLeaks {
            #expect(
                tokenIsFreed { token in
                    let subject = PublishSubject<Int>()
                    _ = subject.subscribe(
                        onNext: { _ in _ = token }, onError: { _ in _ = token }, onCompleted: { _ = token },
                        onDisposed: { _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    let relay = BehaviorRelay(value: 0)
                    _ = relay.subscribe(with: token, onNext: { _, _ in })
                    _ = relay.bind(onNext: { _ in _ = token })
                })
        }
    }

    @Test func lateSubscriberToAConnectedReplayWhoseSourceEnded() {
        expectNoLeaks {
            #expect(
                tokenIsFreed { token in
                    let replay = Observable.just(1).replay(1)
                    _ = replay.connect()
                    _ = replay.subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    let replay = Observable<Int>.error(testError).replayAll()
                    _ = replay.connect()
                    _ = replay.subscribe(onNext: { _ in _ = token })
                })
            #expect(
                tokenIsFreed { token in
                    let published = Observable.of(1, 2).publish()
                    _ = published.connect()
                    _ = published.subscribe(onNext: { _ in _ = token })
                })
        }
    }

    // MARK: - RxSwift's resource tests (Observable+MulticastTests, TRACE_RESOURCES)

    @Test func replayNReleasesResourcesOnComplete() {
        expectNoLeaks {
            let replay = Observable<Int>.just(1).replay(1)
            _ = replay.connect()
            _ = replay.subscribe()
        }
    }

    @Test func replayNReleasesResourcesOnError() {
        expectNoLeaks {
            let replay = Observable<Int>.error(testError).replay(1)
            _ = replay.connect()
            _ = replay.subscribe()
        }
    }

    @Test func replayAllReleasesResourcesOnComplete() {
        expectNoLeaks {
            let replay = Observable<Int>.just(1).replayAll()
            _ = replay.connect()
            _ = replay.subscribe()
        }
    }

    @Test func replayAllReleasesResourcesOnError() {
        expectNoLeaks {
            let replay = Observable<Int>.error(testError).replayAll()
            _ = replay.connect()
            _ = replay.subscribe()
        }
    }

    // MARK: - What must still hold

    @Test func aLiveSubscriptionKeepsItsClosures() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            _ = subject.subscribe(onNext: { value in
                _ = token
                received.append(value)
            })
        }
        #expect(weakToken != nil)
        subject.onNext(1)
        #expect(received == [1])
        subject.onCompleted()
        #expect(weakToken == nil)
    }

    @Test func aFinishedSubscriptionKeptInABagHoldsNoClosure() {
        expectNoLeaks {
            let bag = DisposeBag()
            let publish = PublishSubject<Int>()
            let behavior = BehaviorSubject(value: 0)
            let relay = BehaviorRelay(value: 0)
            #expect(
                tokenIsFreed { token in
                    publish.subscribe(onNext: { _ in _ = token }).disposed(by: bag)
                    publish.onCompleted()
                })
            #expect(
                tokenIsFreed { token in
                    behavior.subscribe(onNext: { _ in _ = token }).disposed(by: bag)
                    behavior.onError(testError)
                })
            #expect(
                tokenIsFreed { token in
                    behavior.subscribe(onError: { _ in _ = token }).disposed(by: bag)  // subscribed after the error
                })
            #expect(
                tokenIsFreed { token in
                    publish.map { $0 }.subscribe(onNext: { _ in _ = token }).disposed(by: bag)
                })
            #expect(
                tokenIsFreed { token in
                    let disposable = relay.subscribe(onNext: { _ in _ = token })
                    disposable.dispose()
                    bag.insert(disposable)
                })
            #expect(!behavior.hasObservers)
        }
    }
}
