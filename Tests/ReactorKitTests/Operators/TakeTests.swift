import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct TakeTests {
    /// The source of RxSwift's take-count scenarios; ends with `terminal` at 690.
    private func events(endingWith terminal: Recorded<Event<Int>>?) -> [Recorded<Event<Int>>] {
        let elements: [Recorded<Event<Int>>] = [
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 8), .next(370, 11), .next(410, 15), .next(415, 16),
            .next(460, 72), .next(510, 76), .next(560, 32), .next(570, -100), .next(580, -3), .next(590, 5),
            .next(630, 10),
        ]
        return elements + (terminal.map { [$0] } ?? [])
    }

    private let allElements: [Recorded<Event<Int>>] = [
        .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1), .next(300, -1), .next(310, 3),
        .next(340, 8), .next(370, 11), .next(410, 15), .next(415, 16), .next(460, 72), .next(510, 76),
        .next(560, 32), .next(570, -100), .next(580, -3), .next(590, 5), .next(630, 10),
    ]

    @Test func completeAfter() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events(endingWith: .completed(690)))
            let res = scheduler.start { xs.take(20) }
            #expect(res.events == allElements + [.completed(690)])
            #expect(xs.subscriptions == [Subscription(200, 690)])
        }
    }

    @Test func completeSame() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events(endingWith: .completed(690)))
            let res = scheduler.start { xs.take(17) }
            #expect(res.events == allElements + [.completed(630)])
            #expect(xs.subscriptions == [Subscription(200, 630)])
        }
    }

    @Test func completeBefore() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events(endingWith: .completed(690)))
            let res = scheduler.start { xs.take(10) }
            #expect(res.events == Array(allElements.prefix(10)) + [.completed(415)])
            #expect(xs.subscriptions == [Subscription(200, 415)])
        }
    }

    @Test func errorAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
        let res = scheduler.start { xs.take(20) }
        #expect(res.events == allElements + [.error(690, testError)])
        #expect(xs.subscriptions == [Subscription(200, 690)])
    }

    @Test func errorSame() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
        let res = scheduler.start { xs.take(17) }
        #expect(res.events == allElements + [.completed(630)])
        #expect(xs.subscriptions == [Subscription(200, 630)])
    }

    @Test func errorBefore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
        let res = scheduler.start { xs.take(3) }
        #expect(res.events == [.next(210, 9), .next(230, 13), .next(270, 7), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @Test func disposeBefore() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
            let res = scheduler.start(disposed: 250) { xs.take(3) }
            #expect(res.events == [.next(210, 9), .next(230, 13)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func disposeAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(events(endingWith: .error(690, testError)))
        let res = scheduler.start(disposed: 400) { xs.take(3) }
        #expect(res.events == [.next(210, 9), .next(230, 13), .next(270, 7), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @Test func takeZeroCompletesAtOnceWithoutSubscribing() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13)])
            let res = scheduler.start { xs.take(0) }
            #expect(res.events == [.completed(200)])
            #expect(xs.subscriptions == [])
        }
    }

    @Test func takeThreeOfMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 8), .next(370, 11), .completed(400),
        ])
        let res = scheduler.start { xs.take(3) }
        #expect(res.events == [.next(210, 9), .next(230, 13), .next(270, 7), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @Test(.reentrantOnPurpose) func decrementsCountBeforeForwarding() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: false)
            var received: [Bool] = []
            var completed = 0
            _ = subject.take(1).subscribe(
                onNext: { value in
                    received.append(value)
                    subject.on(.next(!value))
                },
                onCompleted: { completed += 1 })
            #expect(received == [false])
            #expect(completed == 1)
        }
    }

    @Test func releasesResourcesOnCompletionAndError() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.of(1, 2).take(1).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).take(1).subscribe { events.append($0) }
            #expect(events == [.next(1), .completed, .error(testError)])
        }
    }
}

@Suite struct TakeLastTests {
    @Test func completeLess() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
                .next(300, -1), .completed(300),
            ])
            let res = scheduler.start { xs.takeLast(7) }
            #expect(
                res.events == [
                    .next(300, 9), .next(300, 13), .next(300, 7), .next(300, 1), .next(300, -1), .completed(300),
                ])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }
    }

    @Test func completeSame() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .completed(310),
        ])
        let res = scheduler.start { xs.takeLast(5) }
        #expect(
            res.events == [
                .next(310, 9), .next(310, 13), .next(310, 7), .next(310, 1), .next(310, -1), .completed(310),
            ])
        #expect(xs.subscriptions == [Subscription(200, 310)])
    }

    @Test func completeMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 8), .completed(350),
        ])
        let res = scheduler.start { xs.takeLast(5) }
        #expect(
            res.events == [
                .next(350, 7), .next(350, 1), .next(350, -1), .next(350, 3), .next(350, 8), .completed(350),
            ])
        #expect(xs.subscriptions == [Subscription(200, 350)])
    }

    @Test func errorLess() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
                .next(290, 64), .error(300, testError),
            ])
            let res = scheduler.start { xs.takeLast(7) }
            #expect(res.events == [.error(300, testError)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }
    }

    @Test func errorSame() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .error(310, testError),
        ])
        let res = scheduler.start { xs.takeLast(5) }
        #expect(res.events == [.error(310, testError)])
        #expect(xs.subscriptions == [Subscription(200, 310)])
    }

    @Test func errorMore() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 64), .error(360, testError),
        ])
        let res = scheduler.start { xs.takeLast(5) }
        #expect(res.events == [.error(360, testError)])
        #expect(xs.subscriptions == [Subscription(200, 360)])
    }

    @Test func takeLastZeroNeverCompletingSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13)])
        let res = scheduler.start { xs.takeLast(0) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func takeLastZeroSendsOnlyCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 9), .next(230, 13), .completed(240)])
        let res = scheduler.start { xs.takeLast(0) }
        #expect(res.events == [.completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func takeLastThree() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(70, 6), .next(150, 4), .next(210, 9), .next(230, 13), .next(270, 7), .next(280, 1),
            .next(300, -1), .next(310, 3), .next(340, 8), .next(370, 11), .completed(400),
        ])
        let res = scheduler.start { xs.takeLast(3) }
        #expect(res.events == [.next(400, 3), .next(400, 8), .next(400, 11), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func disposeBeforeCompletionSendsNothing() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
            let res = scheduler.start(disposed: 250) { xs.takeLast(1) }
            #expect(res.events == [])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func reentrantElementDuringDrainIsIgnored() {
        expectNoLeaks {
            let subject = BehaviorSubject(value: false)
            var elements: [Bool] = []
            _ = subject.takeLast(1).subscribe(onNext: { value in
                elements.append(value)
                subject.on(.next(!value))
            })
            subject.on(.completed)
            #expect(elements == [false])
        }
    }

    @Test func releasesResourcesOnCompletionAndError() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.of(1, 2).takeLast(1).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).takeLast(1).subscribe { events.append($0) }
            #expect(events == [.next(2), .completed, .error(testError)])
        }
    }
}
