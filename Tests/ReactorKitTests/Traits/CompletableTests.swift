import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct CompletableTests {
    @Test func subscribeReceivesItsEvent() {
        expectNoLeaks {
            var events: [CompletableEvent] = []
            _ = Completable.empty().subscribe { events.append($0) }
            _ = Completable.error(testError).subscribe { events.append($0) }
            let never = Completable.never().subscribe { events.append($0) }
            never.dispose()
            #expect(events == [.completed, .error(testError)])
        }
    }

    @Test func closureSubscription() {
        expectNoLeaks {
            var log: [String] = []
            _ = Completable.empty().subscribe(
                onCompleted: { log.append("completed") }, onError: { _ in log.append("error") },
                onDisposed: { log.append("disposed") })
            _ = Completable.error(testError).subscribe(
                onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
                onDisposed: { log.append("disposed") })
            #expect(log == ["completed", "disposed", "error error", "disposed"])
        }
    }

    @Test func createSendsTheFirstEventOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Completable.CompletableObserver?
        var disposedTime: Int?
        scheduler.scheduleAt(201) { observer?(.error(testError)) }
        scheduler.scheduleAt(202) { observer?(.completed) }
        let res = scheduler.start {
            Completable.create { completable in
                observer = completable
                return Disposables.create { disposedTime = scheduler.clock }
            }
        }
        #expect(res.events == [.error(201, testError)])
        #expect(disposedTime == 201)
    }

    @Test func doAndCatch() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let res = scheduler.start {
            Completable.error(testError)
                .do(onError: { _ in log.append("error") }, afterError: { _ in log.append("after error") })
                .catch { _ in .empty() }
        }
        #expect(res.events == [.completed(200)])
        #expect(log == ["error", "after error"])
    }

    @Test func concatRunsOneAfterTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { first.asCompletable().concat(second.asCompletable()) }
        #expect(res.events == [.completed(230)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(210, 230)])
    }

    @Test func concatVariants() {
        expectNoLeaks {
            var completions = 0
            let parts = [Completable.empty(), Completable.empty()]
            _ = Completable.concat(parts).subscribe(onCompleted: { completions += 1 })
            _ = Completable.concat(parts.lazy.map { $0 }).subscribe(onCompleted: { completions += 1 })
            _ = Completable.concat(Completable.empty(), Completable.empty()).subscribe(onCompleted: { completions += 1 }
            )
            #expect(completions == 3)
        }
    }

    @Test func zipWaitsForAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { Completable.zip(first.asCompletable(), second.asCompletable()) }
        #expect(res.events == [.completed(220)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(200, 220)])
    }

    @Test func zipFailsAtTheFirstError() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createColdObservable([Recorded<Event<Never>>.error(10, testError)])
        let second = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { Completable.zip([first.asCompletable(), second.asCompletable()]) }
        #expect(res.events == [.error(210, testError)])
        #expect(second.subscriptions == [Subscription(200, 210)])
    }

    // MARK: - andThen

    @Test func andThenSubscribesTheSecondAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let completable = scheduler.createHotObservable([Recorded<Event<Never>>.completed(290)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { completable.asCompletable().andThen(second.asSingle()) }
        #expect(res.events == [.next(310, 1), .completed(310)])
        #expect(completable.subscriptions == [Subscription(200, 290)])
        #expect(second.subscriptions == [Subscription(290, 310)])
    }

    @Test func andThenErrorSkipsTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let completable = scheduler.createHotObservable([Recorded<Event<Never>>.error(290, testError)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { completable.asCompletable().andThen(second.asObservable()) }
        #expect(res.events == [.error(290, testError)])
        #expect(completable.subscriptions == [Subscription(200, 290)])
        #expect(second.subscriptions == [])
    }

    @Test func andThenDisposedWhileFirstRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let completable = scheduler.createHotObservable([Recorded<Event<Never>>.completed(290)])
        let second = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start(disposed: 250) { completable.asCompletable().andThen(second.asMaybe()) }
        #expect(res.events == [])
        #expect(completable.subscriptions == [Subscription(200, 250)])
        #expect(second.subscriptions == [])
    }

    @Test func andThenCompletableAndObservable() {
        expectNoLeaks {
            var log: [String] = []
            _ = Completable.empty().andThen(Completable.empty()).subscribe(onCompleted: { log.append("done") })
            _ = Completable.empty().andThen(Observable.of(1, 2)).subscribe(onNext: { log.append("\($0)") })
            #expect(log == ["done", "1", "2"])
        }
    }

    @Test func asCompletableAndIgnoreElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { () -> Completable in xs.ignoreElements() }
        #expect(res.events == [.completed(220)])
        let observable: Observable<Never> = Observable.of(1).ignoreElements()
        var completed = false
        _ = observable.asCompletable().subscribe(onCompleted: { completed = true })
        #expect(completed)
    }

    @Test func emptyAndThenSubscribesTheSecondAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let x2 = scheduler.createHotObservable([.next(285, 1), .completed(290)])
        let res = scheduler.start { Completable.empty().andThen(x2.asSingle()) }
        #expect(res.events == [.next(290, 1), .completed(290)])
        #expect(x2.subscriptions == [Subscription(200, 290)])
    }

    @Test func andThenMaybeEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let x1 = scheduler.createHotObservable([Recorded<Event<Never>>.completed(210)])
        let x2 = scheduler.createHotObservable([Recorded<Event<Int>>.completed(290)])
        let res = scheduler.start { x1.asCompletable().andThen(x2.asMaybe()) }
        #expect(res.events == [.completed(290)])
        #expect(x1.subscriptions == [Subscription(200, 210)])
        #expect(x2.subscriptions == [Subscription(210, 290)])
    }

    @Test func theFirstCompletableIsNotRetainedBeyondItsEnd() {
        final class TestObject {}
        for end in [Recorded<Event<Never>>.completed(210), .error(210, testError)] {
            let scheduler = TestScheduler(initialClock: 0)
            let x = scheduler.createHotObservable([end])
            var object: TestObject? = TestObject()
            weak let weakObject = object
            var completable: Completable? = x.asCompletable().do(onCompleted: { [object] in _ = object })
            let disposable = completable!.andThen(.never()).subscribe()
            defer { disposable.dispose() }
            scheduler.advanceTo(300)
            object = nil
            completable = nil
            #expect(weakObject == nil)
        }
    }
}
