#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The observer list and serialized delivery shared by every subject.
///
/// Subjects may be fed from many threads at once, yet an observer never receives two events
/// concurrently, and no lock is held while observers run:
/// - the first thread to deliver becomes the *emitter*; events sent meanwhile from other
///   threads are queued with the observer list of the moment they were sent, and the emitter
///   delivers them, in order, before its own `on` call returns;
/// - an event sent from inside an observer on the emitting thread is delivered at once
///   (nested), as RxSwift does, unless events from other threads are already queued: then it
///   is queued after them, so observers always see events in the order they were sent;
/// - a disposed subscription receives nothing more, even from an event already in flight.
///
/// A subject owns one core; it takes `lock`, updates its own state (guarded by the same
/// lock), then hands the delivery to ``emitAndUnlock(_:)``, which releases the lock.
final class SubjectCore<Element>: @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    typealias Entry = SubjectEntry<Element>

    /// One unit of delivery: events for a set of observers.
    enum Delivery {
        case broadcast(ContiguousArray<Entry>, Event<Element>)
        case replay(Entry, [Event<Element>])
    }

    // Fields guarded by `lock` skip Swift's dynamic exclusivity checks: the lock already
    // makes every access exclusive, and the checks cost more than the lock on hot paths.
    let lock = Lock()
    @exclusivity(unchecked) var observers = Bag<Entry>()
    @exclusivity(unchecked) private var emitter: pthread_t?
    @exclusivity(unchecked) private var pending = Queue<Delivery>()
    // `pending.count`, kept as a plain integer so that the fast path touches no generic type
    // (in unspecialized code every generic type costs a runtime metadata lookup).
    @exclusivity(unchecked) private var pendingCount = 0

    init() {}

    /// Whether any observer is subscribed.
    var hasObservers: Bool {
        lock.performLocked { !observers.isEmpty }
    }

    /// Adds `observer`; call with `lock` held. Returns its subscription.
    func insertLocked<Observer: ObserverType>(_ observer: Observer) -> Entry
    where Observer.Element == Element {
        let entry = SubjectObserverEntry(observer: observer, core: self)
        entry.key = observers.insert(entry)
        return entry
    }

    /// Removes a subscription's observer.
    func unsubscribe(_ entry: Entry) {
        lock.lock()
        if let key = entry.key {
            observers.removeKey(key)
        }
        lock.unlock()
    }

    /// Delivers one element to `targets` serially and releases `lock`, which the caller holds.
    ///
    /// The common case (no other thread emitting) builds no `Event` and no ``Delivery``.
    func emitNextAndUnlock(_ targets: ContiguousArray<Entry>, _ element: Element) {
        let current = pthread_self()
        if let emitter {
            if pthread_equal(emitter, current) != 0 && pendingCount == 0 {
                lock.unlock()
                deliverNext(targets, element)  // re-entrant send from an observer: deliver now, nested
            } else {
                enqueueNextAndUnlock(targets, element)
            }
            return
        }
        emitter = current
        lock.unlock()
        deliverNext(targets, element)
        finishEmitting()
    }

    /// Delivers `delivery` serially and releases `lock`, which the caller holds.
    ///
    /// A delivery from another thread while one is in progress is queued under the same lock
    /// hold that computed it, so deliveries happen in the order the subject's state changed.
    func emitAndUnlock(_ delivery: Delivery) {
        let current = pthread_self()
        if let emitter {
            if pthread_equal(emitter, current) != 0 && pendingCount == 0 {
                lock.unlock()
                deliver(delivery)  // re-entrant send from an observer: deliver now, nested
            } else {
                enqueueAndUnlock(delivery)
            }
            return
        }
        emitter = current
        lock.unlock()
        deliver(delivery)
        finishEmitting()
    }

    @inline(never)
    private func enqueueNextAndUnlock(_ targets: ContiguousArray<Entry>, _ element: Element) {
        enqueueAndUnlock(.broadcast(targets, .next(element)))
    }

    @inline(never)
    private func enqueueAndUnlock(_ delivery: Delivery) {
        pending.enqueue(delivery)
        pendingCount += 1
        lock.unlock()
    }

    /// Ends an emission: delivers what other threads queued meanwhile, then gives up the
    /// emitter role.
    private func finishEmitting() {
        lock.lock()
        if pendingCount == 0 {
            emitter = nil
            lock.unlock()
            return
        }
        lock.unlock()
        drain()
    }

    @inline(never)
    private func drain() {
        while true {
            lock.lock()
            guard pendingCount > 0, let next = pending.dequeue() else {
                emitter = nil
                lock.unlock()
                return
            }
            pendingCount -= 1
            lock.unlock()
            deliver(next)
        }
    }

    @inline(__always)
    private func deliverNext(_ targets: ContiguousArray<Entry>, _ element: Element) {
        for entry in targets {
            entry.deliverNext(element)
        }
    }

    @inline(never)
    private func deliver(_ delivery: Delivery) {
        switch delivery {
        case .broadcast(let entries, let event):
            for entry in entries {
                entry.deliver(event)
            }
        case .replay(let entry, let events):
            for event in events {
                entry.deliver(event)
            }
        }
    }
}

/// A subscription to a subject: the disposable that removes its observer, and the way
/// events reach that observer.
class SubjectEntry<Element>: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked Sendable: `key` is guarded by the subject's lock; `disposed` is atomic
    final let disposed = AtomicFlag()
    private weak var core: SubjectCore<Element>?
    final var key: BagKey?

    init(core: SubjectCore<Element>) {
        self.core = core
    }

    /// Delivers `event` unless the subscription was disposed.
    func deliver(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// Delivers `element` unless the subscription was disposed.
    func deliverNext(_ element: Element) {
        rxAbstractMethod()
    }

    final func dispose() {
        guard disposed.set() else { return }
        core?.unsubscribe(self)
    }
}

/// A subject subscription that holds its observer directly, so elements reach it through
/// `onNext` without a closure or an `Event` in between.
final class SubjectObserverEntry<Observer: ObserverType>: SubjectEntry<Observer.Element>, @unchecked Sendable {
    // @unchecked Sendable: the observer is called serially by the subject core
    private let observer: Observer

    init(observer: Observer, core: SubjectCore<Observer.Element>) {
        self.observer = observer
        super.init(core: core)
    }

    override func deliver(_ event: Event<Observer.Element>) {
        if disposed.isSet { return }
        observer.on(event)
    }

    override func deliverNext(_ element: Observer.Element) {
        if disposed.isSet { return }
        observer.onNext(element)
    }
}
