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
    typealias Entry = SubjectSubscription<Element>

    /// One unit of delivery: events for a set of observers.
    enum Delivery {
        case broadcast(ContiguousArray<Entry>, Event<Element>)
        case replay(Entry, [Event<Element>])
    }

    let lock = Lock()
    var observers = Bag<Entry>()
    private var emitter: pthread_t?
    private var pending = Queue<Delivery>()

    init() {}

    /// Whether any observer is subscribed.
    var hasObservers: Bool {
        lock.performLocked { !observers.isEmpty }
    }

    /// Adds `observer`; call with `lock` held. Returns its subscription.
    func insertLocked<Observer: ObserverType>(_ observer: Observer) -> Entry
    where Observer.Element == Element {
        let entry = Entry(observer: observer.on, core: self)
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

    /// Delivers `delivery` serially and releases `lock`, which the caller holds.
    ///
    /// A delivery from another thread while one is in progress is queued under the same lock
    /// hold that computed it, so deliveries happen in the order the subject's state changed.
    func emitAndUnlock(_ delivery: Delivery) {
        let current = pthread_self()
        if let emitter {
            if pthread_equal(emitter, current) != 0 && pending.isEmpty {
                lock.unlock()
                deliver(delivery)  // re-entrant send from an observer: deliver now, nested
            } else {
                pending.enqueue(delivery)
                lock.unlock()
            }
            return
        }
        emitter = current
        lock.unlock()
        deliver(delivery)
        drain()
    }

    private func drain() {
        while true {
            lock.lock()
            guard let next = pending.dequeue() else {
                emitter = nil
                lock.unlock()
                return
            }
            lock.unlock()
            deliver(next)
        }
    }

    @inline(__always)
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

/// A subscription to a subject: the observer, and the disposable that removes it.
final class SubjectSubscription<Element>: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked Sendable: `key` is guarded by the subject's lock
    private let observer: (Event<Element>) -> Void
    private let disposed = AtomicFlag()
    private weak var core: SubjectCore<Element>?
    var key: BagKey?

    init(observer: @escaping (Event<Element>) -> Void, core: SubjectCore<Element>) {
        self.observer = observer
        self.core = core
    }

    @inline(__always)
    func deliver(_ event: Event<Element>) {
        if disposed.isSet { return }
        observer(event)
    }

    func dispose() {
        guard disposed.set() else { return }
        core?.unsubscribe(self)
    }
}
