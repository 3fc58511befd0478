extension ObservableType {
    /// Maps each element to an inner sequence and merges the elements of all inner sequences.
    ///
    /// The result completes once the source and every inner sequence have completed. An error
    /// from the source, from any inner sequence or thrown by `selector` ends the result and
    /// disposes every subscription. Events of the source and the inner sequences are delivered
    /// one at a time, never concurrently.
    ///
    /// ```swift
    /// queries.flatMap { query in searchService.search(query) }
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for a source element.
    /// - Returns: A sequence of the elements of all inner sequences, as they arrive.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMap(source: asObservable(), selector: selector, ignoresElementsWhileActive: false)
    }

    /// Maps an element to an inner sequence only while no inner sequence is active, and
    /// forwards that sequence's elements; source elements that arrive meanwhile are dropped.
    ///
    /// `selector` is not called for dropped elements. The result completes once the source and
    /// the active inner sequence have completed; any error ends it.
    ///
    /// ```swift
    /// refreshTaps.flatMapFirst { _ in api.reload() }  // taps during a reload are ignored
    /// ```
    ///
    /// - Parameter selector: Returns the inner sequence for a source element.
    /// - Returns: A sequence of the elements of the inner sequences that were subscribed.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMap(source: asObservable(), selector: selector, ignoresElementsWhileActive: true)
    }
}

private final class FlatMap<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: immutable
    let source: Observable<SourceElement>
    let selector: (SourceElement) throws -> Inner
    let ignoresElementsWhileActive: Bool

    init(
        source: Observable<SourceElement>,
        selector: @escaping (SourceElement) throws -> Inner,
        ignoresElementsWhileActive: Bool
    ) {
        self.source = source
        self.selector = selector
        self.ignoresElementsWhileActive = ignoresElementsWhileActive
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Inner.Element {
        let sink = FlatMapSink(
            selector: selector, ignoresElementsWhileActive: ignoresElementsWhileActive, observer: observer,
            cancel: cancel)
        return (sink, sink.run(source))
    }
}

/// Observes the source; its lock serializes the source's and every inner sequence's events.
private final class FlatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
    // @unchecked Sendable: mutable state is guarded by `lock`, held while forwarding
    let lock = RecursiveLock()
    let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let selector: (SourceElement) throws -> Inner
    private let ignoresElementsWhileActive: Bool

    // guarded by lock
    var activeCount = 0
    private var stopped = false

    init(
        selector: @escaping (SourceElement) throws -> Inner,
        ignoresElementsWhileActive: Bool,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.selector = selector
        self.ignoresElementsWhileActive = ignoresElementsWhileActive
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            if let inner = innerSequence(for: element) {
                subscribe(inner.asObservable())
            }
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
            completeIfFinished()
        }
    }

    /// Calls `selector` under the lock; `nil` when the element is dropped or `selector` threw.
    private func innerSequence(for element: SourceElement) -> Inner? {
        lock.lock()
        defer { lock.unlock() }
        if ignoresElementsWhileActive && activeCount > 0 {
            return nil
        }
        do {
            let inner = try selector(element)
            activeCount += 1
            return inner
        } catch {
            forwardOn(.error(error))
            dispose()
            return nil
        }
    }

    private func subscribe(_ inner: Observable<Observer.Element>) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        let innerObserver = FlatMapInnerObserver(parent: self, key: key)
        subscription.setDisposable(inner.subscribe(innerObserver))
    }

    /// Completes when the source and every inner sequence have completed. Requires `lock`.
    func completeIfFinished() {
        if stopped && activeCount == 0 {
            forwardOn(.completed)
            dispose()
        }
    }
}

private final class FlatMapInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
    // @unchecked Sendable: immutable; the parent's state is guarded by its lock
    typealias Element = Observer.Element
    private let parent: FlatMapSink<SourceElement, Inner, Observer>
    private let key: CompositeDisposable.DisposeKey

    init(parent: FlatMapSink<SourceElement, Inner, Observer>, key: CompositeDisposable.DisposeKey) {
        self.parent = parent
        self.key = key
    }

    func on(_ event: Event<Element>) {
        parent.lock.lock()
        defer { parent.lock.unlock() }
        switch event {
        case .next:
            parent.forwardOn(event)
        case .error:
            parent.forwardOn(event)
            parent.dispose()
        case .completed:
            parent.group.remove(for: key)
            parent.activeCount -= 1
            parent.completeIfFinished()
        }
    }
}
