extension ObservableType {
    /// Maps each element to an inner sequence and forwards only the elements of the most
    /// recent one: a new source element disposes the previous inner subscription.
    ///
    /// The result completes once the source and the latest inner sequence have completed. An
    /// error from the source, from the latest inner sequence or thrown by `selector` ends it.
    /// Events are delivered one at a time, never concurrently.
    ///
    /// ```swift
    /// searchText.flatMapLatest { text in api.search(text) }  // stale searches are cancelled
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for a source element.
    /// - Returns: A sequence of the elements of the latest inner sequence.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMapLatest(source: asObservable(), selector: selector)
    }
}

private final class FlatMapLatest<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: immutable
    let source: Observable<SourceElement>
    let selector: (SourceElement) throws -> Inner

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Inner.Element {
        let sink = FlatMapLatestSink(selector: selector, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

/// Observes the source; its lock serializes the source's and the inner sequences' events.
private final class FlatMapLatestSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
    // @unchecked Sendable: mutable state is guarded by `lock`, held while forwarding
    let lock = RecursiveLock()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()
    private let selector: (SourceElement) throws -> Inner

    // guarded by lock
    private(set) var latestID = 0
    var hasLatest = false
    private(set) var stopped = false

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, innerSubscription)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            guard let (id, inner) = innerSequence(for: element) else { return }
            let subscription = SingleAssignmentDisposable()
            innerSubscription.disposable = subscription  // disposes the previous inner subscription
            let innerObserver = FlatMapLatestInnerObserver(parent: self, id: id, subscription: subscription)
            subscription.setDisposable(inner.subscribe(innerObserver))
        case .error(let error):
            lock.lock()
            defer { lock.unlock() }
            forwardOn(.error(error))
            dispose()
        case .completed:
            lock.lock()
            defer { lock.unlock() }
            stopped = true
            sourceSubscription.dispose()
            if !hasLatest {
                forwardOn(.completed)
                dispose()
            }
        }
    }

    /// Calls `selector` under the lock and makes its result the latest inner sequence; `nil`
    /// when `selector` threw.
    private func innerSequence(for element: SourceElement) -> (Int, Observable<Observer.Element>)? {
        lock.lock()
        defer { lock.unlock() }
        do {
            let inner = try selector(element).asObservable()
            hasLatest = true
            latestID &+= 1
            return (latestID, inner)
        } catch {
            forwardOn(.error(error))
            dispose()
            return nil
        }
    }
}

private final class FlatMapLatestInnerObserver<
    SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType
>: ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
    // @unchecked Sendable: immutable; the parent's state is guarded by its lock
    typealias Element = Observer.Element
    private let parent: FlatMapLatestSink<SourceElement, Inner, Observer>
    private let id: Int
    private let subscription: Disposable

    init(parent: FlatMapLatestSink<SourceElement, Inner, Observer>, id: Int, subscription: Disposable) {
        self.parent = parent
        self.id = id
        self.subscription = subscription
    }

    func on(_ event: Event<Element>) {
        parent.lock.lock()
        defer { parent.lock.unlock() }
        if event.isStopEvent {
            subscription.dispose()
        }
        guard parent.latestID == id else { return }
        switch event {
        case .next:
            parent.forwardOn(event)
        case .error:
            parent.forwardOn(event)
            parent.dispose()
        case .completed:
            parent.hasLatest = false
            if parent.stopped {
                parent.forwardOn(event)
                parent.dispose()
            }
        }
    }
}
