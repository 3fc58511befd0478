/// The trait of a sequence without elements that completes or fails.
public enum CompletableTrait {}

/// A sequence without elements that completes or fails: work whose result is only "done".
///
/// ```swift
/// store.save(todo)  // Completable
///     .subscribe(onCompleted: { print("saved") }, onError: { print("failed:", $0) })
/// ```
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a ``Completable`` delivers: its completion or its error.
@frozen
public enum CompletableEvent {
    /// The sequence failed.
    case error(Swift.Error)
    /// The sequence completed.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The closure that a ``Completable`` created with `create(subscribe:)` sends its event to.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// Creates a completable from a subscribe function, called for each subscription.
    ///
    /// The function receives the observer, to call once with `.completed` or `.error`, and
    /// returns the disposable that cleans up the subscription. Later calls are ignored.
    public static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .error(let error):
                    observer.onError(error)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the completable's one event.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        let stopped = AtomicFlag()
        return primitiveSequence.source.subscribe { event in
            switch event {
            case .next:
                break  // `Never` has no values
            case .error(let error):
                guard stopped.set() else { return }
                observer(.error(error))
            case .completed:
                guard stopped.set() else { return }
                observer(.completed)
            }
        }
    }

    /// Subscribes closures that receive `object` (held weakly) with each event; events after
    /// `object` has been deallocated are dropped.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes closures for completion, the error and disposal.
    ///
    /// `onDisposed` runs once: right after `onCompleted` or `onError`, or when the
    /// subscription is disposed. An error without `onError` is reported on standard error in
    /// debug builds.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let disposed = OnceAction(onDisposed)
        return primitiveSequence.source.subscribe(
            onError: { error in
                if let onError {
                    onError(error)
                } else {
                    reportUnhandledError(error)
                }
                disposed.run()
            },
            onCompleted: {
                onCompleted?()
                disposed.run()
            },
            onDisposed: disposed.run
        )
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Returns a completable that fails with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        Completable(raw: Observable.error(error))
    }

    /// Returns a completable that never sends anything.
    public static func never() -> Completable {
        Completable(raw: Observable.never())
    }

    /// Returns a completable that completes at once.
    public static func empty() -> Completable {
        Completable(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs side effects for the completable's events and subscription, and forwards them
    /// unchanged.
    ///
    /// - Parameters:
    ///   - onError: Runs before the error is forwarded.
    ///   - afterError: Runs after the error has been forwarded.
    ///   - onCompleted: Runs before completion is forwarded.
    ///   - afterCompleted: Runs after completion has been forwarded.
    ///   - onSubscribe: Runs before the source is subscribed.
    ///   - onSubscribed: Runs after the source has been subscribed.
    ///   - onDispose: Runs after the source subscription has been disposed.
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        Completable(
            raw: primitiveSequence.source.do(
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            ))
    }

    /// Runs `second` after this completable completes.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs the completables of `sequence` one after another, stopping at the first error.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable
    where Sequence.Element == Completable {
        Completable(raw: Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// Runs the completables of `collection` one after another, stopping at the first error.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs the given completables one after another, stopping at the first error.
    public static func concat(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Runs every completable of `sources` at once; completes when all have completed, fails
    /// with the first error. For completables `zip` is `merge`.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable
    where Collection.Element == Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs every completable of `sources` at once; completes when all have completed.
    public static func zip(_ sources: [Completable]) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs the given completables at once; completes when all have completed.
    public static func zip(_ sources: Completable...) -> Completable {
        Completable(raw: Observable.merge(sources.map { $0.asObservable() }))
    }
}
