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
