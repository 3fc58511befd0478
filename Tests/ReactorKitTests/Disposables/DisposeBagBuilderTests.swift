import ReactorKit
import Testing

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
