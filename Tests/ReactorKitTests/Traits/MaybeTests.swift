import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct MaybeTests {
    @Test func subscribeReceivesEachKindOfEvent() {
        expectNoLeaks {
            var events: [MaybeEvent<Int>] = []
            _ = Maybe.just(1).subscribe { events.append($0) }
            _ = Maybe<Int>.empty().subscribe { events.append($0) }
            _ = Maybe<Int>.error(testError).subscribe { events.append($0) }
            #expect(events == [.success(1), .completed, .error(testError)])
        }
    }

    @Test func closureSubscriptionRunsExactlyOneHandlerThenOnDisposed() {
        expectNoLeaks {
            var log: [String] = []
            let handlers = { (maybe: Maybe<Int>) in
                _ = maybe.subscribe(
                    onSuccess: { log.append("success \($0)") },
                    onError: { log.append("error \($0)") },
                    onCompleted: { log.append("completed") },
                    onDisposed: { log.append("disposed") })
            }
            handlers(.just(1))
            handlers(.empty())
            handlers(.error(testError))
            #expect(log == ["success 1", "disposed", "completed", "disposed", "error error", "disposed"])
        }
    }

    @Test func createSendsTheFirstEventOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Maybe<Int>.MaybeObserver?
        var disposedTime: Int?
        scheduler.scheduleAt(201) { observer?(.completed) }
        scheduler.scheduleAt(202) { observer?(.success(1)) }
        scheduler.scheduleAt(203) { observer?(.error(testError)) }
        let res = scheduler.start {
            Maybe<Int>.create { maybe in
                observer = maybe
                return Disposables.create { disposedTime = scheduler.clock }
            }
        }
        #expect(res.events == [.completed(201)])
        #expect(disposedTime == 201)
    }

    @Test func createSuccess() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Maybe<Int>.MaybeObserver?
        scheduler.scheduleAt(201) { observer?(.success(1)) }
        scheduler.scheduleAt(202) { observer?(.completed) }
        let res = scheduler.start {
            Maybe<Int>.create { maybe in
                observer = maybe
                return Disposables.create()
            }
        }
        #expect(res.events == [.next(201, 1), .completed(201)])
    }

    @Test func operators() {
        let scheduler = TestScheduler(initialClock: 0)
        let filtered = scheduler.start { Maybe.just(1).filter { $0 > 1 } }
        #expect(filtered.events == [.completed(200)])
        let mapped = TestScheduler(initialClock: 0).start { Maybe.just(1).map { $0 + 1 } }
        #expect(mapped.events == [.next(200, 2), .completed(200)])
        let flattened = TestScheduler(initialClock: 0).start {
            Maybe.just(1).flatMap { Maybe.just($0 * 10) }
        }
        #expect(flattened.events == [.next(200, 10), .completed(200)])
        let compacted = TestScheduler(initialClock: 0).start {
            Maybe.just(1).compactMap { $0 == 1 ? "one" : nil }
        }
        #expect(compacted.events == [.next(200, "one"), .completed(200)])
    }

    @Test func ifEmptyVariants() {
        let scheduler = TestScheduler(initialClock: 0)
        let byDefault = scheduler.start { () -> Single<Int> in Maybe<Int>.empty().ifEmpty(default: 5) }
        #expect(byDefault.events == [.next(200, 5), .completed(200)])
        let toMaybe = TestScheduler(initialClock: 0).start { () -> Maybe<Int> in
            Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(6))
        }
        #expect(toMaybe.events == [.next(200, 6), .completed(200)])
        let toSingle = TestScheduler(initialClock: 0).start { () -> Single<Int> in
            Maybe.just(1).ifEmpty(switchTo: Single.just(7))
        }
        #expect(toSingle.events == [.next(200, 1), .completed(200)])
    }

    @Test func catchAndReturnAndDo() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let res = scheduler.start {
            Maybe<Int>.error(testError)
                .do(onError: { _ in log.append("error") }, onCompleted: { log.append("completed") })
                .catchAndReturn(3)
        }
        #expect(res.events == [.next(200, 3), .completed(200)])
        #expect(log == ["error"])
    }

    @Test func zip() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Maybe.zip(Maybe.just(1), Maybe.just(2)) { $0 + $1 } }
        #expect(res.events == [.next(200, 3), .completed(200)])
        let tuple = TestScheduler(initialClock: 0).start {
            Maybe.zip(Maybe.just(1), Maybe.just("a"), Maybe.just(true)).map { "\($0)\($1)\($2)" }
        }
        #expect(tuple.events == [.next(200, "1atrue"), .completed(200)])
        let empty = TestScheduler(initialClock: 0).start {
            Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 }
        }
        #expect(empty.events == [.completed(200)])
    }
}
