// Infallible's operators: each one applies the ``Observable`` operator of the same name to the
// wrapped sequence. Closures do not throw (a thrown error would make the sequence fail),
// except where RxSwift declares them throwing.

// MARK: - Creating

extension InfallibleType {
    /// Returns an infallible sequence of `element`, then completion.
    public static func just(_ element: Element) -> Infallible<Element> {
        Infallible(.just(element))
    }

    /// Returns an infallible sequence of `element`, sent on `scheduler`, then completion.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// Returns an infallible sequence that never sends anything.
    public static func never() -> Infallible<Element> {
        Infallible(.never())
    }

    /// Returns an infallible sequence that completes at once.
    public static func empty() -> Infallible<Element> {
        Infallible(.empty())
    }

    /// Returns an infallible sequence that calls `observableFactory` for each subscription.
    public static func deferred(_ observableFactory: @escaping () throws -> Infallible<Element>) -> Infallible<Element>
    {
        Infallible(.deferred { try observableFactory().asObservable() })
    }
}

extension Infallible {
    /// Returns an infallible sequence of the given elements, then completion.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(elements, scheduler: scheduler))
    }

    /// Returns an infallible sequence of the array's elements, then completion.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// Returns an infallible sequence of the sequence's elements, then completion.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Sequence.Element == Element {
        Infallible(Observable.from(sequence, scheduler: scheduler))
    }
}

// MARK: - Filtering and transforming

extension InfallibleType {
    /// Keeps only the elements for which `predicate` returns `true`.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Transforms each element with `transform`.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// Transforms each element with `transform`, dropping `nil` results.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }
}

extension InfallibleType where Element: Equatable {
    /// Drops elements equal to the one before.
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}

extension InfallibleType {
    /// Drops elements whose key equals the previous element's.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    )
        -> Infallible<Element>
    {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: { $0 == $1 }))
    }

    /// Drops elements that `comparer` finds equal to the previous one.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged({ $0 }, comparer: comparer))
    }

    /// Drops elements whose key `comparer` finds equal to the previous element's.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K,
        comparer: @escaping (K, K) throws -> Bool
    ) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Drops elements whose value at `keyPath` equals the previous element's.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    )
        -> Infallible<Element>
    {
        Infallible(asObservable().distinctUntilChanged { $0[keyPath: keyPath] == $1[keyPath: keyPath] })
    }
}

// MARK: - Time

extension InfallibleType {
    /// Sends an element only after `dueTime` has passed without another one.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one element per `dueTime`: the first, then (with `latest`) the latest of
    /// each window.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
    )
        -> Infallible<Element>
    {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }
}

// MARK: - Flattening

extension InfallibleType {
    /// Merges the sequences `selector` returns for each element.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    )
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMap(selector))
    }

    /// Forwards only the elements of the sequence `selector` returned for the latest element.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    )
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMapLatest(selector))
    }

    /// Maps an element to a sequence only while no earlier one is still running.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    )
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().flatMapFirst(selector))
    }
}

// MARK: - Concatenating and merging

extension InfallibleType {
    /// Continues with `second` once this sequence completes.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Infallible<Element>
    where Source.Element == Element {
        Infallible(Observable.concat([asObservable(), second.asObservable()]))
    }

    /// Runs the sequences of `sequence` one after another.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
    where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Runs the sequences of `collection` one after another.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs the given sequences one after another.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Runs the sequences `selector` returns one after another, in order.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    )
        -> Infallible<Source.Element>
    {
        Infallible(asObservable().concatMap(selector))
    }

    /// Merges the elements of the sequences in `sources`.
    ///
    /// (RxSwift 6 concatenates here, for collections other than arrays; this is a merge, as
    /// the name and the array overload say.)
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element>
    where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the elements of the sequences in `sources`.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the elements of the given sequences.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }
}

// MARK: - Side effects

extension Infallible {
    /// Runs side effects for the sequence's events and subscription, and forwards them
    /// unchanged.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(
            asObservable().do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

// MARK: - Accumulating

extension InfallibleType {
    /// Sends each intermediate result of accumulating the elements into `seed`.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Sends each intermediate result of `accumulator`, starting from `seed`.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }
}

// MARK: - Start with

extension InfallibleType {
    /// Sends `element` first, then the sequence's elements.
    public func startWith(_ element: Element) -> Infallible<Element> {
        Infallible(asObservable().startWith(element))
    }
}

// MARK: - Take and skip

extension InfallibleType {
    /// Forwards elements until `other` sends an element.
    public func take<Source: InfallibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// Forwards elements until `other` sends an element.
    public func take<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other))
    }

    /// Forwards elements until `predicate` returns `true`; `behavior` says whether that
    /// element is included.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior))
    }

    /// Forwards elements while `predicate` returns `true`.
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Forwards the first `count` elements, then completes.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Forwards elements for `duration`, then completes.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Drops elements while `predicate` returns `true`.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
    }

    /// Drops elements until `other` sends an element.
    public func skip<Source: ObservableType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other))
    }
}

// MARK: - Sharing

extension InfallibleType {
    /// Shares one subscription to the sequence among all subscribers, replaying the last
    /// `replay` elements to new ones.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }
}

// MARK: - Unretained

extension InfallibleType {
    /// Combines each element with `obj`, held weakly; completes once `obj` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(obj, resultSelector: resultSelector))
    }

    /// Pairs each element with `obj`, held weakly; completes once `obj` is gone.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

// MARK: - With latest from

extension InfallibleType {
    /// Combines each element with the latest element of `second`, if any, with `resultSelector`.
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Infallible<ResultType> {
        Infallible(asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector))
    }

    /// Replaces each element with the latest element of `second`, if any.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        withLatestFrom(second) { $1 }
    }
}

// MARK: - Debug

extension InfallibleType {
    /// Prints every event and subscription on standard output, labelled with `identifier`.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> Infallible<Element> {
        Infallible(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
