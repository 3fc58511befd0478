import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct UsingTests {
    @Test func complete() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposable: MockDisposable?
        var xs: TestableObservable<Int>?
        var createInvoked = 0
        var disposeInvoked = 0
        let res = scheduler.start {
            Observable.using(
                { () -> MockDisposable in
                    disposeInvoked += 1
                    let resource = MockDisposable(scheduler: scheduler)
                    disposable = resource
                    return resource
                },
                observableFactory: { _ in
                    createInvoked += 1
                    let source = scheduler.createColdObservable([.next(100, scheduler.clock), .completed(200)])
                    xs = source
                    return source.asObservable()
                })
        }
        #expect(createInvoked == 1)
        #expect(disposeInvoked == 1)
        #expect(res.events == [.next(300, 200), .completed(400)])
        #expect(xs?.subscriptions == [Subscription(200, 400)])
        #expect(disposable?.ticks == [200, 400])
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposable: MockDisposable?
        let res = scheduler.start {
            Observable.using(
                { () -> MockDisposable in
                    let resource = MockDisposable(scheduler: scheduler)
                    disposable = resource
                    return resource
                },
                observableFactory: { _ in
                    scheduler.createColdObservable([.next(100, scheduler.clock), .error(200, testError)]).asObservable()
                })
        }
        #expect(res.events == [.next(300, 200), .error(400, testError)])
        #expect(disposable?.ticks == [200, 400])
    }

    @Test func disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposable: MockDisposable?
        let res = scheduler.start {
            Observable.using(
                { () -> MockDisposable in
                    let resource = MockDisposable(scheduler: scheduler)
                    disposable = resource
                    return resource
                },
                observableFactory: { _ in
                    scheduler.createColdObservable([.next(100, scheduler.clock), .next(1000, 1)]).asObservable()
                })
        }
        #expect(res.events == [.next(300, 200)])
        #expect(disposable?.ticks == [200, 1000])
    }

    @Test func resourceFactoryThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        var createInvoked = 0
        let res = scheduler.start {
            Observable<Int>.using(
                { () throws -> MockDisposable in throw testError },
                observableFactory: { _ in
                    createInvoked += 1
                    return .never()
                })
        }
        #expect(res.events == [.error(200, testError)])
        #expect(createInvoked == 0)
    }

    @Test func observableFactoryThrowsStillDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposable: MockDisposable?
        let res = scheduler.start {
            Observable<Int>.using(
                { () -> MockDisposable in
                    let resource = MockDisposable(scheduler: scheduler)
                    disposable = resource
                    return resource
                },
                observableFactory: { _ in throw testError })
        }
        #expect(res.events == [.error(200, testError)])
        #expect(disposable?.ticks == [200, 200])
    }
}
