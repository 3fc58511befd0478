/// A subject that sends only its last element, and only when it completes: every observer,
/// even one subscribing later, receives that element and completion (or just completion, or
/// the error).
///
/// ```swift
/// let subject = AsyncSubject<Int>()
/// subject.subscribe(onNext: { print($0) })
/// subject.onNext(1); subject.onNext(2)
/// subject.onCompleted()  // prints 2
/// ```
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: guarded by core.lock
    private let core = SubjectCore<Element>(warnsOnReentrantSend: true)
    /// The subject as an observer is the subject itself.
    public typealias Observer = AsyncSubject<Element>

    @exclusivity(unchecked) private var lastElement: Element?
    /// `.next(last)` when it completed after an element, otherwise its terminal event.
    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?

    /// Creates a subject with no observers.
    public override init() {}

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Keeps `event`'s element as the last one, or ends the subject: on completion the
    /// observers receive the last element (if any) and completion, on error the error.
    public func on(_ event: Event<Element>) {
        core.lock.lock()
        if stoppedEvent != nil {
            core.lock.unlock()
            return
        }
        switch event {
        case .next(let element):
            lastElement = element
            core.lock.unlock()
        case .error:
            stoppedEvent = event
            let targets = core.observers.items
            core.observers.removeAll()
            core.emitAndUnlock(.broadcast(targets, event))
        case .completed:
            let targets = core.observers.items
            core.observers.removeAll()
            if let lastElement {
                stoppedEvent = .next(lastElement)
                core.emitAndUnlock(.broadcast(targets, .next(lastElement)))
                core.lock.lock()
                core.emitAndUnlock(.broadcast(targets, .completed))
            } else {
                stoppedEvent = .completed
                core.emitAndUnlock(.broadcast(targets, .completed))
            }
        }
    }

    /// Subscribes `observer`: after the subject has ended it receives the result at once,
    /// otherwise when the subject ends.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.lock.lock()
        if let stoppedEvent {
            core.lock.unlock()
            observer.on(stoppedEvent)
            if case .next = stoppedEvent {
                observer.on(.completed)
            }
            return Disposables.create()
        }
        let entry = core.insertLocked(observer)
        core.lock.unlock()
        return entry
    }

    /// Returns the subject itself.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }
}
