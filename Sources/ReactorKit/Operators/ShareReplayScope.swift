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
    private var observers = Bag<ShareSubscription<Element>>()
    private var element: Element?
    private var disposed = false

    init(parent: ShareWhileConnected<Element>) {
        self.parent = parent
        lock = parent.lock
    }

    var isEmptyLocked: Bool {
        observers.isEmpty
    }

    func connect() {
        upstream.setDisposable(parent.source.subscribe(self))
    }

    func on(_ event: Event<Element>) {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        let targets = observers.items
        switch event {
        case .next(let value):
            if parent.replaysLatest {
                element = value
            }
        case .error, .completed:
            disposeLocked()
        }
        lock.unlock()
        for target in targets {
            target.deliver(event)
        }
        if event.isStopEvent {
            // Unsubscribe after the terminal event, as a sink does: a subscription to a
            // subject would otherwise keep this connection alive.
            upstream.dispose()
        }
    }

    /// Replays the latest element to `observer`, then adds it; call with the lock held.
    func subscribeLocked<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let element {
            observer.on(.next(element))
        }
        let subscription = ShareSubscription(observer: observer.on, connection: self)
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
        observers.removeAll()
        element = nil
    }
}

/// An observer of a ``ShareConnection``, and the disposable that removes it.
private final class ShareSubscription<Element>: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked Sendable: `key` is guarded by the connection's lock; `disposed` is atomic
    private let observer: (Event<Element>) -> Void
    private let disposed = AtomicFlag()
    private weak var connection: ShareConnection<Element>?
    var key: BagKey?

    init(observer: @escaping (Event<Element>) -> Void, connection: ShareConnection<Element>) {
        self.observer = observer
        self.connection = connection
    }

    @inline(__always)
    func deliver(_ event: Event<Element>) {
        if disposed.isSet { return }
        observer(event)
    }

    func dispose() {
        guard disposed.set() else { return }
        connection?.unsubscribe(self)
    }
}
