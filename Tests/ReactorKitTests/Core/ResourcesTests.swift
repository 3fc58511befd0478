import ReactorKit
import Testing

#if DEBUG
    @Suite struct ResourcesTests {
        @Test func scopeCountsLiveResourcesUntilTheyAreFreed() {
            let scope = ResourceScope()
            let subject = PublishSubject<Int>()
            var subscription: Disposable?
            scope.track {
                subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            }
            // The map producer, its sink, the sink disposer and the subscription are alive.
            #expect(scope.liveCount > 0)
            subscription?.dispose()
            subscription = nil
            #expect(scope.liveCount == 0)
        }

        @Test func scopeDetectsALeakedSubscription() {
            let scope = ResourceScope()
            let subject = PublishSubject<Int>()
            scope.track {
                _ = subject.filter { _ in true }.subscribe(onNext: { _ in })  // never disposed
            }
            #expect(scope.liveCount > 0)
            subject.onCompleted()  // completing ends the subscription and frees it
            #expect(scope.liveCount == 0)
        }

        @Test func disposeBagReleasesEverything() {
            let scope = ResourceScope()
            scope.track {
                let bag = DisposeBag()
                let subject = BehaviorSubject(value: 1)
                subject.map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: bag)
                Observable.of(1, 2, 3).subscribe().disposed(by: bag)
            }
            #expect(scope.liveCount == 0)
        }
    }
#endif
