extension ObservableType {
    /// Applies `accumulator` to each element and emits every intermediate result, starting
    /// from `seed`; the accumulator mutates the running value in place.
    ///
    /// Nothing is emitted for the seed itself. An error thrown by `accumulator` is sent as the
    /// sequence's error. For only the final result, see ``reduce(_:accumulator:)``.
    ///
    /// ```swift
    /// actions.scan(into: [String]()) { log, action in log.append("\(action)") }
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Updates the accumulated value with one element.
    /// - Returns: A sequence of the accumulated values, one per source element.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Scan(source: asObservable(), seed: seed, accumulator: accumulator)
    }

    /// Applies `accumulator` to each element and emits every intermediate result, starting
    /// from `seed`.
    ///
    /// Nothing is emitted for the seed itself. An error thrown by `accumulator` is sent as the
    /// sequence's error. For only the final result, see ``reduce(_:accumulator:)``.
    ///
    /// ```swift
    /// mutations.scan(initialState) { state, mutation in reduce(state, mutation) }
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Returns the next accumulated value from the current one and an element.
    /// - Returns: A sequence of the accumulated values, one per source element.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Scan(source: asObservable(), seed: seed) { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }
    }
}

private final class Scan<Source, Accumulate>: Producer<Accumulate>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Source>
    let seed: Accumulate
    let accumulator: (inout Accumulate, Source) throws -> Void

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void)
    {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Accumulate {
        let sink = ScanSink(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class ScanSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `accumulated` is only touched by `on`, which upstream calls serially
    typealias Accumulate = Observer.Element
    private let accumulator: (inout Accumulate, Source) throws -> Void
    private var accumulated: Accumulate

    init(
        seed: Accumulate,
        accumulator: @escaping (inout Accumulate, Source) throws -> Void,
        observer: Observer,
        cancel: Cancelable
    ) {
        accumulated = seed
        self.accumulator = accumulator
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            do {
                try accumulator(&accumulated, element)
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            forwardOn(.next(accumulated))
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}
