extension ObservableType {
    /// Transforms each element with `transform`.
    ///
    /// An error thrown by `transform` is sent as the sequence's error.
    ///
    /// ```swift
    /// reactor.state.map { $0.count }
    /// ```
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        Map(source: asObservable(), transform: transform)
    }

    /// Transforms each element into the value at `keyPath`.
    ///
    /// ```swift
    /// reactor.state.map(\.isLoading)
    /// ```
    public func map<Result>(_ keyPath: KeyPath<Element, Result>) -> Observable<Result> {
        Map(source: asObservable(), transform: { $0[keyPath: keyPath] })
    }
}

private final class Map<Source, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Source>
    let transform: (Source) throws -> Result

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// `Result` is a generic parameter of its own (rather than `Observer.Element`) so that
/// unspecialized code finds its metadata in the sink's type instead of looking it up through
/// the observer's conformance on every element.
private final class MapSink<Source, Result, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
where Observer.Element == Result {
    private let transform: (Source) throws -> Result

    init(transform: @escaping (Source) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Source) {
        let result: Result
        do {
            result = try transform(element)
        } catch {
            forwardError(error)
            return
        }
        forwardNext(result)
    }

    func on(_ event: Event<Source>) {
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
