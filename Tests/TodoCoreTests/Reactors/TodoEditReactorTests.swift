import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The edit reactor against a fake service: the form's fields, validation as state, submit in
/// both modes, and cancel with its confirmation.
@Suite struct TodoEditReactorTests {
    let provider: TodoServiceProvider
    let service: FakeTodoService
    let alerts: FakeAlertService

    init() {
        let fakes = FakeTodoServiceProvider()
        (provider, service, alerts) = (fakes, fakes.fakeTodoService, fakes.fakeAlertService)
    }

    @Test func aNewTodoIsSubmittedAsADraftThenTheFormIsDismissed() {
        let store = ReactorTestStore(TodoEditReactor(provider: provider, mode: .new))
        #expect(!store.state.canSubmit)
        store.send(.setTitle("Buy milk")) { $0.fields.title = "Buy milk" }
        store.send(.setNote("2 litres")) { $0.fields.note = "2 litres" }
        store.send(.setPriority(.high)) { $0.fields.priority = .high }
        store.send(.setDueText("tomorrow")) { $0.fields.due = .tomorrow }
        store.send(.addTag("#shop")) { $0.fields.tags = ["shop"] }
        store.send(.setRecurrenceText("weekly")) { $0.fields.recurrence = .weekly }
        #expect(store.state.canSubmit)
        #expect(store.state.shouldConfirmCancel)
        let saved = Todo.fixture(1, "Buy milk")
        service.createSpy.returns(saved)
        store.send(.submit) {
            $0.isDismissed = true
            $0.savedTodo = saved
        }
        #expect(
            service.createSpy.calls == [
                TodoDraft(
                    title: "Buy milk", note: "2 litres", priority: .high, due: .tomorrow, tags: ["shop"],
                    recurrence: .weekly)
            ])
        store.finish()
    }

    @Test func whatCannotBeReadIsAValidationErrorNotAnAction() {
        let store = ReactorTestStore(TodoEditReactor(provider: provider, mode: .new))
        store.send(.setTitle("x")) { $0.fields.title = "x" }
        store.send(.setDueText("2030-02-30")) {
            $0.validationErrors[.due] = TodoError.invalidDate("2030-02-30", reason: .noSuchDay).description
        }
        #expect(!store.state.canSubmit)
        store.send(.submit)
        store.send(.setDueText("")) { $0.validationErrors = [:] }
        store.send(.setRecurrenceText("fortnightly")) {
            $0.validationErrors[.recurrence] = TodoError.invalidRecurrence("fortnightly").description
        }
        store.send(.setRecurrenceText("none")) { $0.validationErrors = [:] }
        store.send(.addTag("two words")) { $0.validationErrors[.tags] = TodoError.invalidTag("two words").description }
        store.send(.setTitle("   ")) {
            $0.fields.title = "   "
            $0.validationErrors[.title] = TodoError.blankTitle.description
        }
        store.send(.submit)
        #expect(service.createSpy.calls.isEmpty)
        store.finish()
    }

    @Test func editingSendsOnlyWhatChanged() {
        let original = Todo.fixture(5, "Buy milk", priority: .low, due: "2030-01-10", tags: ["shop", "home"])
        let store = ReactorTestStore(TodoEditReactor(provider: provider, mode: .edit(original)))
        #expect(store.state.canSubmit)
        #expect(!store.state.shouldConfirmCancel)
        store.send(.setTitle("Buy oat milk")) { $0.fields.title = "Buy oat milk" }
        store.send(.removeTag("HOME")) { $0.fields.tags = ["shop"] }
        store.send(.addTag("urgent")) { $0.fields.tags = ["shop", "urgent"] }
        store.send(.setDue(nil)) { $0.fields.due = nil }
        var saved = original
        saved.title = "Buy oat milk"
        service.updateSpy.returns(saved)
        store.send(.submit) {
            $0.isDismissed = true
            $0.savedTodo = saved
        }
        let call = service.updateSpy.calls.first
        #expect(call?.id == 5)
        #expect(
            call?.patch
                == TodoPatch(title: "Buy oat milk", due: .clear, addTags: ["urgent"], removeTags: ["home"]))
        store.finish()
    }

    @Test func submittingAnUnchangedEditSavesNothing() {
        let original = Todo.fixture(5, "Buy milk")
        let store = ReactorTestStore(TodoEditReactor(provider: provider, mode: .edit(original)))
        store.send(.submit) {
            $0.isDismissed = true
            $0.savedTodo = original
        }
        #expect(service.updateSpy.calls.isEmpty)
        store.finish()
    }

    @Test func aFailedSaveKeepsTheFormOpenWithTheError() {
        let store = ReactorTestStore(TodoEditReactor(provider: provider, mode: .new))
        store.send(.setTitle("x")) { $0.fields.title = "x" }
        let locked = TodoError.storeLocked(file: "/t/todos.json", seconds: 10)
        service.createSpy.fails(with: locked)
        store.send(.submit) { $0.error = locked }
        #expect(store.state.canSubmit, "the user can try again")
        store.finish()
    }

    @Test func cancellingAnUntouchedFormDoesNotAsk() {
        let store = ReactorTestStore(TodoEditReactor(provider: provider, mode: .new))
        store.send(.cancel) { $0.isDismissed = true }
        #expect(alerts.showSpy.calls.isEmpty)
        store.finish()
    }

    @Test func cancellingChangesAsksLeaveOrStay() {
        let store = ReactorTestStore(TodoEditReactor(provider: provider, mode: .new))
        store.send(.setTitle("x")) { $0.fields.title = "x" }
        alerts.showSpy.returnsOnce(AlertAction(title: "Stay", style: .cancel))
        store.send(.cancel)
        alerts.showSpy.returnsOnce(AlertAction(title: "Leave", style: .destructive))
        store.send(.cancel) { $0.isDismissed = true }
        #expect(
            alerts.showSpy.calls.first
                == Alert(
                    title: "Really cancel?", message: "All changes will be lost",
                    actions: [
                        AlertAction(title: "Leave", style: .destructive), AlertAction(title: "Stay", style: .cancel),
                    ]))
        #expect(alerts.showSpy.callCount == 2)
        store.finish()
    }

    @Test func thePatchKeepsTagsOthersAddedMeanwhile() {
        let original = TodoEditFields(title: "a", tags: ["x"])
        var edited = original
        edited.tags = ["x", "y"]
        #expect(edited.patch(from: original) == TodoPatch(addTags: ["y"]))
        edited.note = "   "
        #expect(edited.patch(from: original) == TodoPatch(addTags: ["y"]), "a blank note is no note")
    }
}
