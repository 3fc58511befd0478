extension ObservableType {
    /// Maps each element to an inner sequence and forwards the inner sequences one after
    /// another: the next one is subscribed when the previous one completes.
    ///
    /// `selector` runs as each source element arrives; inner sequences waiting their turn are
    /// queued. The result completes once the source and every inner sequence have completed.
    /// An error from the source, from the current inner sequence or thrown by `selector` ends
    /// it, and queued inner sequences are never subscribed.
    ///
    /// ```swift
    /// uploads.concatMap { file in api.upload(file) }  // one upload at a time, in order
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for a source element.
    /// - Returns: A sequence of the elements of each inner sequence, in source order.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        ConcatMap(source: asObservable(), selector: selector)
    }
}

private final class ConcatMap<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element>,
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
        let sink = ConcatMapSink(selector: selector, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

/// Observes the source; its lock serializes the source's and the inner sequences' events.
private final class ConcatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
    // @unchecked Sendable: mutable state is guarded by `lock`, held while forwarding
    let lock = RecursiveLock()
    let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let selector: (SourceElement) throws -> Inner

    // Guarded by lock; every access is a plain read or write, never held across a call, so the
    // dynamic exclusivity checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var isInnerActive = false
    @exclusivity(unchecked) private var stopped = false
    @exclusivity(unchecked) private var waiting: ElementRing<Inner>?
    @exclusivity(unchecked) private var isSubscribingNext = false
    @exclusivity(unchecked) private var completedWhileSubscribing = false

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    /// Calls `selector` under the lock; subscribes its result now, or queues it while another
    /// inner sequence is active.
    func onNext(_ element: SourceElement) {
        lock.lock()
        let inner: Inner
        do {
            inner = try selector(element)
        } catch {
            forwardError(error)
            lock.unlock()
            return
        }
        if isInnerActive {
            enqueueWaiting(inner)
            lock.unlock()
            return
        }
        isInnerActive = true
        lock.unlock()
        subscribe(inner)
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
            if isInnerActive {
                sourceSubscription.dispose()
            } else {
                forwardCompleted()
            }
            stopped = true
            lock.unlock()
        }
    }

    /// Queues an inner sequence until the active one completes. Requires `lock`.
    @inline(never)
    private func enqueueWaiting(_ inner: Inner) {
        if waiting == nil { waiting = ElementRing() }
        waiting!.enqueue(inner)
    }

    private func subscribe(_ inner: Inner) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let innerObserver = ConcatMapInnerObserver(parent: self, key: key)
        subscription.setDisposable(inner.asObservable().subscribe(innerObserver))
    }

    /// Subscribes the next queued inner sequence, or completes when none is left and the
    /// source has completed. Requires `lock`.
    ///
    /// An inner sequence that completes while it is being subscribed (`Observable.just`) does
    /// not subscribe the next one from inside that subscription: the loop here does, so a long
    /// queue of such sequences cannot overflow the stack. Events keep RxSwift's order.
    func innerCompleted(key: CompositeDisposable.DisposeKey) {
        group.remove(for: key)
        if isSubscribingNext {
            completedWhileSubscribing = true
            return
        }
        isSubscribingNext = true
        defer { isSubscribingNext = false }
        while !isDisposed, let waiting, waiting.count > 0 {
            completedWhileSubscribing = false
            subscribe(waiting.dequeue())
            if !completedWhileSubscribing {
                return
            }
        }
        isInnerActive = false
        if stopped {
            forwardCompleted()
        }
    }
}

private final class ConcatMapInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
    // @unchecked Sendable: immutable; the parent's state is guarded by its lock
    typealias Element = Observer.Element
    private let parent: ConcatMapSink<SourceElement, Inner, Observer>
    private let key: CompositeDisposable.DisposeKey

    init(parent: ConcatMapSink<SourceElement, Inner, Observer>, key: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.key = key
    }

    func onNext(_ element: Element) {
        parent.lock.lock()
        parent.forwardNext(element)
        parent.lock.unlock()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            parent.lock.lock()
            parent.forwardError(error)
            parent.lock.unlock()
        case .completed:
            parent.lock.lock()
            parent.innerCompleted(key: key)
            parent.lock.unlock()
        }
    }
}
