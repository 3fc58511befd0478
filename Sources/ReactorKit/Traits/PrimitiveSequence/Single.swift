/// The trait of a sequence of exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that sends exactly one element (then completes), or fails.
///
/// ```swift
/// Single<Int>.create { single in
///     single(.success(42))
///     return Disposables.create()
/// }
/// .subscribe(onSuccess: { print($0) })  // 42
/// ```
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` delivers: its element or its error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure that a ``Single`` created with `create(subscribe:)` sends its event to.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// Creates a single from a subscribe function, called for each subscription.
    ///
    /// The function receives the observer, to call once with `.success` or `.failure`, and
    /// returns the disposable that cleans up the subscription. Later calls are ignored.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the single's one event.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        let stopped = AtomicFlag()
        return primitiveSequence.source.subscribe { event in
            guard stopped.set() else { return }
            switch event {
            case .next(let element):
                observer(.success(element))
            case .error(let error):
                observer(.failure(error))
            case .completed:
                observer(.failure(RxError.noElements))  // a single completed without its element
            }
        }
    }

    /// Subscribes closures for the element, the error and disposal.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` (held weakly) with the element, the error and
    /// disposal; events after `object` has been deallocated are dropped.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in
                guard let object else { return }
                onSuccess?(object, element)
            },
            onFailure: { [weak object] error in
                guard let object else { return }
                onFailure?(object, error)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes closures for the element, the error and disposal.
    ///
    /// `onDisposed` runs once: right after `onSuccess` or `onFailure`, or when the
    /// subscription is disposed. An error without `onFailure` is reported on standard error in
    /// debug builds.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposed = OnceAction(onDisposed)
        let stopped = AtomicFlag()
        let fail: (Swift.Error) -> Void = { error in
            guard stopped.set() else { return }
            if let onFailure {
                onFailure(error)
            } else {
                reportUnhandledError(error)
            }
            disposed.run()
        }
        return primitiveSequence.source.subscribe(
            onNext: { element in
                guard stopped.set() else { return }
                onSuccess?(element)
                disposed.run()
            },
            onError: fail,
            onCompleted: { fail(RxError.noElements) },
            onDisposed: disposed.run
        )
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Returns a single of `element`.
    public static func just(_ element: Element) -> Single<Element> {
        Single(raw: Observable.just(element))
    }

    /// Returns a single of `element`, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Returns a single that fails with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        Single(raw: Observable.error(error))
    }

    /// Returns a single that never sends anything.
    public static func never() -> Single<Element> {
        Single(raw: Observable.never())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects for the single's events and subscription, and forwards them unchanged.
    ///
    /// - Parameters:
    ///   - onSuccess: Runs before the element is forwarded.
    ///   - afterSuccess: Runs after the element has been forwarded.
    ///   - onError: Runs before the error is forwarded.
    ///   - afterError: Runs after the error has been forwarded.
    ///   - onSubscribe: Runs before the source is subscribed.
    ///   - onSubscribed: Runs after the source has been subscribed.
    ///   - onDispose: Runs after the source subscription has been disposed.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        Single(
            raw: primitiveSequence.source.do(
                onNext: onSuccess,
                afterNext: afterSuccess,
                onError: onError,
                afterError: afterError,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            ))
    }

    /// Keeps the element if `predicate` returns `true`; otherwise the result completes empty.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// Transforms the element with `transform`.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        Single(raw: primitiveSequence.source.map(transform))
    }

    /// Transforms the element with `transform`; a `nil` result completes the result empty.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// Continues with the single `selector` returns for the element.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        Single(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the maybe `selector` returns for the element.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Continues with the completable `selector` returns for the element.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        Completable(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Combines the elements of every single in `collection` with `resultSelector`; an empty
    /// collection gives `resultSelector([])`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, Result>.deferred {
                try PrimitiveSequence<Trait, Result>(raw: .just(resultSelector([])))
            }
        }
        let raw = Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector)
        return PrimitiveSequence<Trait, Result>(raw: raw)
    }

    /// Combines the elements of every single in `collection` into an array; an empty collection
    /// gives `[]`.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> PrimitiveSequence<Trait, [Element]> where Collection.Element == PrimitiveSequence<Trait, Element> {
        if collection.isEmpty {
            return PrimitiveSequence<Trait, [Element]>(raw: .just([]))
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map { $0.asObservable() }))
    }

    /// Succeeds with `element` instead of failing.
    public func catchAndReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// Succeeds with `element` instead of failing.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }

    /// Returns the single as a ``Maybe``.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }

    /// Returns a ``Completable`` that completes or fails with the single, ignoring its element.
    public func asCompletable() -> Completable {
        primitiveSequence.source.ignoreElements().asCompletable()
    }
}
