import TodoCore

/// The alert service of `todo ui`: a reactor's question becomes a modal on the screen, and the
/// key the user presses answers it.
///
/// ``show(_:)`` returns at once; the reactor's confirmation waits, subscribed, until
/// ``answer(_:)`` delivers the choice (on the UI's thread, like everything in `todo ui`).
/// Questions asked while one is shown wait their turn.
///
/// ```swift
/// let alerts = UIAlertService()
/// provider.alertSlot.replace(with: alerts)
/// list.send(.delete(ids: [3], confirmed: false))   // alerts.current is the question
/// alerts.answer(alerts.current!.actions[0])        // the list reactor deletes
/// ```
final class UIAlertService: AlertServiceType, @unchecked Sendable {
    // @unchecked Sendable: used on the UI's thread only
    private struct Question {
        let id: Int
        let alert: Alert
        let observer: AnyObserver<AlertAction>
    }

    private var questions: [Question] = []
    private var nextID = 0

    /// Creates the service, with nothing to ask.
    init() {}

    /// The question shown, if any.
    var current: Alert? { questions.first?.alert }

    /// Shows `alert` (after those already waiting); emits the answer once given.
    func show(_ alert: Alert) -> Observable<AlertAction> {
        Observable.create { [weak self] observer in
            guard let self else {
                observer.onCompleted()
                return Disposables.create()
            }
            let id = self.nextID
            self.nextID += 1
            self.questions.append(Question(id: id, alert: alert, observer: observer))
            return Disposables.create { [weak self] in self?.questions.removeAll { $0.id == id } }
        }
    }

    /// Answers the question shown with `action`.
    func answer(_ action: AlertAction) {
        guard !questions.isEmpty else { return }
        let question = questions.removeFirst()
        question.observer.onNext(action)
        question.observer.onCompleted()
    }

    /// Answers every waiting question with its cancelling answer (when the UI quits).
    func cancelAll() {
        while let alert = current {
            answer(alert.actions.first { $0.style == .cancel } ?? alert.actions.last ?? AlertAction(title: "Cancel"))
        }
    }
}
