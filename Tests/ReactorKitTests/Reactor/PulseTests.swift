import ReactorKit
import Testing

@testable import ReactorKit

private final class AlertReactor: Reactor {
    enum Action { case alert(String?), unrelated }
    enum Mutation { case setAlert(String?), touch }
    struct State {
        @Pulse var alertMessage: String?
        var touches = 0
    }
    let initialState = State()

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .alert(let message): return .just(.setAlert(message))
        case .unrelated: return .just(.touch)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setAlert(let message): state.alertMessage = message
        case .touch: state.touches += 1
        }
        return state
    }
}

@Suite struct PulseTests {
    @Test func countsEveryAssignmentIncludingEqualValuesButNotInit() {
        var pulse = Pulse(wrappedValue: "a")
        #expect(pulse.valueUpdatedCount == 0)
        pulse.value = "a"
        pulse.wrappedValue = "a"
        pulse.value = "b"
        #expect(pulse.valueUpdatedCount == 3)
        #expect(pulse.value == "b")
        #expect(pulse.projectedValue.valueUpdatedCount == 3)
    }

    @Test func countWrapsFromMaxToZero() {
        var pulse = Pulse(wrappedValue: 0)
        pulse.valueUpdatedCount = UInt.max
        pulse.value = 1
        #expect(pulse.valueUpdatedCount == 0)
    }

    @Test func pulsesWithTheSameValueButDifferentCountsDiffer() {
        var pulse = Pulse(wrappedValue: "Hello")
        let old = pulse
        pulse.value = "Hello"
        #expect(old != pulse)
        #expect(old.value == pulse.value)
    }

    @Test func reactorPulseEmitsOnEachAssignmentOnly() {
        let reactor = AlertReactor()
        var alerts: [String] = []
        let subscription = reactor.pulse(\.$alertMessage).compactMap { $0 }.subscribe(onNext: { alerts.append($0) })
        reactor.action.onNext(.alert("Hello"))
        reactor.action.onNext(.alert("Hello"))
        reactor.action.onNext(.unrelated)
        reactor.action.onNext(.alert("Hello"))
        reactor.action.onNext(.alert("tokijh"))
        reactor.action.onNext(.unrelated)
        #expect(alerts == ["Hello", "Hello", "Hello", "tokijh"])
        subscription.dispose()
    }

    @Test func lateSubscriberGetsTheLastPulsedValueAgain() {
        let reactor = AlertReactor()
        reactor.action.onNext(.alert("first"))
        var late: [String?] = []
        let subscription = reactor.pulse(\.$alertMessage).subscribe(onNext: { late.append($0) })
        #expect(late == ["first"])
        subscription.dispose()
    }
}
