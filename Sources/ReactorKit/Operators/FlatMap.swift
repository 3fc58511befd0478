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

    /// `flatMap` where an inner sequence's error ends only that inner sequence, as if each
    /// inner were followed by `.catch { _ in .empty() }` — without that per-element wrapper.
    ///
    /// This is how a reactor merges its `mutate(action:)` streams; `activeInners`, when given,
    /// counts the inner subscriptions running (a `just` inner is never subscribed).
    func flatMapIgnoringInnerErrors<Source: ObservableConvertibleType>(
        activeInners: ActivityCount? = nil,
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        FlatMap(
            source: asObservable(), selector: selector, ignoresElementsWhileActive: false, ignoresInnerErrors: true,
            activeInners: activeInners)
    }
}

private final class FlatMap<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: immutable
    let source: Observable<SourceElement>
    let selector: (SourceElement) throws -> Inner
    let ignoresElementsWhileActive: Bool
    let ignoresInnerErrors: Bool
    let activeInners: ActivityCount?

    init(
        source: Observable<SourceElement>,
        selector: @escaping (SourceElement) throws -> Inner,
        ignoresElementsWhileActive: Bool,
        ignoresInnerErrors: Bool = false,
        activeInners: ActivityCount? = nil
    ) {
        self.source = source
        self.selector = selector
        self.ignoresElementsWhileActive = ignoresElementsWhileActive
        self.ignoresInnerErrors = ignoresInnerErrors
        self.activeInners = activeInners
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Inner.Element {
        let sink = FlatMapSink(
            selector: selector, ignoresElementsWhileActive: ignoresElementsWhileActive,
            ignoresInnerErrors: ignoresInnerErrors, activeInners: activeInners, observer: observer, cancel: cancel)
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
    let ignoresInnerErrors: Bool
    /// Mirrors `activeCount` for readers outside the lock (a reactor's test probe).
    let activeInners: ActivityCount?

    // Guarded by lock; plain reads and writes, so no dynamic exclusivity checks.
    @exclusivity(unchecked) var activeCount = 0
    @exclusivity(unchecked) private var stopped = false

    init(
        selector: @escaping (SourceElement) throws -> Inner,
        ignoresElementsWhileActive: Bool,
        ignoresInnerErrors: Bool,
        activeInners: ActivityCount?,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.selector = selector
        self.ignoresElementsWhileActive = ignoresElementsWhileActive
        self.ignoresInnerErrors = ignoresInnerErrors
        self.activeInners = activeInners
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    func onNext(_ element: SourceElement) {
        lock.lock()
        if ignoresElementsWhileActive && activeCount > 0 {
            lock.unlock()
            return
        }
        let inner: Observable<Observer.Element>
        do {
            inner = try selector(element).asObservable()
        } catch {
            forwardError(error)
            lock.unlock()
            return
        }
        // `just` delivers its element and completes synchronously inside `subscribe`:
        // forward the element directly, with the same effect and no inner subscription.
        if inner.withJustElement({ forwardNext($0) }) {
            lock.unlock()
            return
        }
        activeCount += 1
        activeInners?.increment()
        lock.unlock()
        subscribe(inner)
    }

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            defer { lock.unlock() }
            forwardError(error)
        case .completed:
            lock.lock()
            defer { lock.unlock() }
            stopped = true
            sourceSubscription.dispose()
            completeIfFinished()
        }
    }

    /// Subscribes to an inner sequence; it joins `group` only if it has not already finished
    /// during `subscribe` (synchronous sequences finish there, and need no bookkeeping).
    private func subscribe(_ inner: Observable<Observer.Element>) {
        if isDisposed { return }
        let innerObserver = FlatMapInnerObserver(parent: self)
        let subscription = inner.subscribe(innerObserver)
        innerObserver.attach(subscription)
    }

    /// Completes when the source and every inner sequence have completed. Requires `lock`.
    func completeIfFinished() {
        if stopped && activeCount == 0 {
            forwardCompleted()
        }
    }
}

/// Forwards one inner sequence's events to the flatMap sink, under its lock.
private final class FlatMapInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ObserverType, @unchecked Sendable
where Observer.Element == Inner.Element {
    // @unchecked Sendable: `key` and `finished` are guarded by the parent's lock
    typealias Element = Observer.Element
    private let parent: FlatMapSink<SourceElement, Inner, Observer>
    @exclusivity(unchecked) private var key: CompositeDisposable.DisposeKey?
    @exclusivity(unchecked) private var finished = false

    init(parent: FlatMapSink<SourceElement, Inner, Observer>) {
        self.parent = parent
    }

    /// Registers the inner subscription for disposal with the sink, unless it already ended.
    func attach(_ subscription: Disposable) {
        parent.lock.lock()
        defer { parent.lock.unlock() }
        if finished {
            subscription.dispose()
            return
        }
        key = parent.group.insert(subscription)
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
            if parent.ignoresInnerErrors {
                complete()
                return
            }
            parent.lock.lock()
            defer { parent.lock.unlock() }
            finished = true
            parent.forwardError(error)
        case .completed:
            complete()
        }
    }

    private func complete() {
        parent.lock.lock()
        defer { parent.lock.unlock() }
        finished = true
        if let key {
            parent.group.remove(for: key)
        }
        parent.activeCount -= 1
        parent.activeInners?.decrement()
        parent.completeIfFinished()
    }
}
