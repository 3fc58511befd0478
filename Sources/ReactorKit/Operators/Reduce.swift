extension ObservableType {
    /// Applies `accumulator` to every element, starting from `seed`, and emits
    /// `mapResult(finalValue)` as the only element when the source completes.
    ///
    /// An error thrown by `accumulator` or `mapResult` is sent as the sequence's error. For
    /// every intermediate result, see ``scan(_:accumulator:)``.
    ///
    /// ```swift
    /// tasks.reduce(0, accumulator: { count, task in task.isDone ? count + 1 : count }, mapResult: { "\($0) done" })
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Returns the next accumulated value from the current one and an element.
    ///   - mapResult: Transforms the final accumulated value into the result.
    /// - Returns: A sequence with the single transformed result, then completion.
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result
    ) -> Observable<Result> {
        Reduce(
            source: asObservable(), seed: seed,
            accumulator: { accumulated, element in accumulated = try accumulator(accumulated, element) },
            mapResult: mapResult)
    }

    /// Applies `accumulator` to every element, starting from `seed`, and emits the final value
    /// as the only element when the source completes.
    ///
    /// An error thrown by `accumulator` is sent as the sequence's error. For every
    /// intermediate result, see ``scan(_:accumulator:)``.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).reduce(0, accumulator: +)  // 6, then completed
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Returns the next accumulated value from the current one and an element.
    /// - Returns: A sequence with the single final value, then completion.
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        Reduce(
            source: asObservable(), seed: seed,
            accumulator: { accumulated, element in accumulated = try accumulator(accumulated, element) },
            mapResult: { $0 })
    }

    /// Applies `accumulator` to every element, mutating a running value that starts at `seed`,
    /// and emits the final value as the only element when the source completes.
    ///
    /// Not part of RxSwift 6 (whose `reduce` has no `into:` form); it mirrors the standard
    /// library's `reduce(into:_:)` and ``scan(into:accumulator:)``. An error thrown by
    /// `accumulator` is sent as the sequence's error.
    ///
    /// ```swift
    /// tasks.reduce(into: [Int: Int]()) { counts, task in counts[task.priority, default: 0] += 1 }
    /// ```
    ///
    /// - Parameters:
    ///   - seed: The initial accumulated value.
    ///   - accumulator: Updates the accumulated value with one element.
    /// - Returns: A sequence with the single final value, then completion.
    public func reduce<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

private final class Reduce<Source, Accumulate, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    typealias Accumulator = (inout Accumulate, Source) throws -> Void
    typealias MapResult = (Accumulate) throws -> Result

    let source: Observable<Source>
    let seed: Accumulate
    let accumulator: Accumulator
    let mapResult: MapResult

    init(
        source: Observable<Source>, seed: Accumulate, accumulator: @escaping Accumulator, mapResult: @escaping MapResult
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = ReduceSink(
            seed: seed, accumulator: accumulator, mapResult: mapResult, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class ReduceSink<Source, Accumulate, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: `accumulated` is only touched by `on`, which upstream calls serially
    private let accumulator: (inout Accumulate, Source) throws -> Void
    private let mapResult: (Accumulate) throws -> Observer.Element
    private var accumulated: Accumulate

    init(
        seed: Accumulate,
        accumulator: @escaping (inout Accumulate, Source) throws -> Void,
        mapResult: @escaping (Accumulate) throws -> Observer.Element,
        observer: Observer,
        cancel: Cancelable
    ) {
        accumulated = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
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
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            let result: Observer.Element
            do {
                result = try mapResult(accumulated)
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            forwardOn(.next(result))
            forwardOn(.completed)
            dispose()
        }
    }
}
