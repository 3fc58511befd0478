/// The trait of a sequence of at most one element, or an error.
public enum MaybeTrait {}

/// A sequence that sends one element (then completes), completes empty, or fails.
///
/// ```swift
/// cache.lookup(key)  // Maybe<Value>
///     .subscribe(onSuccess: { use($0) }, onCompleted: { print("not cached") })
/// ```
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` delivers: its element, its completion without one, or its error.
@frozen
public enum MaybeEvent<Element> {
    /// The one element; the sequence is over.
    case success(Element)
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence completed without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure that a ``Maybe`` created with `create(subscribe:)` sends its event to.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// Creates a maybe from a subscribe function, called for each subscription.
    ///
    /// The function receives the observer, to call once with `.success`, `.completed` or
    /// `.error`, and returns the disposable that cleans up the subscription. Later calls are
    /// ignored.
    public static func create(
        subscribe: @escaping (@escaping MaybeObserver) -> Disposable
    ) -> PrimitiveSequence<
        Trait, Element
    > {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.onNext(element)
                    observer.onCompleted()
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the maybe's one event.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        let stopped = AtomicFlag()
        return primitiveSequence.source.subscribe { event in
            guard stopped.set() else { return }
            switch event {
            case .next(let element):
                observer(.success(element))
            case .error(let error):
                observer(.error(error))
            case .completed:
                observer(.completed)
            }
        }
    }

    /// Subscribes closures that receive `object` (held weakly) with each event; events after
    /// `object` has been deallocated are dropped.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in
                guard let object else { return }
                onSuccess?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes closures for the element, the error, completion without an element, and
    /// disposal.
    ///
    /// Exactly one of `onSuccess`, `onError` and `onCompleted` runs; `onDisposed` runs once,
    /// right after it or when the subscription is disposed. An error without `onError` is
    /// reported on standard error in debug builds.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposed = OnceAction(onDisposed)
        let stopped = AtomicFlag()
        return primitiveSequence.source.subscribe(
            onNext: { element in
                guard stopped.set() else { return }
                onSuccess?(element)
                disposed.run()
            },
            onError: { error in
                guard stopped.set() else { return }
                if let onError {
                    onError(error)
                } else {
                    reportUnhandledError(error)
                }
                disposed.run()
            },
            onCompleted: {
                guard stopped.set() else { return }
                onCompleted?()
                disposed.run()
            },
            onDisposed: disposed.run
        )
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Returns a maybe of `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        Maybe(raw: Observable.just(element))
    }

    /// Returns a maybe of `element`, sent on `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// Returns a maybe that fails with `error`.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        Maybe(raw: Observable.error(error))
    }

    /// Returns a maybe that never sends anything.
    public static func never() -> Maybe<Element> {
        Maybe(raw: Observable.never())
    }

    /// Returns a maybe that completes at once, without an element.
    public static func empty() -> Maybe<Element> {
        Maybe(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects for the maybe's events and subscription, and forwards them unchanged.
    ///
    /// The closures run as those of ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(
            raw: primitiveSequence.source.do(
                onNext: onNext,
                afterNext: afterNext,
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
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
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.map(transform))
    }

    /// Transforms the element with `transform`; a `nil` result completes the result empty.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// Continues with the maybe `selector` returns for the element.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        Maybe(raw: primitiveSequence.source.flatMap(selector))
    }

    /// Succeeds with `default` when the maybe completes without an element.
    public func ifEmpty(default: Element) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// Continues with `other` when the maybe completes without an element.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// Continues with `other` when the maybe completes without an element.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
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
}
