import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct CreationTests {
    @Test func justSendsOneElementThenCompletesSynchronously() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.just(7).subscribe { events.append($0) }
            #expect(events == [.next(7), .completed])
        }
    }

    @Test func justOnSchedulerUsesTwoSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
        #expect(res.events == [.next(201, 42), .completed(202)])
    }

    @Test func ofAndFromDeliverEverythingBeforeSubscribeReturns() {
        expectNoLeaks {
            var received: [Int] = []
            var completed = false
            _ = Observable.of(1, 2, 3).subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            #expect(received == [1, 2, 3])
            #expect(completed)
            received = []
            _ = Observable.from([4, 5]).subscribe(onNext: { received.append($0) })
            _ = Observable.from(6...7).subscribe(onNext: { received.append($0) })
            #expect(received == [4, 5, 6, 7])
        }
    }

    @Test func ofOnTestSchedulerSendsOneElementPerTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(1, 2, 3, scheduler: scheduler) }
        #expect(res.events == [.next(201, 1), .next(202, 2), .next(203, 3), .completed(204)])
    }

    @Test func fromDisposedMidwayStops() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.from([1, 2, 3], scheduler: scheduler) }
        #expect(res.events == [.next(201, 1)])
    }

    @Test func nestedOfSubscriptionsInterleaveOnTheTrampoline() {
        // RxSwift: each `of` element is a separate trampoline step, so inner sequences
        // subscribed from inside an outer element are interleaved with it.
        var received: [Int] = []
        let outer = Observable.of(1, 2)
        _ = outer.subscribe(onNext: { value in
            _ = Observable.of(value * 10, value * 100).subscribe(onNext: { received.append($0) })
            received.append(value)
        })
        #expect(received == [1, 10, 2, 100, 20, 200])
    }

    @Test func fromOptional() {
        var events: [Event<Int>] = []
        _ = Observable.from(optional: 1).subscribe { events.append($0) }
        _ = Observable<Int>.from(optional: nil).subscribe { events.append($0) }
        #expect(events == [.next(1), .completed, .completed])
    }

    @Test func emptyNeverError() {
        #expect(TestScheduler(initialClock: 0).start { Observable<Int>.empty() }.events == [.completed(200)])
        #expect(TestScheduler(initialClock: 0).start { Observable<Int>.never() }.events == [])
        #expect(
            TestScheduler(initialClock: 0).start { Observable<Int>.error(testError) }.events
                == [.error(200, testError)])
    }

    @Test func createEnforcesTheGrammar() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            var disposed = false
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                observer.onNext(2)
                observer.onError(testError)
                return Disposables.create { disposed = true }
            }
            _ = source.subscribe { events.append($0) }
            #expect(events == [.next(1), .completed])
            #expect(disposed)
        }
    }

    @Test func createDisposesItsResourceOnDispose() {
        expectNoLeaks {
            var disposeCount = 0
            let subject = PublishSubject<Int>()
            let source = Observable<Int>.create { observer in
                let inner = subject.subscribe(observer)
                return Disposables.create {
                    disposeCount += 1
                    inner.dispose()
                }
            }
            var received: [Int] = []
            let subscription = source.subscribe(onNext: { received.append($0) })
            subject.onNext(1)
            subscription.dispose()
            subscription.dispose()
            subject.onNext(2)
            #expect(received == [1])
            #expect(disposeCount == 1)
            #expect(!subject.hasObservers)
        }
    }

    @Test func deferredCallsFactoryPerSubscription() {
        var calls = 0
        let source = Observable<Int>.deferred {
            calls += 1
            return .just(calls)
        }
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { source }.events == [.next(200, 1), .completed(200)])
        var second: [Int] = []
        _ = source.subscribe(onNext: { second.append($0) })
        #expect(second == [2])
    }

    @Test func deferredFactoryErrorBecomesSequenceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.deferred { throw testError } }
        #expect(res.events == [.error(200, testError)])
    }
}
