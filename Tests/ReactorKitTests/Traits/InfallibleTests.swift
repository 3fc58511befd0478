import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct InfallibleTests {
    @Test func asInfallibleOnErrorJustReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, testError)])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 0), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func asInfallibleOnErrorFallbackTo() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let fallback = scheduler.createColdObservable([.next(10, 9), .completed(20)])
        let res = scheduler.start {
            xs.asInfallible(onErrorFallbackTo: fallback.asInfallible(onErrorJustReturn: -1))
        }
        #expect(res.events == [.next(210, 1), .next(240, 9), .completed(250)])
        #expect(fallback.subscriptions == [Subscription(230, 250)])
    }

    @Test func asInfallibleOnErrorRecover() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        var recovered: [String] = []
        let res = scheduler.start {
            xs.asInfallible(onErrorRecover: { error in
                recovered.append("\(error)")
                return .just(5)
            })
        }
        #expect(res.events == [.next(210, 1), .next(230, 5), .completed(230)])
        #expect(recovered == ["error"])
    }

    @Test func createAndSubscribe() {
        expectNoLeaks {
            var log: [String] = []
            let infallible = Infallible<Int>.create { observer in
                observer(.next(1))
                observer(.next(2))
                observer(.completed)
                observer(.next(3))
                return Disposables.create { log.append("disposed resource") }
            }
            _ = infallible.subscribe(
                onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") })
            var events: [String] = []
            _ = infallible.subscribe { event in
                switch event {
                case .next(let element): events.append("next \(element)")
                case .completed: events.append("completed")
                }
            }
            #expect(log == ["1", "2", "completed", "disposed", "disposed resource", "disposed resource"])
            #expect(events == ["next 1", "next 2", "completed"])
        }
    }

    @Test func subscribeWithObject() {
        final class Owner {
            var values: [Int] = []
        }
        let owner = Owner()
        _ = Infallible.of(1, 2).subscribe(with: owner, onNext: { owner, value in owner.values.append(value) })
        #expect(owner.values == [1, 2])
    }

    @Test func creatingOperators() {
        expectNoLeaks {
            var values: [Int] = []
            _ = Infallible.just(1).subscribe(onNext: { values.append($0) })
            _ = Infallible.from([2, 3]).subscribe(onNext: { values.append($0) })
            _ = Infallible.from(4...5).subscribe(onNext: { values.append($0) })
            _ = Infallible<Int>.deferred { .of(6) }.subscribe(onNext: { values.append($0) })
            _ = Infallible<Int>.empty().subscribe(onNext: { values.append($0) })
            let never = Infallible<Int>.never().subscribe(onNext: { values.append($0) })
            never.dispose()
            #expect(values == [1, 2, 3, 4, 5, 6])
        }
    }

    @Test func transformingOperators() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0)
                .distinctUntilChanged()
                .filter { $0 != 3 }
                .map { $0 * 10 }
                .compactMap { $0 == 40 ? nil : $0 }
                .scan(0, accumulator: +)
                .startWith(-1)
        }
        #expect(res.events == [.next(200, -1), .next(210, 10), .next(230, 30), .completed(260)])
    }

    @Test func flatteningAndCombining() {
        expectNoLeaks {
            var values: [String] = []
            let numbers = Infallible.of(1, 2)
            _ = numbers.flatMap { Infallible.of($0, $0) }.subscribe(onNext: { values.append("flat \($0)") })
            _ = numbers.concatMap { Observable.of($0 * 10) }.subscribe(onNext: { values.append("concat \($0)") })
            _ = Infallible.combineLatest(numbers, Infallible.just(5)) { $0 + $1 }
                .subscribe(onNext: { values.append("latest \($0)") })
            _ = Infallible.zip(numbers, Infallible.of(10, 20)) { $0 + $1 }
                .subscribe(onNext: { values.append("zip \($0)") })
            _ = Infallible.combineLatest([Infallible.just(1), Infallible.just(2)])
                .subscribe(onNext: { values.append("array \($0)") })
            _ = Infallible.merge(Infallible.just(7), Infallible.just(8)).subscribe(onNext: {
                values.append("merge \($0)")
            })
            _ = Infallible.concat([Infallible.just(9), Infallible.just(10)])
                .subscribe(onNext: { values.append("concat \($0)") })
            #expect(
                values == [
                    "flat 1", "flat 1", "flat 2", "flat 2", "concat 10", "concat 20", "latest 6", "latest 7",
                    "zip 11", "zip 22", "array [1, 2]", "merge 7", "merge 8", "concat 9", "concat 10",
                ])
        }
    }

    @Test func takeAndSkip() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: 0).skip(while: { $0 < 2 }).take(while: { $0 < 4 }).take(5)
        }
        #expect(res.events == [.next(220, 2), .next(230, 3), .completed(240)])
    }

    @Test func timeOperators() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).debounce(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.next(225, 2), .next(250, 3), .completed(300)])
    }

    @Test func withUnretainedAndWithLatestFrom() {
        final class Owner {}
        let owner = Owner()
        var pairs: [Int] = []
        _ = Infallible.of(1, 2).withUnretained(owner).subscribe(onNext: { pairs.append($0.1) })
        let latest = BehaviorSubject(value: 10)
        _ = Infallible.of(1, 2)
            .withLatestFrom(latest.asInfallible(onErrorJustReturn: 0)) { $0 + $1 }
            .subscribe(onNext: { pairs.append($0) })
        #expect(pairs == [1, 2, 11, 12])
    }

    @Test func shareAndDo() {
        expectNoLeaks {
            var subscriptions = 0
            var values: [Int] = []
            let subject = PublishSubject<Int>()
            let shared = subject.asInfallible(onErrorJustReturn: 0)
                .do(onSubscribe: { subscriptions += 1 })
                .share()
            let first = shared.subscribe(onNext: { values.append($0) })
            let second = shared.subscribe(onNext: { values.append($0 * 10) })
            subject.onNext(1)
            first.dispose()
            second.dispose()
            #expect(subscriptions == 1)
            #expect(values == [1, 10])
        }
    }

    @Test func bindToRelaysAndObservers() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let observed = relay.subscribe(onNext: { received.append($0) })
        _ = Infallible.of(1, 2).bind(to: relay)
        _ = Infallible.of(3).bind(onNext: { received.append($0) })
        observed.dispose()
        #expect(received == [1, 2, 3])
    }

    @Test func relaysConvertWithoutAnErrorStrategy() {
        let scheduler = TestScheduler(initialClock: 0)
        let behavior = BehaviorRelay<Int>(value: 0)
        let publish = PublishRelay<Int>()
        let replay = ReplayRelay<Int>.create(bufferSize: 2)
        let ys = scheduler.createHotObservable([.next(500, 25), .next(600, 33)])
        let fromBehavior = scheduler.createObserver(Int.self)
        let fromPublish = scheduler.createObserver(Int.self)
        let fromReplay = scheduler.createObserver(Int.self)
        let bag = DisposeBag {
            behavior.asInfallible().bind(to: fromBehavior)
            publish.asInfallible().bind(to: fromPublish)
            replay.asInfallible().bind(to: fromReplay)
            ys.bind(to: behavior)
            ys.bind(to: publish)
            ys.bind(to: replay)
        }
        withExtendedLifetime(bag) { scheduler.start() }
        #expect(fromBehavior.events == [.next(0, 0), .next(500, 25), .next(600, 33)])
        #expect(fromPublish.events == [.next(500, 25), .next(600, 33)])
        #expect(fromReplay.events == [.next(500, 25), .next(600, 33)])
    }

    @Test func anonymousInfallibleDetachesOnDisposeAndCompletion() {
        var observer: Infallible<Int>.InfallibleObserver?
        let infallible = Infallible<Int>.create { created in
            observer = created
            return Disposables.create()
        }
        var elements: [Int] = []
        let subscription = infallible.subscribe(onNext: { elements.append($0) })
        observer?(.next(0))
        subscription.dispose()
        observer?(.next(1))
        _ = infallible.subscribe(onNext: { elements.append($0 * 10) })
        observer?(.next(2))
        observer?(.completed)
        observer?(.next(3))
        #expect(elements == [0, 20])
    }

    @Test func subscribeWithObjectAfterAnError() {
        final class Owner {}
        let owner = Owner()
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .error(30, testError), .next(40, 3)])
        var values: [Int] = []
        var completed = false
        var disposed = false
        _ = xs.asInfallible(onErrorJustReturn: -1)
            .subscribe(
                with: owner, onNext: { _, value in values.append(value) }, onCompleted: { _ in completed = true },
                onDisposed: { _ in disposed = true })
        scheduler.start()
        #expect(values == [0, 1, -1])
        #expect(completed && disposed)
    }
}
