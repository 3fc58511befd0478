extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the elements of every inner sequence into one sequence, subscribing to each
    /// inner sequence as soon as it arrives.
    ///
    /// Completes when the outer sequence and every inner sequence have completed; the first
    /// error from any of them ends the merged sequence and disposes all the others.
    ///
    /// ```swift
    /// let messages = Observable.of(inbox, outbox).merge()
    /// ```
    public func merge() -> Observable<Element.Element> {
        MergeProducer(source: asObservable(), maxConcurrent: Int.max)
    }

    /// Merges the elements of the inner sequences into one sequence, with at most
    /// `maxConcurrent` inner sequences subscribed at a time.
    ///
    /// Inner sequences that arrive while `maxConcurrent` are active wait in a queue and are
    /// subscribed, in arrival order, as active ones complete.
    ///
    /// ```swift
    /// let downloads = requests.map { download($0) }.merge(maxConcurrent: 2)
    /// ```
    ///
    /// - Parameter maxConcurrent: The largest number of inner sequences subscribed at once.
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        MergeProducer(source: asObservable(), maxConcurrent: maxConcurrent)
    }
}

extension ObservableType {
    /// Merges the elements of every sequence in `sources` into one sequence.
    ///
    /// All sources are subscribed at once. Completes when every source has completed; the
    /// first error ends the merged sequence and disposes the other sources.
    ///
    /// ```swift
    /// let mutations = Observable.merge(AnyCollection([refresh, bus]))
    /// ```
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        MergeArrayProducer(sources: Array(sources))
    }

    /// Merges the elements of every sequence in `sources` into one sequence.
    ///
    /// All sources are subscribed at once. Completes when every source has completed; the
    /// first error ends the merged sequence and disposes the other sources.
    ///
    /// ```swift
    /// let mutations = Observable.merge([refresh, bus])
    /// ```
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        MergeArrayProducer(sources: sources)
    }

    /// Merges the elements of the given sequences into one sequence.
    ///
    /// All sources are subscribed at once. Completes when every source has completed; the
    /// first error ends the merged sequence and disposes the other sources.
    ///
    /// ```swift
    /// let mutations = Observable.merge(mutation, serviceMutation)
    /// ```
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        MergeArrayProducer(sources: sources)
    }
}

private final class MergeProducer<Source: ObservableConvertibleType>: Producer<Source.Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Source>
    let maxConcurrent: Int

    init(source: Observable<Source>, maxConcurrent: Int) {
        self.source = source
        self.maxConcurrent = maxConcurrent
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Source.Element {
        let sink = MergeSink<Source, Observer>(maxConcurrent: maxConcurrent, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

private final class MergeArrayProducer<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = MergeSink<Observable<Element>, Observer>(maxConcurrent: Int.max, observer: observer, cancel: cancel)
        return (sink, sink.run(sources))
    }
}

/// Observes the outer sequence (when there is one) and every inner sequence.
///
/// As in RxSwift, every event is handled with `lock` held, forwarding included, so the
/// observer never receives two events at once while a re-entrant event on the same thread
/// is still delivered at once.
private final class MergeSink<Source: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Source.Element == Observer.Element {
    // @unchecked Sendable: the mutable state is guarded by `lock`
    private let lock = RecursiveLock()
    private let maxConcurrent: Int
    private let group = CompositeDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    // Guarded by lock; every access is a plain read or write, never held across a call, so the
    // dynamic exclusivity checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var activeCount = 0
    @exclusivity(unchecked) private var isStopped = false
    @exclusivity(unchecked) private var waiting: ElementRing<Source>?

    init(maxConcurrent: Int, observer: Observer, cancel: Cancelable) {
        self.maxConcurrent = maxConcurrent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the outer sequence.
    func run(_ source: Observable<Source>) -> Disposable {
        _ = group.insert(sourceSubscription)
        sourceSubscription.setDisposable(source.subscribe(self))
        return group
    }

    /// Subscribes to a fixed list of sequences, as if the outer sequence sent them and completed.
    func run(_ sources: [Source]) -> Disposable {
        lock.performLocked { activeCount += sources.count }
        for source in sources {
            subscribeInner(source)
        }
        lock.performLocked {
            isStopped = true
            completeIfDone()
        }
        return group
    }

    /// Handles an inner sequence sent by the outer sequence.
    func onNext(_ inner: Source) {
        lock.lock()
        if activeCount < maxConcurrent {
            activeCount += 1
            lock.unlock()
            subscribeInner(inner)
        } else {
            enqueueWaiting(inner)
            lock.unlock()
        }
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let inner):
            onNext(inner)
        case .error(let error):
            lock.lock()
            forwardError(error)
            lock.unlock()
        case .completed:
            lock.lock()
            isStopped = true
            sourceSubscription.dispose()
            completeIfDone()
            lock.unlock()
        }
    }

    /// Queues an inner sequence until an active one completes; called with `lock` held.
    @inline(never)
    private func enqueueWaiting(_ inner: Source) {
        if waiting == nil { waiting = ElementRing() }
        waiting!.enqueue(inner)
    }

    /// Forwards an element of an inner sequence.
    func onInnerNext(_ element: Observer.Element) {
        lock.lock()
        forwardNext(element)
        lock.unlock()
    }

    /// Handles an error of an inner sequence.
    func onInnerError(_ error: Swift.Error) {
        lock.lock()
        forwardError(error)
        lock.unlock()
    }

    /// Handles the completion of the inner sequence subscribed under `key`.
    func onInnerCompleted(key: CompositeDisposable.DisposeKey) {
        lock.lock()
        defer { lock.unlock() }
        group.remove(for: key)
        if let waiting, waiting.count > 0 {
            subscribeInner(waiting.dequeue())
        } else {
            activeCount -= 1
            completeIfDone()
        }
    }

    private func subscribeInner(_ inner: Source) {
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }
        subscription.setDisposable(inner.asObservable().subscribe(MergeInnerObserver(sink: self, key: key)))
    }

    /// Completes once the outer sequence has completed and no inner sequence is active;
    /// called with `lock` held.
    private func completeIfDone() {
        if isStopped && activeCount == 0 {
            forwardCompleted()
        }
    }
}

private struct MergeInnerObserver<Source: ObservableConvertibleType, Observer: ObserverType>: ObserverType
where Source.Element == Observer.Element {
    let sink: MergeSink<Source, Observer>
    let key: CompositeDisposable.DisposeKey

    func onNext(_ element: Observer.Element) {
        sink.onInnerNext(element)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            sink.onInnerNext(element)
        case .error(let error):
            sink.onInnerError(error)
        case .completed:
            sink.onInnerCompleted(key: key)
        }
    }
}
