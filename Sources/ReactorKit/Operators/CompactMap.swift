extension ObservableType {
    /// Transforms each element with `transform` and emits only the non-`nil` results.
    ///
    /// An error thrown by `transform` is sent as the sequence's error.
    ///
    /// ```swift
    /// input.compactMap { Int($0) }  // "1", "x", "3" → 1, 3
    /// ```
    ///
    /// - Parameter transform: Returns the element to emit, or `nil` to skip the source element.
    /// - Returns: A sequence of the non-`nil` results of `transform`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMap(source: asObservable(), transform: transform)
    }
}

private final class CompactMap<Source, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Source>
    let transform: (Source) throws -> Result?

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = CompactMapSink(transform: transform, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class CompactMapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: immutable; `on` is called serially
    private let transform: (Source) throws -> Observer.Element?

    init(transform: @escaping (Source) throws -> Observer.Element?, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            do {
                if let result = try transform(element) {
                    forwardOn(.next(result))
                }
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}
