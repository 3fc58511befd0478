extension ObservableType {
    /// Returns a connectable observable that, once connected, sends the source's events
    /// through `subject` to every observer.
    ///
    /// The same subject serves every connection: after the source terminates, the subject
    /// keeps its terminal event, and so do later connections.
    ///
    /// ```swift
    /// let shared = source.multicast(PublishSubject<Int>())
    /// shared.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
    /// shared.connect().disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameter subject: The subject that receives the source's events.
    /// - Returns: A connectable observable over `subject`.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// Returns a connectable observable that, once connected, sends the source's events
    /// through a subject made by `makeSubject` to every observer.
    ///
    /// A new subject is made for each connection: when the connection is disposed or the
    /// source terminates, the subject is dropped, and the next subscription or connection
    /// makes a fresh one.
    ///
    /// ```swift
    /// let shared = source.multicast(makeSubject: { ReplaySubject<Int>.create(bufferSize: 1) })
    /// ```
    ///
    /// - Parameter makeSubject: Makes the subject of one connection.
    /// - Returns: A connectable observable over the subjects `makeSubject` makes.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject
    )
        -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }

    /// Shares one subscription to the source, through a subject made per subscription, with
    /// every use of it inside `selector`.
    ///
    /// For each subscription, `subjectSelector` makes a subject, `selector` builds the
    /// resulting sequence from the shared source, and the source is connected once the
    /// result is subscribed. Errors thrown by either closure are sent as the error.
    ///
    /// ```swift
    /// let sums = source.multicast({ PublishSubject<Int>() }) { shared in
    ///     Observable.zip(shared, shared.skip(1)) { $0 + $1 }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - subjectSelector: Makes the subject of one subscription.
    ///   - selector: Builds the resulting sequence from the shared source.
    /// - Returns: The sequence `selector` builds, for each subscription.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        MulticastSelector(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
    }

    /// Returns a connectable observable that shares one subscription to the source and sends
    /// each observer the events after it subscribed.
    ///
    /// The same as `multicast(makeSubject: { PublishSubject() })`.
    ///
    /// ```swift
    /// let shared = source.publish()
    /// shared.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
    /// shared.connect().disposed(by: disposeBag)
    /// ```
    ///
    /// - Returns: A connectable observable over a ``PublishSubject`` per connection.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject() })
    }

    /// Returns a connectable observable that shares one subscription to the source and
    /// replays up to `bufferSize` of the latest elements to each new observer.
    ///
    /// The same as `multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })`:
    /// each connection has its own buffer.
    ///
    /// ```swift
    /// let state = actions.scan(0, accumulator: +).replay(1)
    /// state.connect().disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameter bufferSize: The number of latest elements replayed.
    /// - Returns: A connectable observable over a ``ReplaySubject`` per connection.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }

    /// Returns a connectable observable that shares one subscription to the source and
    /// replays every element of the connection to each new observer.
    ///
    /// ```swift
    /// let history = source.replayAll()
    /// history.connect().disposed(by: disposeBag)
    /// ```
    ///
    /// - Returns: A connectable observable over an unbounded ``ReplaySubject`` per connection.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.createUnbounded() })
    }
}

/// The connectable observable behind `multicast`, `publish` and `replay`.
///
/// It holds at most one connection and one subject at a time. Subscribing makes the subject
/// if there is none yet (so observers may subscribe before connecting), and `connect()`
/// subscribes the connection to the source, or returns the current connection.
private final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: `subject` and `connection` are guarded by lock
    typealias Source = Subject.Observer.Element

    /// Recursive, as in RxSwift: the source may send events, which observers may answer by
    /// subscribing or connecting again, while `connect()` holds it.
    let lock = RecursiveLock()
    private let source: Observable<Source>
    private let makeSubject: () -> Subject
    var subject: Subject?
    var connection: MulticastConnection<Subject>?

    init(source: Observable<Source>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    override func connect() -> Disposable {
        lock.lock()
        defer { lock.unlock() }
        if let connection {
            return connection
        }
        let upstream = SingleAssignmentDisposable()
        let connection = MulticastConnection(
            parent: self, subjectObserver: currentSubject().asObserver(), lock: lock, upstream: upstream)
        self.connection = connection
        upstream.setDisposable(source.subscribe(connection))
        return connection
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        currentSubject().subscribe(observer)
    }

    private func currentSubject() -> Subject {
        lock.lock()
        defer { lock.unlock() }
        if let subject {
            return subject
        }
        let subject = makeSubject()
        self.subject = subject
        return subject
    }
}

/// One connection of a ``ConnectableObservableAdapter``: forwards the source's events into
/// the subject, and on disposal or a terminal event unsubscribes from the source and drops
/// the adapter's connection and subject.
private final class MulticastConnection<Subject: SubjectType>: DisposeBase, ObserverType, Disposable,
    @unchecked Sendable
{
    // @unchecked Sendable: `parent` and `upstream` are guarded by the adapter's lock
    typealias Element = Subject.Observer.Element

    private let lock: RecursiveLock
    private let subjectObserver: Subject.Observer
    private let disposed = AtomicFlag()
    private var parent: ConnectableObservableAdapter<Subject>?
    private var upstream: Disposable?

    init(
        parent: ConnectableObservableAdapter<Subject>,
        subjectObserver: Subject.Observer,
        lock: RecursiveLock,
        upstream: Disposable
    ) {
        self.parent = parent
        self.subjectObserver = subjectObserver
        self.lock = lock
        self.upstream = upstream
    }

    func onNext(_ element: Element) {
        if disposed.isSet { return }
        subjectObserver.onNext(element)
    }

    func on(_ event: Event<Element>) {
        if disposed.isSet { return }
        if event.isStopEvent {
            dispose()
        }
        subjectObserver.on(event)
    }

    func dispose() {
        lock.lock()
        defer { lock.unlock() }
        disposed.set()
        guard let parent else { return }
        if parent.connection === self {
            parent.connection = nil
            parent.subject = nil
        }
        self.parent = nil
        let upstream = self.upstream
        self.upstream = nil
        upstream?.dispose()
    }
}

private final class MulticastSelector<Subject: SubjectType, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Subject.Observer.Element>
    let subjectSelector: () throws -> Subject
    let selector: (Observable<Subject.Element>) throws -> Observable<Result>

    init(
        source: Observable<Subject.Observer.Element>,
        subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        do {
            let subject = try subjectSelector()
            let connectable = ConnectableObservableAdapter(source: source, makeSubject: { subject })
            let result = try selector(connectable)
            let subscription = result.subscribe(sink)
            let connection = connectable.connect()
            return (sink, Disposables.create(subscription, connection))
        } catch {
            sink.forwardOn(.error(error))
            sink.dispose()
            return (sink, Disposables.create())
        }
    }
}
