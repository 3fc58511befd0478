/// The form that creates or edits a todo (RxTodo's task edit screen, extended to every field).
///
/// Values typed as text (a due date, a recurrence) are parsed here; what cannot be read
/// becomes a validation error in the state, never a thrown error. `submit` creates the todo
/// or sends only the fields that changed, then dismisses; `cancel` asks the alert service
/// ("All changes will be lost": Leave or Stay) when something was changed.
///
/// ```swift
/// let edit = TodoEditReactor(provider: provider, mode: .new)
/// edit.send(.setTitle("Buy milk"))
/// edit.send(.setDueText("tomorrow"))
/// edit.currentState.canSubmit   // true
/// edit.send(.submit)
/// edit.currentState.savedTodo   // the created todo; isDismissed is true
/// ```
public final class TodoEditReactor: Reactor {
    /// Creating a todo, or editing one.
    public enum Mode: Sendable, Equatable {
        /// Creating a todo.
        case new
        /// Editing this todo.
        case edit(Todo)
    }

    /// A field that can hold a validation error.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        /// The title.
        case title
        /// The due date.
        case due
        /// The tags.
        case tags
        /// The recurrence.
        case recurrence
    }

    /// What the form's user does.
    public enum Action: Sendable, Equatable {
        /// Sets the title.
        case setTitle(String)
        /// Sets the note; `nil` removes it.
        case setNote(String?)
        /// Sets the priority.
        case setPriority(Priority)
        /// Sets the due date; `nil` removes it.
        case setDue(DateInput?)
        /// A due date as typed; blank removes it.
        case setDueText(String)
        /// Replaces the tags.
        case setTags(Set<String>)
        /// Adds a tag.
        case addTag(String)
        /// Removes a tag.
        case removeTag(String)
        /// Sets the recurrence; `nil` removes it.
        case setRecurrence(Recurrence?)
        /// A recurrence as typed (`weekly`, `3d`); blank or `none` removes it.
        case setRecurrenceText(String)
        /// Save, then dismiss.
        case submit
        /// Dismiss without saving (asking first when something changed).
        case cancel
    }

    /// A change to the state.
    public enum Mutation: Sendable, Equatable {
        /// Replaces the form's fields.
        case setFields(TodoEditFields)
        /// Sets or clears the validation error of a field.
        case setValidationError(Field, String?)
        /// Starts or ends saving.
        case setSubmitting(Bool)
        /// Closes the form, with the todo saved (`nil` when cancelled).
        case dismiss(saved: Todo?)
        /// Shows an error the service reported.
        case setError(TodoError)
    }

    /// The form.
    public struct State: Sendable, Equatable {
        /// New or edit.
        public let mode: Mode
        /// The values as the user left them.
        public var fields: TodoEditFields
        /// The values the form started with.
        public let original: TodoEditFields
        /// Problems with what was typed, by field.
        public var validationErrors: [Field: String] = [:]
        /// Whether a save is running.
        public var isSubmitting = false
        /// Whether the form is done (saved or cancelled).
        public var isDismissed = false
        /// The todo as saved, once submitted.
        public var savedTodo: Todo?
        /// The latest service error.
        @Pulse public var error: TodoError?

        /// Whether ``Action/submit`` would save: a title that is not blank, no validation
        /// error, and nothing running.
        public var canSubmit: Bool {
            !fields.title.trimmingSpaces().isEmpty && validationErrors.isEmpty && !isSubmitting && !isDismissed
        }

        /// Whether cancelling loses changes (and so asks first).
        public var shouldConfirmCancel: Bool {
            fields != original
        }
    }

    /// The state before any action.
    public let initialState: State
    /// The services.
    public let provider: TodoServiceProviderType

    /// The context a new todo is added in (its tags and project, as `todo add` adds them), if any.
    public let context: TodoConfig.Context?

    /// Creates the form; for `.edit`, filled with the todo's values.
    ///
    /// - Parameters:
    ///   - provider: The services.
    ///   - mode: New or edit.
    ///   - context: The active context: a new todo gets its tags and project
    ///     (``TodoConfig/Context/applied(to:)``); none by default.
    public init(provider: TodoServiceProviderType, mode: Mode, context: TodoConfig.Context? = nil) {
        self.provider = provider
        self.context = context
        let fields: TodoEditFields
        switch mode {
        case .new: fields = TodoEditFields()
        case .edit(let todo): fields = TodoEditFields(todo)
        }
        initialState = State(mode: mode, fields: fields, original: fields)
    }

    /// Turns an action into mutations, calling the services.
    public func mutate(action: Action) -> Observable<Mutation> {
        var fields = currentState.fields
        switch action {
        case .setTitle(let title):
            fields.title = title
            let problem = title.trimmingSpaces().isEmpty ? TodoError.blankTitle.description : nil
            return .of(.setFields(fields), .setValidationError(.title, problem))
        case .setNote(let note):
            fields.note = note
        case .setPriority(let priority):
            fields.priority = priority
        case .setDue(let due):
            fields.due = due
            return .of(.setFields(fields), .setValidationError(.due, nil))
        case .setDueText(let text):
            guard !text.trimmingSpaces().isEmpty else {
                fields.due = nil
                return .of(.setFields(fields), .setValidationError(.due, nil))
            }
            do {
                fields.due = try DateInput(parsing: text)
                return .of(.setFields(fields), .setValidationError(.due, nil))
            } catch {
                return .just(.setValidationError(.due, error.description))
            }
        case .setTags(let tags):
            return setTags(tags, in: fields)
        case .addTag(let tag):
            return setTags(fields.tags.union([tag]), in: fields)
        case .removeTag(let tag):
            return setTags(fields.tags.filter { $0.lowercased() != tag.lowercased() }, in: fields)
        case .setRecurrence(let recurrence):
            fields.recurrence = recurrence
            return .of(.setFields(fields), .setValidationError(.recurrence, nil))
        case .setRecurrenceText(let text):
            let trimmed = text.trimmingSpaces()
            guard !trimmed.isEmpty, trimmed.lowercased() != "none" else {
                fields.recurrence = nil
                return .of(.setFields(fields), .setValidationError(.recurrence, nil))
            }
            do {
                fields.recurrence = try Recurrence(parsing: trimmed)
                return .of(.setFields(fields), .setValidationError(.recurrence, nil))
            } catch {
                return .just(.setValidationError(.recurrence, error.description))
            }
        case .submit:
            return submit()
        case .cancel:
            return cancel()
        }
        return .just(.setFields(fields))
    }

    /// Applies a mutation to the state.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setFields(let fields):
            state.fields = fields
        case .setValidationError(let field, let problem):
            state.validationErrors[field] = problem
        case .setSubmitting(let submitting):
            state.isSubmitting = submitting
        case .dismiss(let saved):
            state.isSubmitting = false
            state.isDismissed = true
            state.savedTodo = saved
        case .setError(let error):
            state.isSubmitting = false
            state.error = error
        }
        return state
    }

    private func setTags(_ tags: Set<String>, in fields: TodoEditFields) -> Observable<Mutation> {
        var fields = fields
        var valid = Set<String>()
        for tag in tags {
            do {
                let tag = try Todo.validTag(tag)
                if !valid.contains(where: { $0.lowercased() == tag.lowercased() }) { valid.insert(tag) }
            } catch {
                return .just(.setValidationError(.tags, error.description))
            }
        }
        fields.tags = valid
        return .of(.setFields(fields), .setValidationError(.tags, nil))
    }

    private func submit() -> Observable<Mutation> {
        let state = currentState
        guard state.canSubmit else {
            if state.fields.title.trimmingSpaces().isEmpty {
                return .just(.setValidationError(.title, TodoError.blankTitle.description))
            }
            return .empty()
        }
        let fields = state.fields
        let service = provider.todoService
        let save: Observable<Mutation>
        switch state.mode {
        case .new:
            let draft = context?.applied(to: fields.draft) ?? fields.draft
            save = service.create(draft).map { Mutation.dismiss(saved: $0) }
        case .edit(let todo):
            let patch = fields.patch(from: state.original)
            guard !patch.isEmpty else { return .just(.dismiss(saved: todo)) }
            save = service.update(id: todo.id, patch).map { Mutation.dismiss(saved: $0) }
        }
        return .concat(.just(.setSubmitting(true)), save.catchAsError())
    }

    private func cancel() -> Observable<Mutation> {
        guard currentState.shouldConfirmCancel else { return .just(.dismiss(saved: nil)) }
        let leave = AlertAction(title: "Leave", style: .destructive)
        let alert = Alert(
            title: "Really cancel?", message: "All changes will be lost",
            actions: [leave, AlertAction(title: "Stay", style: .cancel)])
        return provider.alertService.show(alert)
            .flatMap { chosen -> Observable<Mutation> in chosen == leave ? .just(.dismiss(saved: nil)) : .empty() }
            .catchAsError()
    }
}

