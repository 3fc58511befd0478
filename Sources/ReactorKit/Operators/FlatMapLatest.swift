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

    // Guarded by lock; every access is a plain read or write, never held across a call, so the
    // dynamic exclusivity checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private(set) var latestID = 0
    @exclusivity(unchecked) var hasLatest = false
    @exclusivity(unchecked) private(set) var stopped = false

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, innerSubscription)
    }

    /// Calls `selector` under the lock, makes its result the latest inner sequence and
    /// subscribes to it, which disposes the previous inner subscription.
    func onNext(_ element: SourceElement) {
        lock.lock()
        let inner: Observable<Observer.Element>
        do {
            inner = try selector(element).asObservable()
        } catch {
            forwardError(error)
            lock.unlock()
            return
        }
        hasLatest = true
        latestID &+= 1
        let id = latestID
        lock.unlock()
        let subscription = SingleAssignmentDisposable()
        innerSubscription.disposable = subscription  // disposes the previous inner subscription
        let innerObserver = FlatMapLatestInnerObserver(parent: self, id: id, subscription: subscription)
        subscription.setDisposable(inner.subscribe(innerObserver))
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            forwardError(error)
            lock.unlock()
        case .completed:
            lock.lock()
            stopped = true
            sourceSubscription.dispose()
            if !hasLatest {
                forwardCompleted()
            }
            lock.unlock()
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

    func onNext(_ element: Element) {
        parent.lock.lock()
        if parent.latestID == id {
            parent.forwardNext(element)
        }
        parent.lock.unlock()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            parent.lock.lock()
            subscription.dispose()
            if parent.latestID == id {
                parent.forwardError(error)
            }
            parent.lock.unlock()
        case .completed:
            parent.lock.lock()
            subscription.dispose()
            if parent.latestID == id {
                parent.hasLatest = false
                if parent.stopped {
                    parent.forwardCompleted()
                }
            }
            parent.lock.unlock()
        }
    }
}
