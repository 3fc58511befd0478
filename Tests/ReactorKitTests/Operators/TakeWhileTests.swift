import ReactorKit
import ReactorKitTesting
import Testing

private func isPrime(_ value: Int) -> Bool {
    if value <= 1 { return false }
    var divisor = 2
    while divisor * divisor <= value {
        if value % divisor == 0 { return false }
        divisor += 1
    }
    return true
}

@Suite struct TakeWhileTests {
    private func primes(endingWith terminal: Recorded<Event<Int>>) -> [Recorded<Event<Int>>] {
        [
            .next(90, -1), .next(110, -1), .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3),
            .next(350, 7), .next(390, 4), .next(410, 17), .next(450, 8), .next(500, 23), terminal,
        ]
    }

    @Test func completeBefore() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(90, -1), .next(110, -1), .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3),
                .completed(330), .next(350, 7), .next(390, 4), .next(410, 17), .next(450, 8), .next(500, 23),
                .completed(600),
            ])
            var invoked = 0
            let res = scheduler.start {
                xs.take(while: { value in
                    invoked += 1
                    return isPrime(value)
                })
            }
            #expect(res.events == [.next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .completed(330)])
            #expect(xs.subscriptions == [Subscription(200, 330)])
            #expect(invoked == 4)
        }
    }

    @Test func completeAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(primes(endingWith: .completed(600)))
        var invoked = 0
        let res = scheduler.start {
            xs.take(while: { value in
                invoked += 1
                return isPrime(value)
            })
        }
        #expect(
            res.events == [
                .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .completed(390),
            ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
        #expect(invoked == 6)
    }

    @Test func inclusiveSendsTheFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(primes(endingWith: .completed(600)))
        let res = scheduler.start { xs.take(while: isPrime, behavior: .inclusive) }
        #expect(
            res.events == [
                .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .next(390, 4),
                .completed(390),
            ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
    }

    @Test func errorBefore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(90, -1), .next(110, -1), .next(210, 2), .next(260, 5), .error(270, testError),
            .next(290, 13), .next(320, 3), .next(350, 7), .next(390, 4), .next(410, 17), .next(450, 8),
            .next(500, 23), .completed(600),
        ])
        var invoked = 0
        let res = scheduler.start {
            xs.take(while: { value in
                invoked += 1
                return isPrime(value)
            })
        }
        #expect(res.events == [.next(210, 2), .next(260, 5), .error(270, testError)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
        #expect(invoked == 2)
    }

    @Test func errorAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(primes(endingWith: .error(600, testError)))
        var invoked = 0
        let res = scheduler.start {
            xs.take(while: { value in
                invoked += 1
                return isPrime(value)
            })
        }
        #expect(
            res.events == [
                .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .completed(390),
            ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
        #expect(invoked == 6)
    }

    @Test func disposeBefore() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(primes(endingWith: .error(600, testError)))
            var invoked = 0
            let res = scheduler.start(disposed: 300) {
                xs.take(while: { value in
                    invoked += 1
                    return isPrime(value)
                })
            }
            #expect(res.events == [.next(210, 2), .next(260, 5), .next(290, 13)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
            #expect(invoked == 3)
        }
    }

    @Test func disposeAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(primes(endingWith: .error(600, testError)))
        var invoked = 0
        let res = scheduler.start(disposed: 400) {
            xs.take(while: { value in
                invoked += 1
                return isPrime(value)
            })
        }
        #expect(
            res.events == [
                .next(210, 2), .next(260, 5), .next(290, 13), .next(320, 3), .next(350, 7), .completed(390),
            ])
        #expect(xs.subscriptions == [Subscription(200, 390)])
        #expect(invoked == 6)
    }

    @Test func zero() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(90, -1), .next(110, -1), .next(205, 100), .next(210, 2), .next(260, 5), .next(290, 13),
            .next(320, 3), .next(350, 7), .next(390, 4), .next(410, 17), .next(450, 8), .next(500, 23),
            .error(600, testError),
        ])
        var invoked = 0
        let res = scheduler.start(disposed: 300) {
            xs.take(while: { value in
                invoked += 1
                return isPrime(value)
            })
        }
        #expect(res.events == [.completed(205)])
        #expect(xs.subscriptions == [Subscription(200, 205)])
        #expect(invoked == 1)
    }

    @Test func thrownErrorEndsTheSequence() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(primes(endingWith: .completed(600)))
            var invoked = 0
            let res = scheduler.start {
                xs.take(while: { value in
                    invoked += 1
                    if invoked == 3 { throw testError }
                    return isPrime(value)
                })
            }
            #expect(res.events == [.next(210, 2), .next(260, 5), .error(290, testError)])
            #expect(xs.subscriptions == [Subscription(200, 290)])
            #expect(invoked == 3)
        }
    }

    @Test func releasesResources() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.just(1).take(while: { _ in true }).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).take(while: { _ in true }).subscribe { events.append($0) }
            _ = Observable.just(1).take(while: { _ -> Bool in throw testError }).subscribe { events.append($0) }
            #expect(events == [.next(1), .completed, .error(testError), .error(testError)])
        }
    }
}