/// The values of the edit form.
public struct TodoEditFields: Sendable, Hashable {
    /// The title as typed.
    public var title: String
    /// The note.
    public var note: String?
    /// The priority.
    public var priority: Priority
    /// The due date, as chosen.
    public var due: DateInput?
    /// The tags.
    public var tags: Set<String>
    /// The recurrence.
    public var recurrence: Recurrence?

    /// Empty fields, for a new todo.
    public init(
        title: String = "", note: String? = nil, priority: Priority = .none, due: DateInput? = nil,
        tags: Set<String> = [],
        recurrence: Recurrence? = nil
    ) {
        self.title = title
        self.note = note
        self.priority = priority
        self.due = due
        self.tags = tags
        self.recurrence = recurrence
    }

    /// The fields of `todo`.
    public init(_ todo: Todo) {
        self.init(
            title: todo.title, note: todo.note, priority: todo.priority, due: todo.due.map(DateInput.day),
            tags: todo.tags,
            recurrence: todo.recurrence)
    }

    /// The draft that creates a todo with these values.
    public var draft: TodoDraft {
        TodoDraft(title: title, note: note, priority: priority, due: due, tags: tags, recurrence: recurrence)
    }

    /// The patch that changes a todo from `original` to these values: only the fields that
    /// differ, and tags as additions and removals (so that tags others add meanwhile stay).
    public func patch(from original: TodoEditFields) -> TodoPatch {
        var patch = TodoPatch()
        if title != original.title { patch.title = title }
        if Todo.normalizedNote(note) != Todo.normalizedNote(original.note) {
            patch.note = Todo.normalizedNote(note).map(FieldChange.set) ?? .clear
        }
        if priority != original.priority { patch.priority = priority }
        if due != original.due { patch.due = due.map(FieldChange.set) ?? .clear }
        let lowered = Set(tags.map { $0.lowercased() })
        let originalLowered = Set(original.tags.map { $0.lowercased() })
        patch.addTags = tags.filter { !originalLowered.contains($0.lowercased()) }
        patch.removeTags = original.tags.filter { !lowered.contains($0.lowercased()) }
        if recurrence != original.recurrence { patch.recurrence = recurrence.map(FieldChange.set) ?? .clear }
        return patch
    }
}

extension TodoEditReactor.Mutation: TodoErrorMutation {
    static func error(_ error: TodoError) -> Self { .setError(error) }
}
