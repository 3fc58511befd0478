extension ObservableType {
    /// Drops every element and forwards only the terminal event.
    ///
    /// RxSwift 6 also returns `Observable<Never>` here (RxSwift 4–5 returned `Completable`).
    ///
    /// ```swift
    /// saveTask.ignoreElements().subscribe(onCompleted: { print("saved") })
    /// ```
    ///
    /// - Returns: A sequence that completes or fails when the source does, without elements.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElements(source: asObservable())
    }
}

private final class IgnoreElements<Source>: Producer<Never>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Never {
        let sink = IgnoreElementsSink<Source, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class IgnoreElementsSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == Never {
    // @unchecked Sendable: stateless beyond `Sink`
    func onNext(_ element: Source) {}

    func on(_ event: Event<Source>) {
        switch event {
        case .next:
            break
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
