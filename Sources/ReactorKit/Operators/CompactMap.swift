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
        let sink = CompactMapSink<Source, Result?, Observer>(transform: transform, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// `Transformed` is always `Observer.Element?`. Taken as a generic parameter of its own, the
/// optional's metadata comes with the sink's; written as `Observer.Element?`, unspecialized code
/// would look it up on every element.
private final class CompactMapSink<Source, Transformed: CompactMapOptional, Observer: ObserverType>: Sink<Observer>,
    ObserverType, @unchecked Sendable
where Transformed.Wrapped == Observer.Element {
    // @unchecked Sendable: immutable; `onNext` and `on` are called serially
    private let transform: (Source) throws -> Transformed

    init(transform: @escaping (Source) throws -> Transformed, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Source) {
        let transformed: Transformed
        do {
            transformed = try transform(element)
        } catch {
            forwardError(error)
            return
        }
        transformed.ifSome { forwardNext($0) }
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

/// An `Optional` seen through a protocol, so that ``CompactMapSink`` can take it as a generic
/// parameter.
private protocol CompactMapOptional {
    associatedtype Wrapped

    /// Calls `body` with the wrapped value, if there is one.
    func ifSome(_ body: (Wrapped) -> Void)
}

extension Optional: CompactMapOptional {
    @inline(__always)
    fileprivate func ifSome(_ body: (Wrapped) -> Void) {
        if case .some(let wrapped) = self {
            body(wrapped)
        }
    }
}
