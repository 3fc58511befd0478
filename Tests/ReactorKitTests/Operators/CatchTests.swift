import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct CatchTests {
    @Test func errorCaughtSubscribesTheHandlersSequence() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let o1 = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError),
            ])
            let o2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
            var handlerCalled: Int?
            var caught: [TestError] = []
            let res = scheduler.start {
                o1.catch { error in
                    handlerCalled = scheduler.clock
                    caught.append(error as! TestError)
                    return o2.asObservable()
                }
            }
            #expect(handlerCalled == 230)
            #expect(caught == [testError])
            #expect(res.events == [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
            #expect(o1.subscriptions == [Subscription(200, 230)])
            #expect(o2.subscriptions == [Subscription(230, 250)])
        }
    }

    @Test func handlerThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let o1 = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError),
            ])
            var handlerCalled: Int?
            let res = scheduler.start {
                o1.catch { _ in
                    handlerCalled = scheduler.clock
                    throw testError1
                }
            }
            #expect(handlerCalled == 230)
            #expect(res.events == [.next(210, 2), .next(220, 3), .error(230, testError1)])
            #expect(o1.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func noErrorNeverCallsTheHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let o2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        var handlerCalled = false
        let res = scheduler.start {
            o1.catch { _ in
                handlerCalled = true
                return o2.asObservable()
            }
        }
        #expect(!handlerCalled)
        #expect(res.events == [.next(210, 2), .completed(230)])
        #expect(o1.subscriptions == [Subscription(200, 230)])
        #expect(o2.subscriptions == [])
    }

    @Test func handlersSequenceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let o1 = scheduler.createHotObservable([.next(210, 2), .error(230, testError)])
        let o2 = scheduler.createHotObservable([.next(240, 4), .error(250, testError2)])
        let res = scheduler.start { o1.catch { _ in o2.asObservable() } }
        #expect(res.events == [.next(210, 2), .next(240, 4), .error(250, testError2)])
        #expect(o1.subscriptions == [Subscription(200, 230)])
        #expect(o2.subscriptions == [Subscription(230, 250)])
    }

    @Test func disposeWhileOnTheHandlersSequence() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let o1 = scheduler.createHotObservable([.next(210, 2), .error(230, testError)])
            let o2 = scheduler.createHotObservable([.next(240, 4), .next(260, 5), .completed(300)])
            let res = scheduler.start(disposed: 250) { o1.catch { _ in o2.asObservable() } }
            #expect(res.events == [.next(210, 2), .next(240, 4)])
            #expect(o1.subscriptions == [Subscription(200, 230)])
            #expect(o2.subscriptions == [Subscription(230, 250)])
        }
    }

    @Test func catchAndReturn() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(230, testError)])
            let res = scheduler.start { xs.catchAndReturn(42) }
            #expect(res.events == [.next(210, 2), .next(230, 42), .completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func catchAndReturnWithoutError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(230)])
        let res = scheduler.start { xs.catchAndReturn(42) }
        #expect(res.events == [.next(210, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func synchronousErrorsAreCaught() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable<Int>.just(1).catch { _ in .just(2) }.subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).catch { _ in .just(2) }.subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).catch { _ in .error(testError1) }.subscribe { events.append($0) }
            #expect(events == [.next(1), .completed, .next(2), .completed, .error(testError1)])
        }
    }
}

@Suite struct CatchSequenceTests {
    @Test func coldSources() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs1 = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .error(40, testError)])
            let xs2 = scheduler.createColdObservable([.next(10, 4), .next(20, 5), .error(30, testError)])
            let xs3 = scheduler.createColdObservable([
                .next(10, 6), .next(20, 7), .next(30, 8), .next(40, 9), .completed(50),
            ])
            let res = scheduler.start {
                Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
            }
            #expect(
                res.events == [
                    .next(210, 1), .next(220, 2), .next(230, 3), .next(250, 4), .next(260, 5), .next(280, 6),
                    .next(290, 7), .next(300, 8), .next(310, 9), .completed(320),
                ])
            #expect(xs1.subscriptions == [Subscription(200, 240)])
            #expect(xs2.subscriptions == [Subscription(240, 270)])
            #expect(xs3.subscriptions == [Subscription(270, 320)])
        }
    }

    @Test func noErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(230)])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [])
    }

    @Test func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1)])
        let xs2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        #expect(res.events == [])
        #expect(xs1.subscriptions == [Subscription(200, 1000)])
        #expect(xs2.subscriptions == [])
    }

    @Test func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .completed(230)])
        let xs2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        #expect(res.events == [.completed(230)])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [])
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        let xs2 = scheduler.createHotObservable([.next(240, 4), .completed(250)])
        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(240, 4), .completed(250)])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [Subscription(230, 250)])
    }

    @Test func errorNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError)])
        let xs2 = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 2), .next(220, 3)])
        #expect(xs1.subscriptions == [Subscription(200, 230)])
        #expect(xs2.subscriptions == [Subscription(230, 1000)])
    }

    @Test func errorErrorSendsTheLastError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs1 = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .error(230, testError1),
            ])
            let xs2 = scheduler.createHotObservable([.next(150, 1), .error(250, testError2)])
            let res = scheduler.start { Observable.catch(sequence: [xs1, xs2].map { $0.asObservable() }) }
            #expect(res.events == [.next(210, 2), .next(220, 3), .error(250, testError2)])
            #expect(xs1.subscriptions == [Subscription(200, 230)])
            #expect(xs2.subscriptions == [Subscription(230, 250)])
        }
    }

    @Test func multiple() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(215, testError)])
        let xs2 = scheduler.createHotObservable([.next(220, 3), .error(225, testError)])
        let xs3 = scheduler.createHotObservable([.next(230, 4), .completed(235)])
        let res = scheduler.start {
            Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
        }
        #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .completed(235)])
        #expect(xs1.subscriptions == [Subscription(200, 215)])
        #expect(xs2.subscriptions == [Subscription(215, 225)])
        #expect(xs3.subscriptions == [Subscription(225, 235)])
    }

    @Test func emptySequenceCompletesAtOnce() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.catch(sequence: [Observable<Int>]()).subscribe { events.append($0) }
            _ = Observable.catch(sequence: [Observable<Int>.just(1)]).subscribe { events.append($0) }
            #expect(events == [.completed, .next(1), .completed])
        }
    }
}

