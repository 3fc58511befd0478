/// A subject that broadcasts each event to the observers subscribed at that moment.
///
/// After a terminal event, new observers receive only that terminal event. After
/// ``dispose()``, new observers receive `RxError.disposed`.
///
/// ```swift
/// let subject = PublishSubject<Int>()
/// subject.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
/// subject.onNext(1)  // prints 1
/// ```
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable
{
    // @unchecked Sendable: guarded by core.lock
    private let core: SubjectCore<Element>
    /// The subject as an observer is the subject itself.
    public typealias Observer = PublishSubject<Element>

    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
    @exclusivity(unchecked) private var isStopped = false  // stoppedEvent != nil, without touching a generic type
    @exclusivity(unchecked) private var disposed = false

    /// Creates a subject with no observers.
    public override init() {
        core = SubjectCore(warnsOnReentrantSend: true)
    }

    /// Creates a subject that delivers an event sent from inside one of its observers only
    /// after the current event has reached every observer (for message buses).
    package init(queuingReentrantEvents: Bool) {
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

    /// Broadcasts `element` to the current observers; ignored after a terminal event or disposal.
    public func onNext(_ element: Element) {
        core.lock.lock()
        if disposed || isStopped {
            core.lock.unlock()
            return
        }
        core.emitNextAndUnlock(element)
    }

    /// Broadcasts `event` to the current observers; ignored after a terminal event or disposal.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNext(element)
            return
        }
        core.lock.lock()
        if disposed || stoppedEvent != nil {
            core.lock.unlock()
            return
        }
        let targets = core.observers.items
        if event.isStopEvent {
            stoppedEvent = event
            isStopped = true
            core.observers.removeAll()
        }
        core.emitAndUnlock(.broadcast(targets, event))
    }

    /// Subscribes `observer` to future events.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.lock.lock()
        if let stoppedEvent {
            core.lock.unlock()
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        if disposed {
            core.lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        let entry = core.insertLocked(observer)
        core.lock.unlock()
        return entry
    }

    /// Returns the subject itself.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Removes all observers; later subscribers receive `RxError.disposed`.
    public func dispose() {
        core.lock.performLocked {
            disposed = true
            core.observers.removeAll()
            stoppedEvent = nil
        }
    }
}
