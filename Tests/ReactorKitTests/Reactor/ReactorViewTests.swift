import ReactorKit
import Testing

private final class CounterScreen: ReactorView {
    var disposeBag = DisposeBag()
    var bindCount = 0
    var rendered: [Int] = []

    func bind(reactor: CounterReactor) {
        bindCount += 1
        reactor.state.map(\.value)
            .subscribe(onNext: { [weak self] in self?.rendered.append($0) })
            .disposed(by: disposeBag)
    }
}

private final class DeferredScreen: DeferredReactorView {
    var disposeBag = DisposeBag()
    var boundReactors: [ObjectIdentifier] = []

    func bind(reactor: CounterReactor) {
        boundReactors.append(ObjectIdentifier(reactor))
    }
}

@Suite struct ReactorViewTests {
    @Test func assigningAReactorBindsItAndReplacesTheDisposeBag() {
        let screen = CounterScreen()
        let first = CounterReactor()
        screen.reactor = first
        #expect(screen.bindCount == 1)
        first.action.onNext(.increase)
        #expect(screen.rendered == [0, 1])

        let second = CounterReactor()
        screen.reactor = second
        first.action.onNext(.increase)  // the old binding was disposed
        #expect(screen.rendered == [0, 1, 0])
        #expect(screen.bindCount == 2)
        #expect(screen.reactor === second)
    }

    @Test func assigningNilDisposesTheBindings() {
        let screen = CounterScreen()
        let reactor = CounterReactor()
        screen.reactor = reactor
        screen.reactor = nil
        reactor.action.onNext(.increase)
        #expect(screen.rendered == [0])
        #expect(screen.reactor == nil)
    }

    @Test func viewKeepsItsReactorAliveAndReleasesItWithItself() {
        weak var weakReactor: CounterReactor?
        var screen: CounterScreen? = CounterScreen()
        do {
            let reactor = CounterReactor()
            weakReactor = reactor
            screen!.reactor = reactor
        }
        #expect(weakReactor != nil)
        screen = nil
        #expect(weakReactor == nil)
    }

    @Test func deferredViewBindsOnlyOnceReady() {
        let screen = DeferredScreen()
        let reactor = CounterReactor()
        screen.reactor = reactor
        #expect(screen.boundReactors.isEmpty)
        #expect(!screen.isReadyForBinding)
        screen.performBinding()
        screen.performBinding()
        #expect(screen.boundReactors == [ObjectIdentifier(reactor)])

        let next = CounterReactor()
        screen.reactor = next  // ready now: binds at once
        #expect(screen.boundReactors == [ObjectIdentifier(reactor), ObjectIdentifier(next)])
        screen.performBinding()
        #expect(screen.boundReactors.count == 2)
    }
}

@Suite struct IdentityTests {
    final class Row: Reactor, IdentityHashable {
        typealias Action = Never
        struct State {}
        let initialState = State()
    }

    @Test func identityEquatableAndHashable() {
        let a = Row()
        let b = Row()
        #expect(a == a)
        #expect(a != b)
        #expect(Set([a, a, b]).count == 2)
    }
}
