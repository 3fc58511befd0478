extension ObservableType {
    /// Returns the first `count` elements of the sequence, then completes.
    ///
    /// The sequence completes as soon as the `count`-th element has been sent, and the source
    /// is unsubscribed then. `take(0)` completes at once without subscribing to the source.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).take(2)  // 1, 2, completed
    /// ```
    ///
    /// - Parameter count: The number of elements to return; must not be negative.
    /// - Returns: A sequence of at most `count` elements from the start of the source.
    public func take(_ count: Int) -> Observable<Element> {
        if count == 0 {
            return Observable.empty()
        }
        return TakeCount(source: asObservable(), count: count)
    }
}

private final class TakeCount<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        precondition(count >= 0, "count can't be negative")
        self.source = source
        self.count = count
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = TakeCountSink(remaining: count, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `remaining` is only touched by the source's serial events
    typealias Element = Observer.Element
    // Every access is a plain read or write, never held across a call, so the dynamic
    // exclusivity check (a runtime call per access) is pure overhead here.
    @exclusivity(unchecked) private var remaining: Int

    init(remaining: Int, observer: Observer, cancel: Cancelable) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        guard remaining > 0 else { return }
        // Decremented before forwarding, so an element sent re-entrantly by the observer
        // is not counted twice.
        remaining -= 1
        forwardNext(element)
        if remaining == 0 {
            forwardCompleted()
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
