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
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
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
        Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
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
        ReduceInto(source: asObservable(), seed: seed, accumulator: accumulator)
    }
}

private final class Reduce<Source, Accumulate, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    typealias Accumulator = (Accumulate, Source) throws -> Accumulate
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

/// Accumulates with a value-returning closure: the running value is read, then written, so a
/// re-entrant element (the accumulator feeding the source) cannot overlap an access to it.
private final class ReduceSink<Source, Accumulate, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: `accumulated` is only touched by the source's serial events
    private let accumulator: (Accumulate, Source) throws -> Accumulate
    private let mapResult: (Accumulate) throws -> Observer.Element
    // Every access is a plain read or write, never held across a call, so the dynamic
    // exclusivity check (a runtime call per access) is pure overhead here.
    @exclusivity(unchecked) private var accumulated: Accumulate

    init(
        seed: Accumulate,
        accumulator: @escaping (Accumulate, Source) throws -> Accumulate,
        mapResult: @escaping (Accumulate) throws -> Observer.Element,
        observer: Observer,
        cancel: Cancelable
    ) {
        accumulated = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Source) {
        let next: Accumulate
        do {
            next = try accumulator(accumulated, element)
        } catch {
            forwardError(error)
            return
        }
        accumulated = next
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            let result: Observer.Element
            do {
                result = try mapResult(accumulated)
            } catch {
                forwardError(error)
                return
            }
            forwardNext(result)
            forwardCompleted()
        }
    }
}

private final class ReduceInto<Source, Accumulate>: Producer<Accumulate>, @unchecked Sendable {
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
        let sink = ReduceIntoSink(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// Accumulates in place. The running value is passed `inout` for the whole accumulator call,
/// so an accumulator that re-enters its own stream traps on the exclusivity check instead of
/// corrupting the value.
private final class ReduceIntoSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `accumulated` is only touched by the source's serial events
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

    func onNext(_ element: Source) {
        do {
            try accumulator(&accumulated, element)
        } catch {
            forwardError(error)
        }
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardNext(accumulated)
            forwardCompleted()
        }
    }
}
