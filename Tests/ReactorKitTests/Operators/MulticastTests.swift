import ReactorKit
import ReactorKitTesting
import Testing

/// Ported from RxSwift's `Observable+MulticastTests.swift` (multicast, publish, replay).
@Suite struct MulticastTests {
    /// The hot source shared by the connect/disconnect scenarios; `terminal` replaces the
    /// events from 435 on (RxSwift's `_completed` and `_error` variants).
    private func makeSource(
        _ scheduler: TestScheduler, terminalAt435: Recorded<Event<Int>>? = nil
    )
        -> TestableObservable<Int>
    {
        var events: [Recorded<Event<Int>>] = [
            .next(110, 7), .next(220, 3), .next(280, 4), .next(290, 1), .next(340, 8), .next(360, 5),
            .next(370, 6), .next(390, 7), .next(410, 13), .next(430, 2),
        ]
        if let terminalAt435 {
            events.append(terminalAt435)
        }
        events += [
            .next(450, 9), .next(520, 11), .next(560, 20), .next(570, 21), .next(580, 23), .next(590, 24),
            .next(600, 25), .next(610, 26), .next(620, 27), .next(630, 28), .error(800, testError),
        ]
        return scheduler.createHotObservable(events)
    }

    /// RxSwift's connection schedule: connect 300–400, connect 420 (again at 440, disposed
    /// at 530), connect 575–621, with the observer subscribed by `subscribe` at `subscribeAt`.
    private func runConnectionSchedule(
        _ scheduler: TestScheduler,
        ys: @escaping () -> ConnectableObservable<Int>,
        subscribeAt: TestTime,
        subscribe: @escaping (ConnectableObservable<Int>) -> Disposable
    ) {
        var connectable: ConnectableObservable<Int>?
        var subscription: Disposable?
        var connection: Disposable?
        var innerConnection: Disposable?
        var lastConnection: Disposable?
        scheduler.scheduleAt(TestScheduler.Defaults.created) { connectable = ys() }
        scheduler.scheduleAt(subscribeAt) { subscription = subscribe(connectable!) }
        scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription?.dispose() }
        scheduler.scheduleAt(300) { connection = connectable!.connect() }
        scheduler.scheduleAt(400) { connection?.dispose() }
        scheduler.scheduleAt(420) { connection = connectable!.connect() }
        scheduler.scheduleAt(440) { innerConnection = connectable!.connect() }
        scheduler.scheduleAt(530) { innerConnection?.dispose() }
        scheduler.scheduleAt(575) { lastConnection = connectable!.connect() }
        scheduler.scheduleAt(590) { connection?.dispose() }
        scheduler.scheduleAt(621) { lastConnection?.dispose() }
        scheduler.start()
    }

    // MARK: multicast(makeSubject:) — a subject per connection

    @Test func multicastWhileConnectedConnectControlsSourceSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let res = scheduler.createObserver(Int.self)
        runConnectionSchedule(
            scheduler, ys: { xs.multicast(makeSubject: { ReplaySubject.create(bufferSize: 3) }) },
            subscribeAt: 405, subscribe: { $0.subscribe(res) })
        #expect(res.events == [.next(430, 2), .next(450, 9), .next(520, 11)])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test func multicastWhileConnectedConnectFirstThenSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let res = scheduler.createObserver(Int.self)
        runConnectionSchedule(
            scheduler, ys: { xs.multicast(makeSubject: { ReplaySubject.create(bufferSize: 1) }) },
            subscribeAt: 470, subscribe: { $0.subscribe(res) })
        #expect(res.events == [.next(470, 9), .next(520, 11)])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test(arguments: [Event<Int>.completed, .error(testError)])
    func multicastWhileConnectedTerminalThenResubscribeAndReconnect(_ terminal: Event<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, terminalAt435: Recorded(time: 435, value: terminal))
        let res = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        runConnectionSchedule(
            scheduler, ys: { xs.multicast(makeSubject: { ReplaySubject.create(bufferSize: 1) }) },
            subscribeAt: 405,
            subscribe: { ys in
                // RxSwift: `ys.do(onCompleted/onError: { subscribe again; connect }).subscribe(res)`
                ys.subscribe(
                    AnyObserver { event in
                        if event.isStopEvent {
                            subscription = ys.subscribe(res)
                            _ = ys.connect()
                        }
                        res.on(event)
                    })
            })
        subscription?.dispose()
        #expect(
            res.events == [.next(430, 2), Recorded(time: 435, value: terminal), .next(450, 9), .next(520, 11)])
        #expect(
            xs.subscriptions == [
                Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621),
            ])
    }

    // MARK: multicast(_:) — one subject forever

    @Test func multicastForeverConnectControlsSourceSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let res = scheduler.createObserver(Int.self)
        runConnectionSchedule(
            scheduler, ys: { xs.multicast(ReplaySubject.create(bufferSize: 3)) },
            subscribeAt: 405, subscribe: { $0.subscribe(res) })
        #expect(
            res.events == [
                .next(405, 5), .next(405, 6), .next(405, 7), .next(430, 2), .next(450, 9), .next(520, 11),
                .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26), .next(620, 27),
            ])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test func multicastForeverConnectFirstThenSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler)
        let res = scheduler.createObserver(Int.self)
        runConnectionSchedule(
            scheduler, ys: { xs.multicast(ReplaySubject.create(bufferSize: 1)) },
            subscribeAt: 470, subscribe: { $0.subscribe(res) })
        #expect(
            res.events == [
                .next(470, 9), .next(520, 11), .next(580, 23), .next(590, 24), .next(600, 25), .next(610, 26),
                .next(620, 27),
            ])
        #expect(xs.subscriptions == [Subscription(300, 400), Subscription(420, 530), Subscription(575, 621)])
    }

    @Test(arguments: [Event<Int>.completed, .error(testError)])
    func multicastForeverTerminalIsReplayedToLaterObservers(_ terminal: Event<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = makeSource(scheduler, terminalAt435: Recorded(time: 435, value: terminal))
        let res = scheduler.createObserver(Int.self)
        runConnectionSchedule(
            scheduler, ys: { xs.multicast(ReplaySubject.create(bufferSize: 1)) },
            subscribeAt: 405,
            subscribe: { ys in
                ys.subscribe(
                    AnyObserver { event in
                        if event.isStopEvent {
                            _ = ys.subscribe(res)
                            _ = ys.connect()
                        }
                        res.on(event)
                    })
            })
        #expect(
            res.events == [
                .next(405, 7), .next(430, 2), .next(435, 2), Recorded(time: 435, value: terminal),
                Recorded(time: 435, value: terminal),
            ])
        #expect(
            xs.subscriptions == [
                Subscription(300, 400), Subscription(420, 435), Subscription(435, 530), Subscription(575, 621),
            ])
    }

    @Test(arguments: [
        Observable<Int>.just(1), Observable<Int>.error(testError), Observable<Int>.empty(),
    ])
    func multicastReleasesResourcesWhenTheSourceTerminates(_ source: Observable<Int>) {
        expectNoLeaks {
            let whileConnected = source.multicast(makeSubject: { PublishSubject() })
            _ = whileConnected.subscribe { _ in }
            _ = whileConnected.connect()
            let forever = source.multicast(PublishSubject())
            _ = forever.subscribe { _ in }
            _ = forever.connect()
            let published = source.publish()
            _ = published.subscribe { _ in }
            _ = published.connect()
        }
    }

    @Test func connectIsIdempotentWhileConnected() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let connectable = subject.publish()
            var received: [Int] = []
            let subscription = connectable.subscribe(onNext: { received.append($0) })
            let first = connectable.connect()
            let second = connectable.connect()
            let isSameConnection = (first as AnyObject) === (second as AnyObject)
            #expect(isSameConnection)
            subject.onNext(1)
            #expect(received == [1])
            second.dispose()
            #expect(!subject.hasObservers)
            subject.onNext(2)
            let third = connectable.connect()
            let isNewConnection = (third as AnyObject) !== (first as AnyObject)
            #expect(isNewConnection)
            subject.onNext(3)
            // The observer stays on the first connection's subject.
            #expect(received == [1])
            first.dispose()
            third.dispose()
            subscription.dispose()
        }
    }

    @Test func disconnectedObserversKeepTheirSubjectUntilDisposed() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let connectable = subject.replay(1)
            let connection = connectable.connect()
            subject.onNext(1)
            var received: [Int] = []
            let subscription = connectable.subscribe(onNext: { received.append($0) })
            #expect(received == [1])
            connection.dispose()
            #expect(!subject.hasObservers)
            subscription.dispose()
        }
    }

    // MARK: multicast(_:selector:)

    @Test func multicastSelectorCompleted() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4), .next(270, 5),
                .next(330, 6), .next(340, 7), .completed(390),
            ])
            let res = scheduler.start { xs.multicast({ PublishSubject<Int>() }, selector: { $0 }) }
            #expect(
                res.events == [
                    .next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7), .completed(390),
                ])
            #expect(xs.subscriptions == [Subscription(200, 390)])
        }
    }

    @Test func multicastSelectorError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4), .next(270, 5),
            .next(330, 6), .next(340, 7), .error(390, testError),
        ])
        let res = scheduler.start { xs.multicast({ PublishSubject<Int>() }, selector: { $0 }) }
        #expect(
            res.events == [
                .next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7), .error(390, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
    }

    @Test func multicastSelectorDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(40, 0), .next(90, 1), .next(150, 2), .next(210, 3), .next(240, 4), .next(270, 5),
            .next(330, 6), .next(340, 7),
        ])
        let res = scheduler.start { xs.multicast({ PublishSubject<Int>() }, selector: { $0 }) }
        #expect(res.events == [.next(210, 3), .next(240, 4), .next(270, 5), .next(330, 6), .next(340, 7)])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func multicastSelectorSharesOneSubscriptionAmongUses() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }) { shared in
                Observable<Int>.create { observer in
                    let first = shared.map { $0 * 10 }.subscribe(onNext: observer.onNext)
                    let second = shared.subscribe(observer)
                    return Disposables.create(first, second)
                }
            }
        }
        #expect(res.events == [.next(210, 10), .next(210, 1), .next(220, 20), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func multicastSubjectSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw testError }, selector: { $0 })
        }
        #expect(res.events == [.error(200, testError)])
        #expect(xs.subscriptions == [])
    }

    @Test func multicastSelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw testError })
        }
        #expect(res.events == [.error(200, testError)])
        #expect(xs.subscriptions == [])
    }

    @Test func multicastSelectorReleasesResources() {
        expectNoLeaks {
            _ = Observable<Int>.just(1).multicast({ PublishSubject<Int>() }, selector: { $0 }).subscribe { _ in }
            _ = Observable<Int>.error(testError).multicast({ PublishSubject<Int>() }, selector: { $0 })
                .subscribe { _ in }
        }
    }

    // MARK: replay

    /// RxSwift's replay schedule: connect 400–520 and 650–700, subscribe at 450.
    private func runReplaySchedule(
        _ scheduler: TestScheduler,
        ys: @escaping () -> ConnectableObservable<Int>,
        res: TestableObserver<Int>,
        disposeAt: TestTime = TestScheduler.Defaults.disposed
    ) {
        var connectable: ConnectableObservable<Int>?
        var subscription: Disposable?
        var connection: Disposable?
        scheduler.scheduleAt(TestScheduler.Defaults.created) { connectable = ys() }
        scheduler.scheduleAt(450) { subscription = connectable!.subscribe(res) }
        scheduler.scheduleAt(disposeAt) { subscription?.dispose() }
        scheduler.scheduleAt(400) { connection = connectable!.connect() }
        scheduler.scheduleAt(520) { connection?.dispose() }
        scheduler.scheduleAt(650) { connection = connectable!.connect() }
        scheduler.scheduleAt(700) { connection?.dispose() }
        scheduler.start()
    }

    private func coldSource(_ scheduler: TestScheduler, terminal: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createColdObservable([
            .next(10, 5), .next(20, 9), .next(30, 11), .next(40, 20), .next(50, 22), .next(60, 23), .next(70, 24),
            .next(80, 25), terminal,
        ])
    }

    @Test func replayCountBasic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .error(130, testError))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(3) }, res: res)
        #expect(
            res.events == [
                .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24),
                .next(480, 25),
            ])
        #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
    }

    @Test func replayCountError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .error(90, testError))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(3) }, res: res)
        #expect(
            res.events == [
                .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24),
                .next(480, 25), .error(490, testError),
            ])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
    }

    @Test func replayCountComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(90))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(3) }, res: res)
        #expect(
            res.events == [
                .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24),
                .next(480, 25), .completed(490),
            ])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
    }

    @Test func replayCountDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(130))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(3) }, res: res, disposeAt: 475)
        #expect(
            res.events == [
                .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24),
            ])
        #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
    }

    @Test func replayOneCountBasic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(130))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(1) }, res: res)
        #expect(res.events == [.next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24), .next(480, 25)])
        #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
    }

    @Test func replayOneCountError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .error(90, testError))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(1) }, res: res)
        #expect(
            res.events == [
                .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24), .next(480, 25),
                .error(490, testError),
            ])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
    }

    @Test func replayOneCountComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(90))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(1) }, res: res)
        #expect(
            res.events == [
                .next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24), .next(480, 25), .completed(490),
            ])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
    }

    @Test func replayOneCountDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(90))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replay(1) }, res: res, disposeAt: 475)
        #expect(res.events == [.next(450, 20), .next(450, 22), .next(460, 23), .next(470, 24)])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
    }

    @Test func replayAllBasic() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(130))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replayAll() }, res: res)
        #expect(
            res.events == [
                .next(450, 5), .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23),
                .next(470, 24), .next(480, 25),
            ])
        #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
    }

    @Test func replayAllError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .error(90, testError))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replayAll() }, res: res)
        #expect(
            res.events == [
                .next(450, 5), .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23),
                .next(470, 24), .next(480, 25), .error(490, testError),
            ])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
    }

    @Test func replayAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(90))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replayAll() }, res: res)
        #expect(
            res.events == [
                .next(450, 5), .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23),
                .next(470, 24), .next(480, 25), .completed(490),
            ])
        #expect(xs.subscriptions == [Subscription(400, 490), Subscription(650, 700)])
    }

    @Test func replayAllDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = coldSource(scheduler, terminal: .completed(130))
        let res = scheduler.createObserver(Int.self)
        runReplaySchedule(scheduler, ys: { xs.replayAll() }, res: res, disposeAt: 475)
        #expect(
            res.events == [
                .next(450, 5), .next(450, 9), .next(450, 11), .next(450, 20), .next(450, 22), .next(460, 23),
                .next(470, 24),
            ])
        #expect(xs.subscriptions == [Subscription(400, 520), Subscription(650, 700)])
    }

    @Test func replayReleasesResourcesWhenTheSourceTerminates() {
        expectNoLeaks {
            for source in [Observable<Int>.just(1), .error(testError)] {
                let replay = source.replay(1)
                _ = replay.connect()
                _ = replay.subscribe { _ in }
                let replayAll = source.replayAll()
                _ = replayAll.connect()
                _ = replayAll.subscribe { _ in }
            }
        }
    }

    @Test func replayOneAsAStateStreamReplaysTheLatestStateToLateSubscribers() {
        expectNoLeaks {
            let actions = PublishSubject<Int>()
            let state = actions.map { $0 * 2 }.replay(1)
            let connection = state.connect()
            actions.onNext(1)
            actions.onNext(2)
            var first: [Int] = []
            var second: [Int] = []
            let subscription1 = state.subscribe(onNext: { first.append($0) })
            actions.onNext(3)
            let subscription2 = state.subscribe(onNext: { second.append($0) })
            #expect(first == [4, 6])
            #expect(second == [6])
            connection.dispose()
            #expect(!actions.hasObservers)
            subscription1.dispose()
            subscription2.dispose()
        }
    }
}
