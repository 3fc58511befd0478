extension ObservableType {
    /// Returns the first element of the sequence, or `nil` if it completes without elements.
    ///
    /// The result sends exactly one element, then completes; the source is unsubscribed after
    /// its first element. A source error is forwarded.
    ///
    /// ```swift
    /// Observable.of(1, 2).first()            // Optional(1), completed
    /// Observable<Int>.empty().first()        // nil, completed
    /// ```
    ///
    /// - Returns: A sequence of one optional element.
    public func first() -> Single<Element?> {
        Single(raw: First(source: asObservable()))
    }
}

private final class First<Element>: Producer<Element?>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element? {
        let sink = FirstSink<Element, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Element? {
    // @unchecked Sendable: stateless beyond the base sink
    func onNext(_ element: Element) {
        forwardNext(element)
        forwardCompleted()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardNext(nil)
            forwardCompleted()
        }
    }
}
