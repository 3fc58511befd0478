extension ConnectableObservableType {
    /// Returns an observable that connects the source when its first observer subscribes and
    /// disconnects it when the last one unsubscribes.
    ///
    /// When the source terminates, the connection is dropped at once; a later subscriber
    /// connects again.
    ///
    /// ```swift
    /// let shared = source.publish().refCount()
    /// ```
    ///
    /// - Returns: An observable that stays connected while it has observers.
    public func refCount() -> Observable<Element> {
        RefCount(source: self)
    }
}

private final class RefCount<Source: ConnectableObservableType>: Producer<Source.Element>, @unchecked Sendable {
    // @unchecked Sendable: `count`, `connectionId` and `connection` are guarded by lock
    /// Recursive, as in RxSwift: connecting may deliver events (and terminal events take it).
    let lock = RecursiveLock()
    let source: Source
    var count = 0
    /// Increases when the source terminates, so that observers of an earlier connection
    /// no longer change the count of the current one.
    var connectionId: Int64 = 0
    var connection: Disposable?

    init(source: Source) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Source.Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        return (sink, sink.run())
    }
}

private final class RefCountSink<Source: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>,
    ObserverType, @unchecked Sendable
where Source.Element == Observer.Element {
    // @unchecked Sendable: `connectionId` is guarded by the parent's lock
    private let parent: RefCount<Source>
    private var connectionId: Int64 = -1

    init(parent: RefCount<Source>, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        parent.lock.lock()
        defer { parent.lock.unlock() }
        connectionId = parent.connectionId
        if isDisposed {
            // The source terminated synchronously (a subject that already finished).
            return Disposables.create()
        }
        if parent.count == 0 {
            parent.count = 1
            parent.connection = parent.source.connect()
        } else {
            parent.count += 1
        }
        return Disposables.create { [self] in
            subscription.dispose()
            release()
        }
    }

    private func release() {
        parent.lock.lock()
        defer { parent.lock.unlock() }
        if parent.connectionId != connectionId {
            return
        }
        if parent.count == 1 {
            parent.count = 0
            let connection = parent.connection
            parent.connection = nil
            connection?.dispose()
        } else if parent.count > 1 {
            parent.count -= 1
        } else {
            fatalError("refCount: subscription count underflow")
        }
    }

    func onNext(_ element: Observer.Element) {
        forwardNext(element)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error, .completed:
            stop(event)
        }
    }

    /// Ends the connection this sink counted in, if it is still the current one, then
    /// forwards the terminal `event`.
    @inline(never)
    private func stop(_ event: Event<Observer.Element>) {
        parent.lock.lock()
        if parent.connectionId == connectionId {
            let connection = parent.connection
            parent.count = 0
            parent.connectionId &+= 1
            parent.connection = nil
            connection?.dispose()
        }
        parent.lock.unlock()
        forwardOn(event)
        dispose()
    }
}
