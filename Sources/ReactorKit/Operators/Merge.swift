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
    private var activeCount = 0
    private var isStopped = false
    private var waiting: Queue<Source>?

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

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let inner):
            let subscribesNow = lock.performLocked { () -> Bool in
                if activeCount < maxConcurrent {
                    activeCount += 1
                    return true
                }
                if waiting == nil { waiting = Queue() }
                waiting!.enqueue(inner)
                return false
            }
            if subscribesNow {
                subscribeInner(inner)
            }
        case .error(let error):
            lock.performLocked {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            lock.performLocked {
                isStopped = true
                sourceSubscription.dispose()
                completeIfDone()
            }
        }
    }

    /// Handles an event of the inner sequence subscribed under `key`.
    func onInner(_ event: Event<Observer.Element>, key: CompositeDisposable.DisposeKey) {
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .next:
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            group.remove(for: key)
            if let next = waiting?.dequeue() {
                subscribeInner(next)
            } else {
                activeCount -= 1
                completeIfDone()
            }
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
            forwardOn(.completed)
            dispose()
        }
    }
}

private struct MergeInnerObserver<Source: ObservableConvertibleType, Observer: ObserverType>: ObserverType
where Source.Element == Observer.Element {
    let sink: MergeSink<Source, Observer>
    let key: CompositeDisposable.DisposeKey

    func on(_ event: Event<Observer.Element>) {
        sink.onInner(event, key: key)
    }
}
