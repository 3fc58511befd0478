import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct DistinctUntilChangedTests {
    @Test func allChanges() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
            ])
            let res = scheduler.start { xs.distinctUntilChanged { $0 } }
            #expect(res.events == [.next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func someChanges() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 3), .next(225, 2), .next(230, 2), .next(230, 1),
            .next(240, 2), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { $0 } }
        #expect(
            res.events == [
                .next(210, 2), .next(215, 3), .next(225, 2), .next(230, 1), .next(240, 2), .completed(250),
            ])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func plainEquatableForm() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(215, 3), .next(220, 3), .next(225, 2), .next(230, 2),
                .next(230, 1), .next(240, 2), .completed(250),
            ])
            let res = scheduler.start { xs.distinctUntilChanged() }
            #expect(
                res.events == [
                    .next(210, 2), .next(215, 3), .next(225, 2), .next(230, 1), .next(240, 2), .completed(250),
                ])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func allEqual() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { _, _ in true } }
        #expect(res.events == [.next(210, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func allDifferent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 2), .next(230, 2), .next(240, 2), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { _, _ in false } }
        #expect(res.events == [.next(210, 2), .next(220, 2), .next(230, 2), .next(240, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func keySelectorDiv2() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 4), .next(230, 3), .next(240, 5), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { $0 % 2 } }
        #expect(res.events == [.next(210, 2), .next(230, 3), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func keySelectorThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
            let res = scheduler.start {
                xs.distinctUntilChanged { value -> Int in
                    if value == 3 { throw testError }
                    return value
                }
            }
            #expect(res.events == [.next(210, 2), .error(220, testError)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test func comparerThrowsOnTheSecondElement() {
        // RxSwift's `testDistinctUntilChanged_keySelectorThrows`: the comparer is first called
        // for the second element.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.distinctUntilChanged { _, _ -> Bool in throw testError } }
        #expect(res.events == [.next(210, 2), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func keySelectorAndComparerThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start {
            xs.distinctUntilChanged {
                $0
            } comparer: { _, _ in
                throw testError
            }
        }
        #expect(res.events == [.next(210, 2), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func keySelectorAndComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "B"), .next(250, "a"), .completed(260),
        ])
        let res = scheduler.start {
            xs.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 })
        }
        #expect(res.events == [.next(210, "a"), .next(230, "b"), .next(250, "a"), .completed(260)])
    }

    @Test func keyPathAllChanges() {
        struct TestObject: Equatable {
            let value: Int
            let other = ""
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, TestObject(value: 1)), .next(210, TestObject(value: 2)), .next(220, TestObject(value: 3)),
            .next(230, TestObject(value: 4)), .next(240, TestObject(value: 5)), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged(at: \.value) }
        #expect(
            res.events == [
                .next(210, TestObject(value: 2)), .next(220, TestObject(value: 3)), .next(230, TestObject(value: 4)),
                .next(240, TestObject(value: 5)), .completed(250),
            ])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func keyPathSomeChanges() {
        struct Item: Equatable {
            let id: Int
            let name: String
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Item(id: 1, name: "a")), .next(220, Item(id: 1, name: "b")), .next(230, Item(id: 2, name: "b")),
            .next(240, Item(id: 2, name: "c")), .completed(250),
        ])
        let res = scheduler.start { xs.distinctUntilChanged(at: \.id) }
        #expect(
            res.events == [.next(210, Item(id: 1, name: "a")), .next(230, Item(id: 2, name: "b")), .completed(250)])
    }

    @Test func keyPathLiteralAsKeySelector() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, "a"), .next(220, "b"), .next(230, "cd"), .next(240, "ef"), .next(250, "g"), .completed(260),
            ])
            let res = scheduler.start { xs.distinctUntilChanged(\.count) }
            #expect(res.events == [.next(210, "a"), .next(230, "cd"), .next(250, "g"), .completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 260)])
        }
    }

    @Test func twoArgumentClosureIsTheComparer() {
        struct Pair: Equatable {
            let a: Int
            let b: Int
        }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Pair(a: 1, b: 1)), .next(220, Pair(a: 1, b: 2)), .next(230, Pair(a: 2, b: 2)),
            .next(240, Pair(a: 2, b: 3)), .next(250, Pair(a: 1, b: 3)), .completed(260),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { $0.a == $1.a } }
        #expect(
            res.events == [
                .next(210, Pair(a: 1, b: 1)), .next(230, Pair(a: 2, b: 2)), .next(250, Pair(a: 1, b: 3)),
                .completed(260),
            ])
    }

    @Test func comparesWithTheLastForwardedElement() {
        // The key kept is the last *forwarded* one, so a slow drift is never filtered out.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) < 2 } }
        #expect(res.events == [.next(210, 0), .next(230, 2), .next(250, 4), .completed(260)])
    }

    @Test func optionalElementsWithNilFirst() {
        expectNoLeaks {
            var received: [Int?] = []
            _ = Observable<Int?>.of(nil, nil, 1, 1, nil, 2).distinctUntilChanged()
                .subscribe(onNext: { received.append($0) })
            #expect(received == [nil, 1, nil, 2])
        }
    }

    @Test func forwardsErrorAndDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .error(230, testError)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }
}
