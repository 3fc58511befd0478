/// A subject that holds a current value: each new observer receives it first, then every
/// later event.
///
/// ```swift
/// let subject = BehaviorSubject(value: 0)
/// subject.onNext(1)
/// subject.subscribe(onNext: { print($0) })  // prints 1
/// try subject.value()                        // 1
/// ```
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable
{
    // @unchecked Sendable: guarded by core.lock
    private let core: SubjectCore<Element>
    /// The subject as an observer is the subject itself.
    public typealias Observer = BehaviorSubject<Element>

    @exclusivity(unchecked) private var element: Element
    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
    @exclusivity(unchecked) private var isStopped = false  // stoppedEvent != nil, without touching a generic type
    @exclusivity(unchecked) private var disposed = false

    /// Creates a subject whose current value is `value`.
    public init(value: Element) {
        element = value
        core = SubjectCore(warnsOnReentrantSend: true)
    }

    /// Creates a subject that delivers an event sent from inside one of its observers only
    /// after the current event has reached every observer (for message buses).
    package init(value: Element, queuingReentrantEvents: Bool) {
        element = value
        core = SubjectCore(reentrancy: queuingReentrantEvents ? .queued : .nested, warnsOnReentrantSend: true)
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Whether the subject has been disposed.
    public var isDisposed: Bool {
        core.lock.performLocked { disposed }
    }

    /// Returns the current value.
    ///
    /// - Throws: `RxError.disposed` once disposed, or the error the subject failed with.
    public func value() throws -> Element {
        core.lock.lock()
        defer { core.lock.unlock() }
        if disposed {
            throw RxError.disposed(object: self)
        }
        if let error = stoppedEvent?.error {
            throw error
        }
        return element
    }

    /// Sets the current value and broadcasts it; ignored after a terminal event or disposal.
    public func onNext(_ value: Element) {
        core.lock.lock()
        if disposed || isStopped {
            core.lock.unlock()
            return
        }
        element = value
        core.emitNextAndUnlock(value)
    }

    /// Updates the current value and broadcasts `event`; ignored after a terminal event or disposal.
    ///
    /// After a terminal event the observers are released: they receive nothing more.
    public func on(_ event: Event<Element>) {
        if case .next(let value) = event {
            onNext(value)
            return
        }
        core.lock.lock()
        if disposed || isStopped {
            core.lock.unlock()
            return
        }
        stoppedEvent = event
        isStopped = true
        // The observers receive nothing after this event: release them with it, as the other
        // subjects do (RxSwift's BehaviorSubject keeps them until it is released).
        let targets = core.observers.items
        core.observers.removeAll()
        core.emitAndUnlock(.broadcast(targets, event))
    }

    /// Subscribes `observer`: it receives the current value, then every later event.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.lock.lock()
        if disposed {
            core.lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        if let stoppedEvent {
            core.lock.unlock()
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        let entry = core.insertLocked(observer)
        core.emitAndUnlock(.replay(entry, [.next(element)]))
        return entry
    }

    /// Returns the subject itself.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Removes all observers; ``value()`` and later subscribers then fail with `RxError.disposed`.
    public func dispose() {
        core.lock.performLocked {
            disposed = true
            core.observers.removeAll()
            stoppedEvent = nil
        }
    }
}
