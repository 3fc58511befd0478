import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct DoTests {
    private let someData: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ]
    private let forwarded: [Recorded<Event<Int>>] = [
        .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
    ]

    @Test func onNextSeesAllValues() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(someData)
            var count = 0
            var sum = 2 + 3 + 4 + 5
            let res = scheduler.start {
                xs.do(onNext: { element in
                    count += 1
                    sum -= element
                })
            }
            #expect(count == 4)
            #expect(sum == 0)
            #expect(res.events == forwarded)
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func nextAndCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(someData)
        var count = 0
        var completed = false
        let res = scheduler.start {
            xs.do(onNext: { _ in count += 1 }, onCompleted: { completed = true })
        }
        #expect(count == 4)
        #expect(completed)
        #expect(res.events == forwarded)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func completedNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        var count = 0
        var completed = false
        let res = scheduler.start {
            xs.do(onNext: { _ in count += 1 }, onCompleted: { completed = true })
        }
        #expect(count == 0)
        #expect(!completed)
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func nextAndError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .error(250, testError),
            ])
            var count = 0
            var sawError = false
            let res = scheduler.start {
                xs.do(onNext: { _ in count += 1 }, onError: { _ in sawError = true })
            }
            #expect(count == 4)
            #expect(sawError)
            #expect(
                res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .error(250, testError)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func nextAndErrorNotCalledOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(someData)
        var sawError = false
        let res = scheduler.start { xs.do(onError: { _ in sawError = true }) }
        #expect(!sawError)
        #expect(res.events == forwarded)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func onNextThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(someData)
            var invoked = 0
            let res = scheduler.start {
                xs.do(onNext: { _ in
                    if invoked > 2 { throw testError }
                    invoked += 1
                })
            }
            #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .error(240, testError)])
            #expect(xs.subscriptions == [Subscription(200, 240)])
            #expect(invoked == 3)
        }
    }

    @Test func onErrorReceivesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, testError)])
        var recorded: [TestError] = []
        let res = scheduler.start { xs.do(onError: { recorded.append($0 as! TestError) }) }
        #expect(res.events == [.next(210, 2), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(recorded == [testError])
    }

    @Test func onErrorThrowsReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, testError)])
        let res = scheduler.start { xs.do(onError: { _ in throw testError1 }) }
        #expect(res.events == [.next(210, 2), .error(250, testError1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func onCompletedThrowsReplacesCompletion() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(someData)
            let res = scheduler.start { xs.do(onCompleted: { throw testError }) }
            #expect(
                res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .error(250, testError)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func afterClosuresRunAfterForwarding() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        var log: [String] = []
        let observer = scheduler.createObserver(Int.self)
        _ = xs.do(
            onNext: { log.append("onNext \($0) seen \(observer.events.count)") },
            afterNext: { log.append("afterNext \($0) seen \(observer.events.count)") },
            onCompleted: { log.append("onCompleted seen \(observer.events.count)") },
            afterCompleted: { log.append("afterCompleted seen \(observer.events.count)") }
        )
        .subscribe(observer)
        scheduler.start()
        #expect(
            log == [
                "onNext 2 seen 0", "afterNext 2 seen 1", "onNext 3 seen 1", "afterNext 3 seen 2",
                "onCompleted seen 2", "afterCompleted seen 3",
            ])
        #expect(observer.events == [.next(210, 2), .next(220, 3), .completed(250)])
    }

    @Test func afterErrorRunsAfterForwarding() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, testError)])
        var log: [String] = []
        let observer = scheduler.createObserver(Int.self)
        _ = xs.do(
            onError: { _ in log.append("onError seen \(observer.events.count)") },
            afterError: { _ in log.append("afterError seen \(observer.events.count)") }
        )
        .subscribe(observer)
        scheduler.start()
        #expect(log == ["onError seen 1", "afterError seen 2"])
        #expect(observer.events == [.next(210, 2), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(0, 250)])
    }

    @Test func afterNextThrowsSendsTheErrorAfterTheElement() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(someData)
            let res = scheduler.start {
                xs.do(afterNext: { value in
                    if value == 3 { throw testError }
                })
            }
            #expect(res.events == [.next(210, 2), .next(220, 3), .error(220, testError)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test func throwingAfterTerminalClosuresSendNothingMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(someData)
        let ys = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let observerX = scheduler.createObserver(Int.self)
        let observerY = scheduler.createObserver(Int.self)
        _ = xs.do(afterCompleted: { throw testError1 }).subscribe(observerX)
        _ = ys.do(afterError: { _ in throw testError1 }).subscribe(observerY)
        scheduler.start()
        #expect(observerX.events == [.next(150, 1)] + forwarded)
        #expect(observerY.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(0, 250)])
        #expect(ys.subscriptions == [Subscription(0, 220)])
    }

    private enum DoEvent: Equatable {
        case sourceSubscribe, sourceDispose
        case doOnNext, doAfterNext, doOnCompleted, doAfterCompleted, doOnError, doAfterError
        case doOnSubscribe, doOnSubscribed, doOnDispose
    }

    @Test func orderCompletedAsync() {
        var events: [DoEvent] = []
        let scheduler = TestScheduler(initialClock: 0)
        _ = scheduler.start {
            Observable<Int>.create { observer in
                events.append(.sourceSubscribe)
                scheduler.scheduleAt(300) {
                    observer.on(.next(0))
                    observer.on(.completed)
                }
                return Disposables.create { events.append(.sourceDispose) }
            }
            .do(
                onNext: { _ in events.append(.doOnNext) },
                afterNext: { _ in events.append(.doAfterNext) },
                onCompleted: { events.append(.doOnCompleted) },
                afterCompleted: { events.append(.doAfterCompleted) },
                onSubscribe: { events.append(.doOnSubscribe) },
                onSubscribed: { events.append(.doOnSubscribed) },
                onDispose: { events.append(.doOnDispose) }
            )
        }
        #expect(
            events == [
                .doOnSubscribe, .sourceSubscribe, .doOnSubscribed, .doOnNext, .doAfterNext, .doOnCompleted,
                .doAfterCompleted, .sourceDispose, .doOnDispose,
            ])
    }

    @Test func orderCompletedSync() {
        expectNoLeaks {
            var events: [DoEvent] = []
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start {
                Observable<Int>.create { observer in
                    events.append(.sourceSubscribe)
                    observer.on(.next(0))
                    observer.on(.completed)
                    return Disposables.create { events.append(.sourceDispose) }
                }
                .do(
                    onNext: { _ in events.append(.doOnNext) },
                    onCompleted: { events.append(.doOnCompleted) },
                    onSubscribe: { events.append(.doOnSubscribe) },
                    onSubscribed: { events.append(.doOnSubscribed) },
                    onDispose: { events.append(.doOnDispose) }
                )
            }
            #expect(
                events == [
                    .doOnSubscribe, .sourceSubscribe, .doOnNext, .doOnCompleted, .sourceDispose, .doOnSubscribed,
                    .doOnDispose,
                ])
        }
    }

    @Test func orderError() {
        expectNoLeaks {
            var events: [DoEvent] = []
            _ = Observable<Int>.create { observer in
                events.append(.sourceSubscribe)
                observer.on(.next(0))
                observer.on(.error(testError))
                return Disposables.create { events.append(.sourceDispose) }
            }
            .do(
                onNext: { _ in events.append(.doOnNext) },
                onError: { _ in events.append(.doOnError) },
                afterError: { _ in events.append(.doAfterError) },
                onSubscribe: { events.append(.doOnSubscribe) },
                onSubscribed: { events.append(.doOnSubscribed) },
                onDispose: { events.append(.doOnDispose) }
            )
            .subscribe { _ in }
            #expect(
                events == [
                    .doOnSubscribe, .sourceSubscribe, .doOnNext, .doOnError, .doAfterError, .sourceDispose,
                    .doOnSubscribed, .doOnDispose,
                ])
        }
    }

    @Test func orderDispose() {
        expectNoLeaks {
            var events: [DoEvent] = []
            Observable<Int>.create { observer in
                events.append(.sourceSubscribe)
                observer.on(.next(0))
                return Disposables.create { events.append(.sourceDispose) }
            }
            .do(
                onNext: { _ in events.append(.doOnNext) },
                onSubscribe: { events.append(.doOnSubscribe) },
                onSubscribed: { events.append(.doOnSubscribed) },
                onDispose: { events.append(.doOnDispose) }
            )
            .subscribe { _ in }
            .dispose()
            #expect(
                events == [.doOnSubscribe, .sourceSubscribe, .doOnNext, .doOnSubscribed, .sourceDispose, .doOnDispose])
        }
    }

    @Test func sideEffectsRunForEachSubscription() {
        expectNoLeaks {
            var subscribes = 0
            var disposes = 0
            let source = Observable.of(1, 2).do(onSubscribe: { subscribes += 1 }, onDispose: { disposes += 1 })
            _ = source.subscribe()
            _ = source.subscribe()
            #expect(subscribes == 2)
            #expect(disposes == 2)
        }
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.just(1).do().subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).do().subscribe { events.append($0) }
            #expect(events == [.next(1), .completed, .error(testError)])
        }
    }
}
