import Dispatch

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
///   delivers them, in order, before its own `on` call returns; when every sender has
///   returned, every event has been delivered;
/// - an emitter kept busy by other threads (after a batch of their events) asks for a
///   successor: the next thread that sends takes over the emitter role once the current
///   delivery ends, and the former emitter returns — so no caller is held hostage by another
///   thread's endless stream, and nothing queued is ever left behind;
/// - an event sent from inside an observer on the emitting thread is delivered at once
///   (nested), as RxSwift does, unless events from other threads are already queued: then it
///   is queued after them, so observers always see events in the order they were sent;
/// - a disposed subscription receives nothing more, even from an event already in flight;
/// - in debug builds, a subject made with `warnsOnReentrantSend` reports RxSwift's "Reentrancy
///   anomaly" when an event is sent from inside an observer on the delivering thread (the
///   event is still delivered).
///
/// A subject owns one core; it takes `lock`, updates its own state (guarded by the same
/// lock), then hands the delivery to ``emitAndUnlock(_:)``, which releases the lock.
final class SubjectCore<Element>: @unchecked Sendable {
    /// How an event sent from inside an observer, on the delivering thread, is delivered.
    enum Reentrancy {
        /// At once, nested inside the current delivery (RxSwift's subjects).
        case nested
        /// After the current delivery has reached every observer (message buses).
        case queued
    }

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
    /// Whether a delivery is in progress (on `emitter`, or on a worker between batches).
    @exclusivity(unchecked) private var isEmitting = false
    /// The thread delivering now.
    @exclusivity(unchecked) private var emitter: pthread_t?
    /// The emitter has delivered a batch of other threads' events and wants a successor.
    @exclusivity(unchecked) private var handoffRequested = false
    /// A successor has claimed the emitter role and waits for the current delivery to end.
    @exclusivity(unchecked) private var handoffClaimed = false
    /// Wakes a successor once the former emitter has finished its delivery; made on first use.
    @exclusivity(unchecked) private var handoffSignal: DispatchSemaphore?
    @exclusivity(unchecked) private var pending = Queue<Delivery>()
    // `pending.count`, kept as a plain integer so that the fast path touches no generic type
    // (in unspecialized code every generic type costs a runtime metadata lookup).
    @exclusivity(unchecked) private var pendingCount = 0

    private let reentrancy: Reentrancy
    /// Whether a send from inside an observer on the delivering thread is reported (debug builds).
    private let warnsOnReentrantSend: Bool

    init(reentrancy: Reentrancy = .nested, warnsOnReentrantSend: Bool = false) {
        self.reentrancy = reentrancy
        self.warnsOnReentrantSend = warnsOnReentrantSend && reentrancy == .nested
    }

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

    /// Delivers one element to the current observers serially and releases `lock`, which the
    /// caller holds.
    ///
    /// The common case (no other thread emitting) builds no `Event` and no ``Delivery``.
    func emitNextAndUnlock(_ element: Element) {
        // No observer and nothing queued: nothing to deliver or to order. (The bag's stored
        // count: asking the array would look up type metadata; and no snapshot is taken.)
        if observers.count == 0 && !isEmitting {
            lock.unlock()
            return
        }
        let targets = observers.items
        let current = pthread_self()
        if isEmitting {
            let isReentrant = isEmitter(current)
            if isReentrant && pendingCount == 0 && reentrancy == .nested {
                lock.unlock()
                reportIfWarning(isReentrant)
                deliverNext(targets, element)  // re-entrant send from an observer: deliver now, nested
            } else if handoffRequested && !isReentrant {
                takeOverNextAndUnlock(targets, element, current: current)
            } else {
                enqueueNextAndUnlock(targets, element)
                reportIfWarning(isReentrant)
            }
            return
        }
        isEmitting = true
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
        if isEmitting {
            let isReentrant = isEmitter(current)
            // A subscriber's replay is not a send: only broadcasts are reported.
            let isReentrantSend: Bool
            if case .broadcast = delivery {
                isReentrantSend = isReentrant
            } else {
                isReentrantSend = false
            }
            if isReentrant && pendingCount == 0 && reentrancy == .nested {
                lock.unlock()
                reportIfWarning(isReentrantSend)
                deliver(delivery)  // re-entrant send from an observer: deliver now, nested
            } else if handoffRequested && !isReentrant {
                takeOverAndUnlock(delivery, current: current)
            } else {
                enqueueAndUnlock(delivery)
                reportIfWarning(isReentrantSend)
            }
            return
        }
        isEmitting = true
        emitter = current
        lock.unlock()
        deliver(delivery)
        finishEmitting()
    }

    /// Reports a re-entrant send in debug builds, if this subject warns about them.
    @inline(__always)
    private func reportIfWarning(_ isReentrantSend: Bool) {
        #if DEBUG
            if isReentrantSend && warnsOnReentrantSend {
                reportReentrancyAnomaly()
            }
        #endif
    }

    /// Whether `thread` is the one delivering now. Requires `lock`.
    @inline(__always)
    private func isEmitter(_ thread: pthread_t) -> Bool {
        guard let emitter else { return false }
        return pthread_equal(emitter, thread) != 0
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
            isEmitting = false
            emitter = nil
            lock.unlock()
            return
        }
        lock.unlock()
        drain()
    }

    /// How many queued deliveries an emitter makes before asking for a successor.
    private static var drainBatch: Int { 128 }

    @inline(never)
    private func takeOverNextAndUnlock(_ targets: ContiguousArray<Entry>, _ element: Element, current: pthread_t) {
        takeOverAndUnlock(.broadcast(targets, .next(element)), current: current)
    }

    /// Queues `delivery`, takes over the emitter role from a busy emitter that asked for a
    /// successor, waits for its current delivery to end, then delivers what is queued.
    /// Requires `lock`, which it releases.
    @inline(never)
    private func takeOverAndUnlock(_ delivery: Delivery, current: pthread_t) {
        pending.enqueue(delivery)
        pendingCount += 1
        handoffRequested = false
        handoffClaimed = true
        emitter = current
        let signal = handoffSignal ?? DispatchSemaphore(value: 0)
        handoffSignal = signal
        lock.unlock()
        signal.wait()  // until the former emitter has finished the delivery it was making
        drain()
    }

    /// Delivers queued deliveries until none is left, or until a successor takes over.
    @inline(never)
    private func drain() {
        var delivered = 0
        while true {
            lock.lock()
            if handoffClaimed {
                handoffClaimed = false
                let signal = handoffSignal
                lock.unlock()
                signal?.signal()  // the successor delivers the rest
                return
            }
            if pendingCount == 0 {
                isEmitting = false
                emitter = nil
                handoffRequested = false
                lock.unlock()
                return
            }
            if delivered >= Self.drainBatch {
                handoffRequested = true  // the next sender from another thread takes over
            }
            let next = pending.dequeue()!
            pendingCount -= 1
            lock.unlock()
            deliver(next)
            delivered += 1
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

/// What every subject subscription is, whatever its element type: a disposable whose
/// disposal only removes an observer from a subject (it runs no user code).
///
/// Non-generic, so that `subscribe(onNext:)` can recognise one with a cheap class check.
class SubjectSubscription: DisposeBase, @unchecked Sendable {
    // @unchecked Sendable: subclasses guard their own state
}

/// A subscription to a subject: the disposable that removes its observer, and the way
/// events reach that observer.
class SubjectEntry<Element>: SubjectSubscription, Disposable, @unchecked Sendable {
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
