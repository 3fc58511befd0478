/// How long the subject behind ``ObservableType/share(replay:scope:)`` lives.
public enum SubjectLifetimeScope: Sendable {
    /// Each connection to the source has its own subject; connections are isolated.
    ///
    /// The same as `source.multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()`:
    /// when the last observer unsubscribes, or the source terminates, the replay buffer is
    /// dropped, and the next observer subscribes the source again. This is the default, and
    /// what `retry` and `concat` need.
    case whileConnected

    /// One subject serves every connection to the source.
    ///
    /// The same as `source.multicast(ReplaySubject.create(bufferSize: replay)).refCount()`:
    /// a later connection may replay elements of an earlier one, and after the source
    /// terminates every new observer receives the replayed elements and the terminal event,
    /// without a new subscription to the source.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all observers, and replays up to `replay`
    /// of the latest elements to each new observer.
    ///
    /// The source is subscribed when the first observer subscribes and unsubscribed when the
    /// last one unsubscribes. With the default ``SubjectLifetimeScope/whileConnected`` scope, a
    /// terminal event also ends the connection: an observer subscribing afterwards (even from
    /// inside the terminal event's handler) subscribes the source again. With `replay: 1`, a
    /// late observer receives the latest element synchronously, inside `subscribe`.
    ///
    /// ```swift
    /// let user = api.fetchUser().share(replay: 1)
    /// user.map(\.name).bind(to: nameLabel).disposed(by: disposeBag)
    /// user.map(\.avatar).bind(to: avatarView).disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameters:
    ///   - replay: The number of latest elements replayed to new observers.
    ///   - scope: How long the subject behind the sharing lives.
    /// - Returns: An observable that shares one subscription to the source.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .forever:
            switch replay {
            case 0: return multicast(PublishSubject()).refCount()
            default: return multicast(ReplaySubject.create(bufferSize: replay)).refCount()
            }
        case .whileConnected:
            switch replay {
            case 0: return ShareWhileConnected(source: asObservable(), replaysLatest: false)
            case 1: return ShareWhileConnected(source: asObservable(), replaysLatest: true)
            default: return multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()
            }
        }
    }
}

/// `share(replay: 0 or 1, scope: .whileConnected)`: RxSwift's `ShareWhileConnected` and
/// `ShareReplay1WhileConnected`, which skip the subject and the ref-counting layer.
///
/// The first observer makes a connection and subscribes it to the source; later observers
/// join it (and receive its latest element first when `replaysLatest`). The connection ends
/// when its last observer unsubscribes or the source terminates; the next observer then
/// makes a new one.
private final class ShareWhileConnected<Element>: Observable<Element>, @unchecked Sendable {
    // @unchecked Sendable: `connection` is guarded by lock
    /// Recursive, as in RxSwift: the latest element is replayed to a new observer under it,
    /// and that observer may subscribe or unsubscribe again.
    let lock = RecursiveLock()
    let source: Observable<Element>
    let replaysLatest: Bool
    var connection: ShareConnection<Element>?

    init(source: Observable<Element>, replaysLatest: Bool) {
        self.source = source
        self.replaysLatest = replaysLatest
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        lock.lock()
        let connection: ShareConnection<Element>
        if let current = self.connection {
            connection = current
        } else {
            connection = ShareConnection(parent: self)
            self.connection = connection
        }
        let isFirst = connection.isEmptyLocked
        let subscription = connection.subscribeLocked(observer)
        lock.unlock()
        if isFirst {
            connection.connect()
        }
        return subscription
    }
}

/// One connection of a ``ShareWhileConnected``: its observers and latest element.
private final class ShareConnection<Element>: DisposeBase, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: mutable state is guarded by the parent's lock
    private let parent: ShareWhileConnected<Element>
    private let lock: RecursiveLock
    private let upstream = SingleAssignmentDisposable()
    /// The latest element, when the parent replays it; guarded by the lock.
    private let element: ElementSlot<Element>?
    // Guarded by the lock; every access is a plain read or write, or a `Bag` operation that
    // calls out to nothing, and none is held across a call, so the dynamic exclusivity checks
    // (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var observers = Bag<ShareSubscription<Element>>()
    @exclusivity(unchecked) private var disposed = false

    init(parent: ShareWhileConnected<Element>) {
        self.parent = parent
        lock = parent.lock
        element = parent.replaysLatest ? ElementSlot() : nil
    }

    var isEmptyLocked: Bool {
        observers.isEmpty
    }

    func connect() {
        upstream.setDisposable(parent.source.subscribe(self))
    }

    func onNext(_ value: Element) {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        let targets = observers.items
        if let element {
            element.store(value)
        }
        lock.unlock()
        for target in targets {
            target.deliverNext(value)
        }
    }

    func on(_ event: Event<Element>) {
        if case .next(let value) = event {
            onNext(value)
            return
        }
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        let targets = observers.items
        disposeLocked()
        lock.unlock()
        for target in targets {
            target.deliver(event)
        }
        // Unsubscribe after the terminal event, as a sink does: a subscription to a subject
        // would otherwise keep this connection alive.
        upstream.dispose()
    }

    /// Replays the latest element to `observer`, then adds it; call with the lock held.
    func subscribeLocked<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let element, element.hasValue {
            observer.onNext(element.value)
        }
        let subscription = ShareObserverSubscription(observer: observer, connection: self)
        subscription.key = observers.insert(subscription)
        return subscription
    }

    func unsubscribe(_ subscription: ShareSubscription<Element>) {
        lock.lock()
        guard let key = subscription.key, observers.removeKey(key) != nil else {
            lock.unlock()
            return
        }
        let isLast = observers.isEmpty
        if isLast {
            disposeLocked()
        }
        lock.unlock()
        if isLast {
            upstream.dispose()
        }
    }

    /// Ends the connection: the parent makes a new one for its next observer.
    private func disposeLocked() {
        disposed = true
        if parent.connection === self {
            parent.connection = nil
        }
        let removed = observers.items  // released after the access to `observers` has ended
        observers.removeAll()
        element?.removeAll()
        _ = removed
    }
}

/// An observer of a ``ShareConnection``, and the disposable that removes it.
private class ShareSubscription<Element>: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked Sendable: `key` is guarded by the connection's lock; `disposed` is atomic
    final let disposed = AtomicFlag()
    private weak var connection: ShareConnection<Element>?
    final var key: BagKey?

    init(connection: ShareConnection<Element>) {
        self.connection = connection
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
        connection?.unsubscribe(self)
    }
}

/// A ``ShareSubscription`` that holds its observer directly, so elements reach it through
/// `onNext` without a closure or an `Event` in between.
private final class ShareObserverSubscription<Observer: ObserverType>: ShareSubscription<Observer.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: the observer is called serially by the connection
    private let observer: Observer

    init(observer: Observer, connection: ShareConnection<Observer.Element>) {
        self.observer = observer
        super.init(connection: connection)
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
