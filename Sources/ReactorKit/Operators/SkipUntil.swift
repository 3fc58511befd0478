extension ObservableType {
    /// Skips the elements of the sequence until `other` sends an element, then returns the rest.
    ///
    /// The source is subscribed first, then `other`; `other` is unsubscribed after its first
    /// element or its completion. If `other` fails first, the sequence fails with its error.
    /// Completion of the source is forwarded only once `other` has sent an element.
    ///
    /// ```swift
    /// let ready = PublishSubject<Void>()
    /// events.skip(until: ready)  // only events after `ready.onNext(())`
    /// ```
    ///
    /// - Parameter other: The sequence whose first element starts forwarding.
    /// - Returns: The source's elements sent after the first element of `other`.
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntil(source: asObservable(), other: other.asObservable())
    }

    /// Skips the elements of the sequence until `other` sends an element, then returns the rest.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}

private final class SkipUntil<Element, Other>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SkipUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let sourceSubscription = source.subscribe(sink)
        let otherObserver = SkipUntilOtherObserver(sink: sink)
        otherObserver.subscription.setDisposable(other.subscribe(otherObserver))
        return (sink, Disposables.create(sourceSubscription, otherObserver.subscription))
    }
}

private final class SkipUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: events of both sources, and `forwardElements`, are serialized by `lock`
    typealias Element = Observer.Element
    let lock = RecursiveLock()
    // Guarded by lock, and every access is a plain read or write, so the dynamic exclusivity
    // check (a runtime call per access) is pure overhead here.
    @exclusivity(unchecked) var forwardElements = false

    func onNext(_ element: Element) {
        lock.lock()
        defer { lock.unlock() }
        if forwardElements {
            forwardNext(element)
        }
    }

    func on(_ event: Event<Element>) {
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
            if forwardElements {
                forwardCompleted()
            } else {
                dispose()
            }
        }
    }
}

private final class SkipUntilOtherObserver<Other, Observer: ObserverType>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: events are serialized by the sink's lock
    private let sink: SkipUntilSink<Other, Observer>
    let subscription = SingleAssignmentDisposable()

    init(sink: SkipUntilSink<Other, Observer>) {
        self.sink = sink
    }

    func onNext(_ element: Other) {
        sink.lock.lock()
        defer { sink.lock.unlock() }
        sink.forwardElements = true
        subscription.dispose()
    }

    func on(_ event: Event<Other>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            sink.lock.lock()
            defer { sink.lock.unlock() }
            sink.forwardError(error)
        case .completed:
            sink.lock.lock()
            defer { sink.lock.unlock() }
            subscription.dispose()
        }
    }
}
