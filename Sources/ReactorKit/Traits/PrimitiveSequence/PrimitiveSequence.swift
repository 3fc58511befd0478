/// A sequence of at most one element, constrained by `Trait`: ``Single``, ``Maybe`` or
/// ``Completable``.
///
/// A primitive sequence wraps an ``Observable`` whose events obey its trait's grammar, and
/// offers only the operators that keep that grammar. ``asObservable()`` returns the wrapped
/// sequence.
///
/// ```swift
/// let user: Single<User> = api.fetchUser(id: 42)
/// user.map(\.name)
///     .subscribe(onSuccess: { print($0) }, onFailure: { print("failed:", $0) })
///     .disposed(by: disposeBag)
/// ```
public struct PrimitiveSequence<Trait, Element>: Sendable {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        source = raw
    }
}

/// A type that represents a ``PrimitiveSequence``: the constraint of the traits' operators.
public protocol PrimitiveSequenceType {
    /// The trait that constrains the sequence's events.
    associatedtype Trait

    /// The type of the sequence's element.
    associatedtype Element

    /// The sequence as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// Returns `self`.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// Returns the wrapped sequence.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension PrimitiveSequence {
    /// Returns a sequence that calls `observableFactory` for each subscription and subscribes
    /// to the sequence it returns; a thrown error is sent as the sequence's error.
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.deferred { try observableFactory().asObservable() })
    }

    /// Shifts the element and completion forward in time by `dueTime`; an error is not delayed.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes to the source `dueTime` after the subscription.
    public func delaySubscription(
        _ dueTime: RxTimeInterval,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Delivers the events on `scheduler`.
    public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// Delivers the events on `scheduler`.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Subscribes to and unsubscribes from the source on `scheduler`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// Subscribes to and unsubscribes from the source on `scheduler`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// Continues with the sequence `handler` returns when the source fails.
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
    }

    /// Continues with the sequence `handler` returns when the source fails.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler)
    }

    /// Resubscribes after an error, for at most `maxAttemptCount` subscriptions in all.
    public func retry(_ maxAttemptCount: Int) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// Resubscribes after an error each time the sequence `notificationHandler` returns sends
    /// an element; its completion completes the result and its error fails it.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Resubscribes after an error each time the sequence `notificationHandler` returns sends
    /// an element.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Resubscribes after an error each time the sequence `notificationHandler` returns sends
    /// an element; its completion completes the result and its error fails it.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// Resubscribes after an error each time the sequence `notificationHandler` returns sends
    /// an element.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Prints every event and subscription on standard output, labelled with `identifier`.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Returns a sequence whose subscriptions each own a resource made by `resourceFactory`,
    /// disposed when the subscription ends.
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource for one subscription.
    ///   - primitiveSequenceFactory: Makes the sequence that uses the resource.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(
            raw: Observable.using(
                resourceFactory,
                observableFactory: { resource in try primitiveSequenceFactory(resource).asObservable() }))
    }

    /// Fails with `RxError.timeout` when no event arrives within `dueTime`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` when no event arrives within `dueTime`.
    public func timeout(
        _ dueTime: RxTimeInterval,
        other: PrimitiveSequence<Trait, Element>,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// Returns a sequence that sends 0 after `dueTime`, then completes.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
