import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct CompactMapTests {
    @Test func nilFromClosureIsSkipped() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var invoked = 0
            let xs = scheduler.createHotObservable([
                .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6),
                .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), .completed(600),
                .next(610, 12), .error(620, testError), .completed(630),
            ])
            let res = scheduler.start { () -> Observable<Int> in
                xs.compactMap { number in
                    invoked += 1
                    return isPrime(number) ? number : nil
                }
            }
            #expect(res.events == [.next(230, 3), .next(340, 5), .next(390, 7), .next(580, 11), .completed(600)])
            #expect(xs.subscriptions == [Subscription(200, 600)])
            #expect(invoked == 9)
        }
    }

    @Test func nilFromElementIsSkipped() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        let xs: TestableObservable<Int?> = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, nil), .next(340, 5), .completed(400),
            .next(410, 7), .error(420, testError), .completed(430),
        ])
        let res = scheduler.start { () -> Observable<Int> in
            xs.compactMap { number in
                invoked += 1
                return number
            }
        }
        #expect(res.events == [.next(230, 3), .next(340, 5), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(invoked == 3)
    }

    @Test func disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var invoked = 0
        let xs = scheduler.createHotObservable([
            .next(110, 1), .next(180, 2), .next(230, 3), .next(270, 4), .next(340, 5), .next(380, 6),
            .next(390, 7), .next(450, 8), .next(470, 9), .next(560, 10), .next(580, 11), .completed(600),
        ])
        let res = scheduler.start(disposed: 400) { () -> Observable<Int> in
            xs.compactMap { number in
                invoked += 1
                return isPrime(number) ? number : nil
            }
        }
        #expect(res.events == [.next(230, 3), .next(340, 5), .next(390, 7)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
        #expect(invoked == 5)
    }

    @Test func thrownErrorEndsTheSequence() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, "1"), .next(220, "x"), .next(230, "3")])
            let res = scheduler.start {
                xs.compactMap { text -> Int? in
                    if text == "3" { throw testError }
                    return Int(text)
                }
            }
            #expect(res.events == [.next(210, 1), .error(230, testError)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func forwardsSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.compactMap { $0 } }
        #expect(res.events == [.next(210, 2), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}

private func isPrime(_ number: Int) -> Bool {
    if number <= 1 { return false }
    var divisor = 2
    while divisor * divisor <= number {
        if number % divisor == 0 { return false }
        divisor += 1
    }
    return true
}
