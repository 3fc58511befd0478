import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct RelayTests {
    @Test func publishRelayBroadcastsToCurrentSubscribers() {
        expectNoLeaks {
            let relay = PublishRelay<Int>()
            relay.accept(0)
            var received: [Int] = []
            let subscription = relay.subscribe(onNext: { received.append($0) })
            relay.accept(1)
            relay.accept(2)
            #expect(received == [1, 2])
            subscription.dispose()
        }
    }

    @Test func behaviorRelayHoldsTheValue() {
        expectNoLeaks {
            let relay = BehaviorRelay(value: 1)
            var received: [Int] = []
            let subscription = relay.asObservable().subscribe(onNext: { received.append($0) })
            relay.accept(relay.value + 1)
            #expect(relay.value == 2)
            #expect(received == [1, 2])
            subscription.dispose()
        }
    }

    @Test func replayRelayReplaysItsBuffer() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        relay.accept(1)
        relay.accept(2)
        relay.accept(3)
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        #expect(received == [2, 3])
    }

    @Test func bindToRelaysForwardsElements() {
        expectNoLeaks {
            let publish = PublishRelay<Int>()
            let behavior = BehaviorRelay(value: 0)
            let optional = BehaviorRelay<Int?>(value: nil)
            let replay = ReplayRelay<Int>.createUnbound()
            var published: [Int] = []
            let watch = publish.subscribe(onNext: { published.append($0) })
            let bag = DisposeBag()
            Observable.of(1, 2).bind(to: publish).disposed(by: bag)
            Observable.of(3, 4).bind(to: behavior).disposed(by: bag)
            Observable.of(5).bind(to: optional).disposed(by: bag)
            Observable.of(6, 7).bind(to: replay).disposed(by: bag)
            var replayed: [Int] = []
            replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
            #expect(published == [1, 2])
            #expect(behavior.value == 4)
            #expect(optional.value == 5)
            #expect(replayed == [6, 7])
            watch.dispose()
        }
    }

    @Test func bindToObserversForwardsEveryEvent() {
        expectNoLeaks {
            let first = ReplaySubject<Int>.createUnbounded()
            let second = ReplaySubject<Int>.createUnbounded()
            var events: [Event<Int>] = []
            let watch = first.subscribe { events.append($0) }
            let binding = Observable.of(1, 2).bind(to: first, second)
            #expect(events == [.next(1), .next(2), .completed])
            var replayed: [Event<Int>] = []
            _ = second.subscribe { replayed.append($0) }
            #expect(replayed == [.next(1), .next(2), .completed])
            binding.dispose()
            watch.dispose()
        }
    }

    @Test func bindToOptionalObserverAndBinderFunction() {
        let subject = ReplaySubject<Int?>.createUnbounded()
        _ = Observable.of(1).bind(to: subject)
        var received: [Int?] = []
        _ = subject.subscribe(onNext: { received.append($0) })
        #expect(received == [1])
        let count = Observable.of(1, 2, 3).bind { (source: Observable<Int>) -> Int in
            var count = 0
            _ = source.subscribe(onNext: { _ in count += 1 })
            return count
        }
        #expect(count == 3)
    }
}
