/// Asks the user to choose, as RxTodo's alert service does ("All changes will be lost" —
/// Leave or Stay): a front end supplies the real one (a prompt, a dialog), tests a fake.
///
/// ```swift
/// let alert = Alert(
///     title: "Really cancel?", message: "All changes will be lost",
///     actions: [AlertAction(title: "Leave", style: .destructive), AlertAction(title: "Stay", style: .cancel)])
/// provider.alertService.show(alert)   // emits the chosen action, then completes
/// ```
public protocol AlertServiceType: AnyObject {
    /// Shows `alert`; emits the action the user chose, then completes. Fails with
    /// ``TodoError/confirmationUnavailable(_:)`` when the user cannot be asked.
    func show(_ alert: Alert) -> Observable<AlertAction>
}

/// A question for the user, with the answers to choose from.
public struct Alert: Sendable, Hashable {
    /// The question.
    public var title: String
    /// Details, such as the consequence of an answer.
    public var message: String?
    /// The answers, in the order shown.
    public var actions: [AlertAction]

    /// Creates an alert.
    public init(title: String, message: String? = nil, actions: [AlertAction]) {
        self.title = title
        self.message = message
        self.actions = actions
    }
}

/// One answer to an ``Alert``.
public struct AlertAction: Sendable, Hashable {
    /// How an answer is presented.
    public enum Style: Sendable, Hashable {
        /// An ordinary answer.
        case `default`
        /// The answer that changes nothing (chosen when the user backs out).
        case cancel
        /// The answer that loses or deletes something.
        case destructive
    }

    /// What the answer says.
    public var title: String
    /// How it is presented.
    public var style: Style

    /// Creates an answer.
    public init(title: String, style: Style = .default) {
        self.title = title
        self.style = style
    }
}

/// An alert service that cannot ask anyone: every alert fails with
/// ``TodoError/confirmationUnavailable(_:)``. The default until a front end supplies its own.
public final class UnavailableAlertService: AlertServiceType, @unchecked Sendable {
    // @unchecked Sendable: immutable
    private let message: String

    /// Creates the service; `message` says what to do instead of answering.
    public init(message: String = "this needs a confirmation, and there is no one to ask") {
        self.message = message
    }

    /// Fails at once: nobody can be asked.
    public func show(_ alert: Alert) -> Observable<AlertAction> {
        .error(TodoError.confirmationUnavailable(message))
    }
}
