/// The subject behind a reactor's `action`: it forwards only elements and never terminates.
///
/// `.error` and `.completed` sent to it are ignored, so binding a finite or failing sequence
/// to `reactor.action` never stops the reactor. It can be fed from many threads; observers
/// still receive elements one at a time.
///
/// ```swift
/// refreshButtonTaps.map { Reactor.Action.refresh }
///     .bind(to: reactor.action)
///     .disposed(by: disposeBag)
/// ```
public final class ActionSubject<Element>: Observable<Element>, ObserverType, SubjectType, @unchecked Sendable {
    // @unchecked Sendable: the observer list and delivery are guarded by core.lock
    private let core = SubjectCore<Element>()

    /// Creates an action subject with no observers.
    public override init() {}

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Broadcasts `element` to the current observers.
    public func onNext(_ element: Element) {
        core.lock.lock()
        core.emitNextAndUnlock(element)
    }

    /// Broadcasts `.next` events; ignores `.error` and `.completed`.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNext(element)
        }
    }

    /// Subscribes `observer` to later elements.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.lock.lock()
        let entry = core.insertLocked(observer)
        core.lock.unlock()
        return entry
    }

    /// Returns the subject itself.
    public func asObserver() -> ActionSubject<Element> {
        self
    }
}
