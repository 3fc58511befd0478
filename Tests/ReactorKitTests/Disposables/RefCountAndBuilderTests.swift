import ReactorKit
import Testing

@Suite struct RefCountDisposableTests {
    @Test func disposesWhenNothingIsRetained() {
        expectNoLeaks {
            let inner = BooleanDisposable()
            let refCount = RefCountDisposable(disposable: inner)
            #expect(!refCount.isDisposed)
            refCount.dispose()
            #expect(inner.isDisposed)
            #expect(refCount.isDisposed)
        }
    }

    @Test func waitsForTheLastRetainedReference() {
        expectNoLeaks {
            let inner = BooleanDisposable()
            let refCount = RefCountDisposable(disposable: inner)
            let first = refCount.retain()
            let second = refCount.retain()
            refCount.dispose()
            #expect(!inner.isDisposed)
            first.dispose()
            first.dispose()  // counted once
            #expect(!inner.isDisposed)
            second.dispose()
            #expect(inner.isDisposed)
        }
    }

    @Test func releasingBeforeThePrimaryDisposalKeepsIt() {
        let inner = BooleanDisposable()
        let refCount = RefCountDisposable(disposable: inner)
        refCount.retain().dispose()
        #expect(!inner.isDisposed)
        refCount.dispose()
        #expect(inner.isDisposed)
        refCount.retain().dispose()  // after disposal: a no-op reference
        #expect(refCount.isDisposed)
    }
}

@Suite struct CompositeDisposableArityTests {
    @Test func anyNumberOfDisposables() {
        let disposables = (0..<6).map { _ in BooleanDisposable() }
        let four = CompositeDisposable(disposables[0], disposables[1], disposables[2], disposables[3])
        let six = CompositeDisposable(
            disposables[0], disposables[1], disposables[2], disposables[3], disposables[4], disposables[5])
        let array = CompositeDisposable(disposables: disposables)
        #expect(four.count == 4)
        #expect(six.count == 6)
        #expect(array.count == 6)
        six.dispose()
        let allDisposed = disposables.allSatisfy { $0.isDisposed }
        #expect(allDisposed)
    }
}

@Suite struct DisposeBagBuilderTests {
    @Test func initBuilderDisposesEverythingWithTheBag() {
        let first = BooleanDisposable()
        let second = BooleanDisposable()
        var bag: DisposeBag? = DisposeBag {
            first
            second
        }
        #expect(!first.isDisposed)
        bag = nil
        _ = bag
        #expect(first.isDisposed && second.isDisposed)
    }

    @Test func insertBuilder() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        bag?.insert {
            subject.subscribe(onNext: { received.append($0) })
            subject.map { $0 * 10 }.subscribe(onNext: { received.append($0) })
        }
        subject.onNext(1)
        bag = nil
        _ = bag
        subject.onNext(2)
        #expect(received == [1, 10])
        #expect(!subject.hasObservers)
    }
}
