import ReactorKitTesting
import TodoCore

/// An alert service whose answers the test chooses; records every alert shown.
///
/// ```swift
/// let alerts = FakeAlertService()
/// alerts.showSpy.returns(AlertAction(title: "Delete", style: .destructive))
/// … the reactor asks, and gets "Delete" …
/// #expect(alerts.showSpy.calls.map(\.title) == ["Delete 2 todos?"])
/// ```
///
/// With nothing stubbed, an alert shown fails the test (a confirmation nobody expected).
/// ``answer(with:)`` picks the answer by its title among those the alert offers.
public final class FakeAlertService: AlertServiceType, @unchecked Sendable {
    // @unchecked Sendable: immutable; the spy is thread-safe

    /// ``show(_:)``'s spy: its input is the alert shown, its output the answer chosen.
    public let showSpy = Spy<Alert, AlertAction>("show")

    /// Creates a fake with nothing stubbed.
    public init() {}

    /// Answers every alert with its action titled `title` (the alert's first action when it has
    /// none so titled).
    public func answer(with title: String) {
        showSpy.answers { alert in
            alert.actions.first { $0.title == title } ?? alert.actions.first ?? AlertAction(title: title)
        }
    }

    /// Calls ``showSpy`` when subscribed, and emits its answer.
    public func show(_ alert: Alert) -> Observable<AlertAction> {
        cold { try self.showSpy(alert) }
    }
}
