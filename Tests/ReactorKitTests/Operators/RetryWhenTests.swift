import ReactorKit
import ReactorKitTesting
import Testing

private struct RetryWhenError: Error, Equatable, CustomStringConvertible {
    var description: String { "retry when error" }
}

private struct CustomErrorType: Error {}

private let retryError = RetryWhenError()

@Suite struct RetryWhenTests {
    @Test func sourceCompletesBeforeAnyError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
            let res = scheduler.start(disposed: 300) {
                xs.retry(when: { (_: Observable<RetryWhenError>) in empty })
            }
            #expect(res.events == [.completed(250, Int.self)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
            #expect(empty.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test func neverTriggerAfterError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .error(250, retryError),
        ])
        let never = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<RetryWhenError>) in never }) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(never.subscriptions == [Subscription(200, 1000)])
    }

    @Test func neverTriggerSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let never = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<RetryWhenError>) in never }) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(never.subscriptions == [Subscription(200, 250)])
    }

    @Test func emptyTriggerColdSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let empty = scheduler.createHotObservable([.next(150, 0), .completed(0)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<RetryWhenError>) in empty }) }
        #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        #expect(xs.subscriptions == [Subscription(200, 450)])
    }

    @Test func triggerFailsOnSecondError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([
                .next(10, 1), .next(20, 2), .error(30, retryError), .completed(40),
            ])
            var count = 0
            let res = scheduler.start(disposed: 300) {
                xs.retry(when: { (errors: Observable<RetryWhenError>) in
                    errors.map { _ -> Int in
                        count += 1
                        if count == 2 { throw testError1 }
                        return count
                    }
                })
            }
            #expect(
                res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .error(260, testError1)])
            #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
        }
    }

    @Test func triggerCompletesWhenSourceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, retryError), .completed(40)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(230)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<RetryWhenError>) in empty.asObservable() }) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func triggerCompletesOnSecondError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([
                .next(10, 1), .next(20, 2), .error(30, retryError), .completed(40),
            ])
            var count = 0
            let res = scheduler.start(disposed: 300) {
                xs.retry(when: { (errors: Observable<RetryWhenError>) in
                    errors.map { _ -> Int in
                        count += 1
                        return count
                    }
                    .take(while: { $0 < 2 })
                })
            }
            #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 2), .completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 230), Subscription(230, 260)])
        }
    }

    @Test func infiniteWaitForTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, retryError), .completed(40)])
        let never = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<RetryWhenError>) in never }) }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func incrementalBackOff() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(5, 1), .error(10, retryError)])
            let maxAttempts = 4
            let res = scheduler.start(disposed: 800) {
                xs.retry(when: { (errors: Observable<Swift.Error>) in
                    // Each error waits (attempt + 1) * 50 ticks before retrying; the last one fails.
                    Observable<Int>.create { observer in
                        var attempt = 0
                        return errors.subscribe(onNext: { error in
                            if attempt >= maxAttempts - 1 {
                                observer.onError(error)
                                return
                            }
                            attempt += 1
                            scheduler.scheduleAt(scheduler.clock + attempt * 50) { observer.onNext(attempt) }
                        })
                    }
                })
            }
            #expect(
                res.events == [.next(205, 1), .next(265, 1), .next(375, 1), .next(535, 1), .error(540, retryError)])
            #expect(
                xs.subscriptions == [
                    Subscription(200, 210), Subscription(260, 270), Subscription(370, 380), Subscription(530, 540),
                ])
        }
    }

    @Test func ignoresDifferentErrorTypes() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(5, 1), .error(10, retryError)])
            let res = scheduler.start(disposed: 800) {
                xs.retry(when: { (errors: Observable<CustomErrorType>) in errors })
            }
            #expect(res.events == [.next(205, 1), .error(210, retryError)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test func handlerIsCalledOncePerSubscription() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(5, 1), .completed(10)])
            var handlerCalls = 0
            let retried = xs.retry(when: { (errors: Observable<Swift.Error>) -> Observable<Swift.Error> in
                handlerCalls += 1
                return errors
            })
            #expect(handlerCalls == 0)
            let first = scheduler.createObserver(Int.self)
            let second = scheduler.createObserver(Int.self)
            _ = retried.subscribe(first)
            _ = retried.subscribe(second)
            scheduler.start()
            #expect(handlerCalls == 2)
            #expect(first.events == [.next(5, 1), .completed(10)])
            #expect(second.events == [.next(5, 1), .completed(10)])
        }
    }

    @Test func synchronousErrorsResubscribeInALoop() {
        expectNoLeaks {
            var count = 1
            let sequenceSendingImmediateError = Observable<Int>.create { observer in
                observer.on(.next(0))
                observer.on(.next(1))
                observer.on(.next(2))
                if count < 2 {
                    observer.on(.error(retryError))
                    count += 1
                }
                observer.on(.next(3))
                observer.on(.next(4))
                observer.on(.next(5))
                observer.on(.completed)
                return Disposables.create()
            }
            var events: [Event<Int>] = []
            _ = sequenceSendingImmediateError.retry(when: { errors in errors }).subscribe { events.append($0) }
            #expect(
                events == [
                    .next(0), .next(1), .next(2), .next(0), .next(1), .next(2), .next(3), .next(4), .next(5),
                    .completed,
                ])
        }
    }

    @Test func manySynchronousFailuresDoNotGrowTheStack() {
        expectNoLeaks {
            var attempts = 0
            let failing = Observable<Int>.deferred {
                attempts += 1
                return .error(retryError)
            }
            var events: [Event<Int>] = []
            _ = failing.retry(when: { errors in errors.take(while: { _ in attempts < 50_000 }) })
                .subscribe { events.append($0) }
            #expect(attempts == 50_000)
            #expect(events == [.completed])
        }
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.just(1).retry(when: { errors in errors }).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).retry(when: { errors in errors.take(1) }).subscribe {
                events.append($0)
            }
            _ = Observable<Int>.error(testError)
                .retry(when: { errors in errors.map { error -> Int in throw error } })
                .subscribe { events.append($0) }
            #expect(events == [.next(1), .completed, .completed, .error(testError)])
        }
    }
}
