/// A subject that replays its buffered elements (and terminal event) to each new observer,
/// then broadcasts every later event.
///
/// ```swift
/// let subject = ReplaySubject<Int>.create(bufferSize: 2)
/// subject.onNext(1); subject.onNext(2); subject.onNext(3)
/// subject.subscribe(onNext: { print($0) })  // prints 2, 3
/// ```
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable,
    @unchecked Sendable
{
    // @unchecked Sendable: guarded by core.lock
    private let core = SubjectCore<Element>(warnsOnReentrantSend: true)
    /// The subject as an observer is the subject itself.
    public typealias Observer = ReplaySubject<Element>

    private let buffer: ElementRing<Element>  // guarded by core.lock
    private let bufferSize: Int?  // nil: unbounded
    @exclusivity(unchecked) private var stoppedEvent: Event<Element>?
    @exclusivity(unchecked) private var isStopped = false  // stoppedEvent != nil, without touching a generic type
    @exclusivity(unchecked) private var disposed = false

    private init(bufferSize: Int?) {
        self.bufferSize = bufferSize
        // A ring exactly as large as a small limit replaces its oldest element in place.
        buffer = ElementRing(capacity: bufferSize.map { Swift.max(1, Swift.min($0, 16)) } ?? 4)
    }

    /// Creates a subject that replays at most `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: Swift.max(bufferSize, 0))
    }

    /// Creates a subject that replays every element it ever received.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(bufferSize: nil)
    }

    /// Creates a subject that replays every element it ever received.
    @available(*, deprecated, renamed: "createUnbounded()")
    public static func createUnbound() -> ReplaySubject<Element> {
        createUnbounded()
    }

    /// Whether any observer is subscribed.
    public var hasObservers: Bool {
        core.hasObservers
    }

    /// Whether the subject has been disposed.
    public var isDisposed: Bool {
        core.lock.performLocked { disposed }
    }

    /// Buffers and broadcasts `element`; ignored after a terminal event or disposal.
    public func onNext(_ element: Element) {
        core.lock.lock()
        if disposed || isStopped {
            core.lock.unlock()
            return
        }
        buffer.append(element, keepingLast: bufferSize)
        core.emitNextAndUnlock(element)
    }

    /// Buffers and broadcasts `event`; ignored after a terminal event or disposal.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNext(element)
            return
        }
        core.lock.lock()
        if disposed || isStopped {
            core.lock.unlock()
            return
        }
        let targets = core.observers.items
        stoppedEvent = event
        isStopped = true
        core.observers.removeAll()
        core.emitAndUnlock(.broadcast(targets, event))
    }

    /// Subscribes `observer`: it receives the buffered elements and terminal event, then
    /// every later event.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        core.lock.lock()
        if disposed {
            core.lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        var replay = buffer.elements.map { Event<Element>.next($0) }
        if let stoppedEvent {
            core.lock.unlock()
            replay.append(stoppedEvent)
            for event in replay { observer.on(event) }
            return Disposables.create()
        }
        let entry = core.insertLocked(observer)
        if replay.isEmpty {
            core.lock.unlock()
        } else {
            core.emitAndUnlock(.replay(entry, replay))
        }
        return entry
    }

    /// Returns the subject itself.
    public func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// Removes all observers and clears the buffer; later subscribers receive `RxError.disposed`.
    public func dispose() {
        core.lock.performLocked {
            disposed = true
            core.observers.removeAll()
            buffer.removeAll()
            stoppedEvent = nil
        }
    }
}
