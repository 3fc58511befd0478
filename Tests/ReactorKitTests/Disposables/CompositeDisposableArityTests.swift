import ReactorKit
import Testing

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
