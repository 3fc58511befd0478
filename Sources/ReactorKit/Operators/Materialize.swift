extension ObservableType {
    /// Turns every event of the source into an element: its elements as `.next`, then its
    /// error or completion as a last element, followed by completion.
    ///
    /// ```swift
    /// Observable<Int>.error(failure).materialize()  // .next(.error(failure)), completed
    /// ```
    ///
    /// - Returns: A sequence of the source's events, which never fails.
    public func materialize() -> Observable<Event<Element>> {
        Materialize(source: asObservable())
    }
}

private final class Materialize<Element>: Producer<Event<Element>>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Event<Element> {
        let sink = MaterializeSink<Element, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class MaterializeSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == Event<Element> {
    // @unchecked Sendable: stateless beyond `Sink`
    func on(_ event: Event<Element>) {
        forwardNext(event)
        if event.isStopEvent {
            forwardCompleted()
        }
    }
}
