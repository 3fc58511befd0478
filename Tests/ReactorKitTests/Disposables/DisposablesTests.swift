import Dispatch
import ReactorKit
import Synchronization
import Testing

@Suite struct DisposablesTests {
    @Test func anonymousDisposableRunsItsActionOnce() {
        expectNoLeaks {
            var count = 0
            let disposable = Disposables.create { count += 1 }
            #expect(!disposable.isDisposed)
            disposable.dispose()
            disposable.dispose()
            #expect(count == 1)
            #expect(disposable.isDisposed)
        }
    }

    @Test func anonymousDisposableRunsOnceUnderConcurrentDisposal() {
        let count = Atomic<Int>(0)
        let disposable = Disposables.create { count.add(1, ordering: .relaxed) }
        DispatchQueue.concurrentPerform(iterations: 64) { _ in disposable.dispose() }
        #expect(count.load(ordering: .relaxed) == 1)
    }

    @Test func binaryAndCompositeFactoriesDisposeEverything() {
        expectNoLeaks {
            var disposed: [Int] = []
            let two = Disposables.create(
                Disposables.create { disposed.append(1) }, Disposables.create { disposed.append(2) })
            two.dispose()
            two.dispose()
            #expect(disposed == [1, 2])
            let many = Disposables.create((3...6).map { value in Disposables.create { disposed.append(value) } })
            many.dispose()
            #expect(disposed == [1, 2, 3, 4, 5, 6])
            #expect(many.isDisposed)
        }
    }

    @Test func compositeInsertRemoveAndDispose() {
        expectNoLeaks {
            var disposed: [String] = []
            let composite = CompositeDisposable()
            let keyA = composite.insert(Disposables.create { disposed.append("a") })
            _ = composite.insert(Disposables.create { disposed.append("b") })
            #expect(composite.count == 2)
            composite.remove(for: keyA!)
            #expect(disposed == ["a"])
            #expect(composite.count == 1)
            composite.dispose()
            #expect(disposed == ["a", "b"])
            #expect(composite.isDisposed)
            #expect(composite.count == 0)
            let late = composite.insert(Disposables.create { disposed.append("late") })
            #expect(late == nil)
            #expect(disposed == ["a", "b", "late"])
        }
    }

    @Test func serialDisposableDisposesThePreviousOne() {
        expectNoLeaks {
            var disposed: [Int] = []
            let serial = SerialDisposable()
            serial.disposable = Disposables.create { disposed.append(1) }
            serial.disposable = Disposables.create { disposed.append(2) }
            #expect(disposed == [1])
            serial.dispose()
            #expect(disposed == [1, 2])
            serial.disposable = Disposables.create { disposed.append(3) }
            #expect(disposed == [1, 2, 3])
            #expect(serial.isDisposed)
        }
    }

    @Test func singleAssignmentDisposesLateAssignment() {
        expectNoLeaks {
            var disposed = false
            let single = SingleAssignmentDisposable()
            single.dispose()
            #expect(single.isDisposed)
            single.setDisposable(Disposables.create { disposed = true })
            #expect(disposed)
        }
    }

    @Test func singleAssignmentDisposesAssignedDisposable() {
        var disposed = 0
        let single = SingleAssignmentDisposable()
        single.setDisposable(Disposables.create { disposed += 1 })
        #expect(disposed == 0)
        single.dispose()
        single.dispose()
        #expect(disposed == 1)
    }

    @Test func booleanDisposable() {
        let disposable = BooleanDisposable()
        #expect(!disposable.isDisposed)
        disposable.dispose()
        #expect(disposable.isDisposed)
        #expect(BooleanDisposable(isDisposed: true).isDisposed)
    }

    @Test func disposeBagDisposesOnDeinit() {
        expectNoLeaks {
            var disposed: [Int] = []
            var bag: DisposeBag? = DisposeBag()
            Disposables.create { disposed.append(1) }.disposed(by: bag!)
            bag!.insert(Disposables.create { disposed.append(2) }, Disposables.create { disposed.append(3) })
            #expect(disposed.isEmpty)
            bag = nil
            #expect(disposed == [1, 2, 3])
        }
    }

    @Test func replacingTheBagDisposesSubscriptions() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            var bag = DisposeBag()
            subject.subscribe(onNext: { received.append($0) }).disposed(by: bag)
            subject.onNext(1)
            bag = DisposeBag()
            subject.onNext(2)
            #expect(received == [1])
            #expect(!subject.hasObservers)
            _ = bag
        }
    }

    @Test func disposeBagInitDisposing() {
        var disposed = 0
        var bag: DisposeBag? = DisposeBag(
            disposing: Disposables.create { disposed += 1 }, Disposables.create { disposed += 1 })
        _ = bag
        bag = nil
        #expect(disposed == 2)
    }
}
