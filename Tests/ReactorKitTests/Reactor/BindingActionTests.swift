import Foundation
import Observation
import ReactorKit
import TestSupport
import Testing

/// ReactorKit main's `BindableAction` and `BindingAction` (ReactorKitObservation), and the
/// `ObservedReactor` helpers that send a binding for a key path.
@Suite struct BindingActionTests {
    struct Label: Sendable {
        var name: String
    }

    /// An edit form: two-way bound fields, and a save action.
    final class EditReactor: Reactor {
        enum Action: BindableAction, Equatable {
            case binding(BindingAction<State>)
            case save
        }

        struct State {
            var title = ""
            var isDone = false
            var label = Label(name: "none")
            var saves = 0
        }

        let initialState = State()

        func reduce(state: State, mutation: Action) -> State {
            var state = state
            switch mutation {
            case .binding(let binding):
                binding.apply(to: &state)
                if case .binding(\.title) = mutation {
                    state.title = state.title.trimmingCharacters(in: .whitespaces)
                }
            case .save:
                state.saves += 1
            }
            return state
        }
    }

    typealias State = EditReactor.State

    @Test func setBuildsAnAssignmentThatApplyPerforms() {
        var state = State()
        BindingAction<State>.set(\.title, "milk").apply(to: &state)
        BindingAction<State>.set(\.isDone, true).apply(to: &state)
        BindingAction<State>.set(\.label, Label(name: "home")).apply(to: &state)
        #expect(state.title == "milk")
        #expect(state.isDone)
        #expect(state.label.name == "home")
        #expect(BindingAction<State>.set(\.title, "milk").keyPath == \State.title)
    }

    @Test func equalWhenTheSameKeyPathGetsAnEqualValue() {
        #expect(BindingAction<State>.set(\.title, "milk") == .set(\.title, "milk"))
        #expect(BindingAction<State>.set(\.title, "milk") != .set(\.title, "eggs"))
        #expect(BindingAction<State>.set(\.isDone, true) != .set(\.isDone, false))
        #expect(BindingAction<State>.set(\.saves, 1) != .set(\.saves, 2))
        // A value that is not Equatable makes an action equal to no other, itself included.
        let labelled = BindingAction<State>.set(\.label, Label(name: "home"))
        #expect(labelled != labelled)
    }

    @Test func matchesItsKeyPath() {
        let action = BindingAction<State>.set(\.title, "milk")
        #expect(\State.title ~= action)
        #expect(!(\State.isDone ~= action))
        switch EditReactor.Action.binding(action) {
        case .binding(\.isDone): Issue.record("matched the wrong key path")
        case .binding(\.title): break
        default: Issue.record("did not match its key path")
        }
    }

    @Test func aReactorAppliesBindingsInReduce() {
        expectNoLeaks {
            let reactor = EditReactor()
            reactor.action.onNext(.binding(.set(\.title, "  milk ")))
            reactor.action.onNext(.binding(.set(\.isDone, true)))
            reactor.action.onNext(.save)
            #expect(reactor.currentState.title == "milk")
            #expect(reactor.currentState.isDone)
            #expect(reactor.currentState.saves == 1)
        }
    }

    @Test func observedReactorSendsABindingForAKeyPath() {
        let reactor = EditReactor()
        let form = ObservedReactor(reactor)
        form.title = " milk "
        #expect(form.title == "milk")  // what reduce made of it
        form.set(\.isDone, to: true)
        #expect(form.isDone)
        form.label = Label(name: "work")  // a value that is not Equatable
        #expect(form.label.name == "work")
        #expect(reactor.currentState.title == "milk")
    }

    @Test func observedReactorSendsEquatableBindings() {
        let reactor = EditReactor()
        reactor.isStubEnabled = true
        let form = ObservedReactor(reactor)
        form.title = "milk"
        form.set(\.isDone, to: true)
        form.send(.save)
        #expect(reactor.stub.actions == [.binding(.set(\.title, "milk")), .binding(.set(\.isDone, true)), .save])
    }

    @Test func assigningThroughTheObservedReactorIsSeenByObservation() {
        let form = ObservedReactor(EditReactor())
        let changes = Locked(0)
        withObservationTracking {
            _ = form.title
        } onChange: {
            changes.withLock { $0 += 1 }
        }
        form.title = "milk"
        #expect(changes.withLock { $0 } == 1)
    }
}
