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
        ScanInto(source: asObservable(), seed: seed, accumulator: accumulator)
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
        Scan(source: asObservable(), seed: seed, accumulator: accumulator)
    }
}

private final class Scan<Source, Accumulate>: Producer<Accumulate>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Source>
    let seed: Accumulate
    let accumulator: (Accumulate, Source) throws -> Accumulate

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping (Accumulate, Source) throws -> Accumulate)
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

/// Accumulates with a value-returning closure: the running value is read, then written, so a
/// re-entrant element (the accumulator feeding the source) cannot overlap an access to it.
private final class ScanSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `accumulated` is only touched by `onNext`, which upstream calls serially
    typealias Accumulate = Observer.Element
    private let accumulator: (Accumulate, Source) throws -> Accumulate
    // Every access is a plain read or write, never held across a call, so the dynamic
    // exclusivity check (a runtime call per access) is pure overhead here.
    @exclusivity(unchecked) private var accumulated: Accumulate

    init(
        seed: Accumulate,
        accumulator: @escaping (Accumulate, Source) throws -> Accumulate,
        observer: Observer,
        cancel: Cancelable
    ) {
        accumulated = seed
        self.accumulator = accumulator
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
        forwardNext(next)
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

private final class ScanInto<Source, Accumulate>: Producer<Accumulate>, @unchecked Sendable {
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
        let sink = ScanIntoSink(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// Accumulates in place. The running value is passed `inout` for the whole accumulator call,
/// so, as in RxSwift, an accumulator that re-enters its own stream traps on the exclusivity
/// check instead of corrupting the value.
private final class ScanIntoSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `accumulated` is only touched by `onNext`, which upstream calls serially
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
            return
        }
        forwardNext(accumulated)
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