@Suite struct RetryTests {
    @Test func basic() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
            let res = scheduler.start { xs.retry() }
            #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
            #expect(xs.subscriptions == [Subscription(200, 450)])
        }
    }

    @Test func infinite() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3)])
        let res = scheduler.start { xs.retry() }
        #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func observableErrorResubscribesUntilDisposed() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([
                .next(100, 1), .next(150, 2), .next(200, 3), .error(250, testError),
            ])
            let res = scheduler.start(disposed: 1100) { xs.retry() }
            #expect(
                res.events == [
                    .next(300, 1), .next(350, 2), .next(400, 3), .next(550, 1), .next(600, 2), .next(650, 3),
                    .next(800, 1), .next(850, 2), .next(900, 3), .next(1050, 1),
                ])
            #expect(
                xs.subscriptions == [
                    Subscription(200, 450), Subscription(450, 700), Subscription(700, 950), Subscription(950, 1100),
                ])
        }
    }

    @Test func countBasic() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])
            let res = scheduler.start { xs.retry(3) }
            #expect(
                res.events == [
                    .next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2), .next(235, 3),
                    .next(245, 1), .next(250, 2), .next(255, 3), .error(260, testError),
                ])
            #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
        }
    }

    @Test func countDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .next(10, 2), .next(15, 3), .error(20, testError)])
        let res = scheduler.start(disposed: 231) { xs.retry(3) }
        #expect(res.events == [.next(205, 1), .next(210, 2), .next(215, 3), .next(225, 1), .next(230, 2)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 231)])
    }

    @Test func countCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(100, 1), .next(150, 2), .next(200, 3), .completed(250)])
        let res = scheduler.start { xs.retry(3) }
        #expect(res.events == [.next(300, 1), .next(350, 2), .next(400, 3), .completed(450)])
        #expect(xs.subscriptions == [Subscription(200, 450)])
    }

    @Test func countOneDoesNotRetry() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, testError)])
        let res = scheduler.start { xs.retry(1) }
        #expect(res.events == [.next(205, 1), .error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func countZeroCompletesWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(5, 1), .error(10, testError)])
        let res = scheduler.start { xs.retry(0) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions == [])
    }

    @Test func nestedRetriesMultiplyAttempts() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(5, 1), .error(10, testError)])
            let res = scheduler.start { xs.retry(2).retry(3) }
            #expect(
                res.events == [
                    .next(205, 1), .next(215, 1), .next(225, 1), .next(235, 1), .next(245, 1), .next(255, 1),
                    .error(260, testError),
                ])
            #expect(
                xs.subscriptions == [
                    Subscription(200, 210), Subscription(210, 220), Subscription(220, 230), Subscription(230, 240),
                    Subscription(240, 250), Subscription(250, 260),
                ])
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
                    observer.on(.error(testError))
                    count += 1
                }
                observer.on(.next(3))
                observer.on(.next(4))
                observer.on(.next(5))
                observer.on(.completed)
                return Disposables.create()
            }
            var events: [Event<Int>] = []
            _ = sequenceSendingImmediateError.retry().subscribe { events.append($0) }
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
                return .error(testError)
            }
            var events: [Event<Int>] = []
            _ = failing.retry(50_000).subscribe { events.append($0) }
            #expect(attempts == 50_000)
            #expect(events == [.error(testError)])
        }
    }

    @Test func nestedSynchronousRetriesStayFlat() {
        var attempts = 0
        let failing = Observable<Int>.deferred {
            attempts += 1
            return .error(testError)
        }
        var events: [Event<Int>] = []
        _ = failing.retry(500).retry(100).subscribe { events.append($0) }
        #expect(attempts == 50_000)
        #expect(events == [.error(testError)])
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.just(1).retry().subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).retry(1).subscribe { events.append($0) }
            #expect(events == [.next(1), .completed, .error(testError)])
        }
    }
}
