import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct SingleTests {
    // MARK: - Subscribing

    @Test func subscribeReceivesSuccess() {
        expectNoLeaks {
            var events: [SingleEvent<Int>] = []
            _ = Single.just(1).subscribe { events.append($0) }
            #expect(events == [.success(1)])
        }
    }

    @Test func subscribeReceivesFailure() {
        expectNoLeaks {
            var events: [SingleEvent<Int>] = []
            _ = Single<Int>.error(testError).subscribe { events.append($0) }
            #expect(events == [.failure(testError)])
        }
    }

    @Test func onDisposedRunsRightAfterOnSuccessBeforeLaterUpstreamWork() {
        expectNoLeaks {
            var log: [String] = []
            _ = Single.just(1)
                .do(
                    onSuccess: { _ in log.append("do.onSuccess") },
                    afterSuccess: { _ in log.append("do.afterSuccess") },
                    onDispose: { log.append("do.onDispose") }
                )
                .subscribe(
                    onSuccess: { log.append("onSuccess \($0)") },
                    onFailure: { _ in log.append("onFailure") },
                    onDisposed: { log.append("onDisposed") })
            #expect(log == ["do.onSuccess", "onSuccess 1", "onDisposed", "do.afterSuccess", "do.onDispose"])
        }
    }

    @Test func onFailureThenOnDisposed() {
        expectNoLeaks {
            var log: [String] = []
            _ = Single<Int>.error(testError).subscribe(
                onSuccess: { _ in log.append("onSuccess") },
                onFailure: { log.append("onFailure \($0)") },
                onDisposed: { log.append("onDisposed") })
            #expect(log == ["onFailure error", "onDisposed"])
        }
    }

    @Test func disposingRunsOnDisposedOnce() {
        expectNoLeaks {
            var disposedCount = 0
            let subscription = Single<Int>.never().subscribe(onDisposed: { disposedCount += 1 })
            #expect(disposedCount == 0)
            subscription.dispose()
            subscription.dispose()
            #expect(disposedCount == 1)
        }
    }

    @Test func subscribeWithObjectStopsAfterTheObjectIsGone() {
        final class Owner {}
        var owner: Owner? = Owner()
        var received: [Int] = []
        let subject = PublishSubject<Int>()
        _ = subject.asSingle().subscribe(with: owner!, onSuccess: { _, value in received.append(value) })
        owner = nil
        subject.onNext(1)
        subject.onCompleted()
        #expect(received == [])
    }

    // MARK: - Creating

    @Test func createSendsTheFirstEventOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedTime: Int?
        scheduler.scheduleAt(201) { observer?(.success(1)) }
        scheduler.scheduleAt(202) { observer?(.success(1)) }
        scheduler.scheduleAt(203) { observer?(.failure(testError)) }
        let res = scheduler.start {
            Single<Int>.create { single in
                observer = single
                return Disposables.create { disposedTime = scheduler.clock }
            }
        }
        #expect(res.events == [.next(201, 1), .completed(201)])
        #expect(disposedTime == 201)
    }

    @Test func createFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedTime: Int?
        scheduler.scheduleAt(201) { observer?(.failure(testError)) }
        scheduler.scheduleAt(202) { observer?(.success(1)) }
        let res = scheduler.start {
            Single<Int>.create { single in
                observer = single
                return Disposables.create { disposedTime = scheduler.clock }
            }
        }
        #expect(res.events == [.error(201, testError)])
        #expect(disposedTime == 201)
    }

    @Test func createDisposedBeforeTheEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Single<Int>.SingleObserver?
        var disposedTime: Int?
        var subscription: Disposable?
        let res = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(201) {
            subscription = Single<Int>.create { single in
                observer = single
                return Disposables.create { disposedTime = scheduler.clock }
            }
            .asObservable()
            .subscribe(res)
        }
        scheduler.scheduleAt(202) { subscription?.dispose() }
        scheduler.scheduleAt(203) { observer?(.success(1)) }
        scheduler.start()
        #expect(res.events == [])
        #expect(disposedTime == 202)
    }

    @Test func justErrorNeverDeferred() {
        expectNoLeaks {
            var events: [SingleEvent<Int>] = []
            _ = Single.just(1, scheduler: CurrentThreadScheduler.instance).subscribe { events.append($0) }
            _ = Single<Int>.deferred { .just(2) }.subscribe { events.append($0) }
            let never = Single<Int>.never().subscribe { events.append($0) }
            never.dispose()
            #expect(events == [.success(1), .success(2)])
        }
    }

    // MARK: - Operators

    @Test func delay() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).delay(.seconds(2), scheduler: scheduler) }
        #expect(res.events == [.next(202, 1), .completed(203)])
    }

    @Test func delaySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).delaySubscription(.seconds(2), scheduler: scheduler) }
        #expect(res.events == [.next(202, 1), .completed(202)])
    }

    @Test func observeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).observe(on: scheduler) }
        #expect(res.events == [.next(201, 1), .completed(202)])
    }

    @Test func subscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).subscribe(on: scheduler) }
        #expect(res.events == [.next(201, 1), .completed(201)])
    }

    @Test func catchSwitchesToTheHandlersSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single<Int>.error(testError).catch { _ in .just(2) } }
        #expect(res.events == [.next(200, 2), .completed(200)])
    }

    @Test func catchAndReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single<Int>.error(testError).catchAndReturn(2) }
        #expect(res.events == [.next(200, 2), .completed(200)])
    }

    @Test func retryResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        var isFirst = true
        let res = scheduler.start {
            Single<Int>.error(testError)
                .catch { error in
                    defer { isFirst = false }
                    return isFirst ? .error(error) : .just(2)
                }
                .retry(2)
        }
        #expect(res.events == [.next(200, 2), .completed(200)])
    }

    @Test func retryWhen() {
        let scheduler = TestScheduler(initialClock: 0)
        var isFirst = true
        let res = scheduler.start {
            Single<Int>.error(testError)
                .catch { error in
                    defer { isFirst = false }
                    return isFirst ? .error(error) : .just(2)
                }
                .retry(when: { (errors: Observable<TestError>) in errors })
        }
        #expect(res.events == [.next(200, 2), .completed(200)])
    }

    @Test func using() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposable: MockDisposable?
        var xs: TestableObservable<Int>?
        let res = scheduler.start {
            Single.using(
                { () -> MockDisposable in
                    let resource = MockDisposable(scheduler: scheduler)
                    disposable = resource
                    return resource
                },
                primitiveSequenceFactory: { _ -> Single<Int> in
                    let source = scheduler.createColdObservable([.next(100, scheduler.clock), .completed(100)])
                    xs = source
                    return source.asSingle()
                })
        }
        #expect(res.events == [.next(300, 200), .completed(300)])
        #expect(xs?.subscriptions == [Subscription(200, 300)])
        #expect(disposable?.ticks == [200, 300])
    }

    @Test func timeoutFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)]).asSingle()
        let res = scheduler.start { xs.timeout(.seconds(5), scheduler: scheduler) }
        #expect(res.events == [.error(205, RxError.timeout)])
    }

    @Test func timeoutSwitchesToOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)]).asSingle()
        let other = scheduler.createColdObservable([.next(20, 2), .completed(20)]).asSingle()
        let res = scheduler.start { xs.timeout(.seconds(5), other: other, scheduler: scheduler) }
        #expect(res.events == [.next(225, 2), .completed(225)])
    }

    @Test func timeoutNotReached() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)]).asSingle()
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(220, 1), .completed(220)])
    }

    @Test func timer() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single<Int>.timer(.seconds(2), scheduler: scheduler) }
        #expect(res.events == [.next(202, 0), .completed(202)])
    }

    @Test func doRunsItsClosures() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        let res = scheduler.start {
            Single.just(1).do(
                onSuccess: { log.append("success \($0)") },
                onError: { _ in log.append("error") },
                onSubscribe: { log.append("subscribe") },
                onSubscribed: { log.append("subscribed") },
                onDispose: { log.append("dispose") })
        }
        #expect(res.events == [.next(200, 1), .completed(200)])
        #expect(log == ["subscribe", "success 1", "subscribed", "dispose"])
    }

    @Test func filterMakesAMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { () -> Maybe<Int> in Single.just(1).filter { _ in false } }
        #expect(res.events == [.completed(200)])
    }

    @Test func mapAndCompactMap() {
        let scheduler = TestScheduler(initialClock: 0)
        let mapped = scheduler.start { Single.just(1).map { $0 * 2 } }
        #expect(mapped.events == [.next(200, 2), .completed(200)])
        let compacted = TestScheduler(initialClock: 0).start { () -> Maybe<Int> in
            Single.just(1).compactMap { $0 > 1 ? $0 : nil }
        }
        #expect(compacted.events == [.completed(200)])
    }

    @Test func flatMapVariants() {
        let scheduler = TestScheduler(initialClock: 0)
        let single = scheduler.start { Single.just(1).flatMap { .just($0 * 2) } }
        #expect(single.events == [.next(200, 2), .completed(200)])
        let maybe = TestScheduler(initialClock: 0).start {
            Single.just(1).flatMapMaybe { Maybe.just($0 * 2) }
        }
        #expect(maybe.events == [.next(200, 2), .completed(200)])
        let completable = TestScheduler(initialClock: 0).start {
            Single.just(1).flatMapCompletable { _ in Completable.empty() }
        }
        #expect(completable.events == [.completed(200)])
    }

    @Test func asMaybeAndAsCompletable() {
        let scheduler = TestScheduler(initialClock: 0)
        let maybe = scheduler.start { Single.just(1).asMaybe() }
        #expect(maybe.events == [.next(200, 1), .completed(200)])
        let completable = TestScheduler(initialClock: 0).start {
            Single.just(1).asCompletable()
        }
        #expect(completable.events == [.completed(200)])
    }

    // MARK: - Zip

    @Test func zipTupleAndResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let tuple = scheduler.start { Single.zip(Single.just(1), Single.just(2)).map { $0.0 + $0.1 } }
        #expect(tuple.events == [.next(200, 3), .completed(200)])
        let selected = TestScheduler(initialClock: 0).start {
            Single.zip(Single.just(1), Single.just(2), Single.just(3)) { $0 + $1 + $2 }
        }
        #expect(selected.events == [.next(200, 6), .completed(200)])
    }

    @Test func zipEightSingles() {
        expectNoLeaks {
            var result: Int?
            let one: Single<Int> = .just(1)
            let zipped: Single<Int> = Single.zip(one, one, one, one, one, one, one, one) { a, b, c, d, e, f, g, h in
                let firstHalf: Int = a + b + c + d
                let secondHalf: Int = e + f + g + h
                return firstHalf + secondHalf
            }
            _ = zipped.subscribe(onSuccess: { result = $0 })
            #expect(result == 8)
        }
    }

    @Test func zipTimedSingles() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let b = scheduler.createColdObservable([.next(30, 2), .completed(30)])
        let res = scheduler.start { Single.zip(a.asSingle(), b.asSingle()) { $0 + $1 } }
        #expect(res.events == [.next(230, 3), .completed(230)])
        #expect(a.subscriptions == [Subscription(200, 210)])
        #expect(b.subscriptions == [Subscription(200, 230)])
    }

    @Test func zipCollection() {
        expectNoLeaks {
            var sums: [Int] = []
            var arrays: [[Int]] = []
            let singles = [Single.just(1), Single.just(2), Single.just(3)]
            _ = Single.zip(singles) { $0.reduce(0, +) }.subscribe(onSuccess: { sums.append($0) })
            _ = Single.zip(singles).subscribe(onSuccess: { arrays.append($0) })
            _ = Single.zip([Single<Int>]()) { $0.reduce(0, +) }.subscribe(onSuccess: { sums.append($0) })
            _ = Single.zip([Single<Int>]()).subscribe(onSuccess: { arrays.append($0) })
            #expect(sums == [6, 0])
            #expect(arrays == [[1, 2, 3], []])
        }
    }

    @Test func zipCollectionFailsWithTheFirstError() {
        var events: [SingleEvent<[Int]>] = []
        _ = Single.zip([Single.just(1), Single<Int>.error(testError)]).subscribe { events.append($0) }
        #expect(events == [.failure(testError)])
    }
}
