extension ObservableType {
    /// Pairs each element with its index, counting from 0.
    ///
    /// ```swift
    /// Observable.of("a", "b").enumerated()  // (0, "a"), (1, "b"), completed
    /// ```
    ///
    /// - Returns: A sequence of `(index, element)` tuples; fails with `RxError.overflow` if
    ///   the index would pass `Int.max`.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        Enumerated(source: asObservable())
    }
}

private final class Enumerated<Element>: Producer<(index: Int, element: Element)>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == (index: Int, element: Element) {
        let sink = EnumeratedSink<Element, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class EnumeratedSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == (index: Int, element: Element) {
    // @unchecked Sendable: `index` is only touched by the source's serial events
    @exclusivity(unchecked) private var index = 0

    func onNext(_ element: Element) {
        let current = index
        let (next, overflow) = current.addingReportingOverflow(1)
        if overflow {
            forwardError(RxError.overflow)
            return
        }
        index = next
        forwardNext((index: current, element: element))
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
