extension ObservableType {
    /// Returns the elements of the sequence until `other` sends an element.
    ///
    /// `other` is subscribed first, then the source. When `other` sends an element, the
    /// sequence completes; when it fails, the sequence fails with its error; when it completes,
    /// it is ignored and the source continues.
    ///
    /// ```swift
    /// let stop = PublishSubject<Void>()
    /// ticks.take(until: stop)  // ticks until `stop.onNext(())`
    /// ```
    ///
    /// - Parameter other: The sequence whose first element ends this one.
    /// - Returns: The source's elements up to the first element of `other`.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntil(source: asObservable(), other: other.asObservable())
    }

    /// Returns the elements of the sequence until `predicate` returns `true` for one.
    ///
    /// With ``TakeBehavior/exclusive`` the matching element is dropped; with
    /// ``TakeBehavior/inclusive`` it is sent before completion. An error thrown by `predicate`
    /// is sent as the sequence's error.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 4).take(until: { $0 == 3 })                        // 1, 2
    /// Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive)  // 1, 2, 3
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Tests each element; `true` ends the sequence.
    ///   - behavior: Whether the matching element is included. Defaults to `.exclusive`.
    /// - Returns: The source's elements before the first one that matches.
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        TakeUntilPredicate(source: asObservable(), behavior: behavior, predicate: predicate)
    }

    /// Returns the elements of the sequence as long as `predicate` returns `true`.
    ///
    /// With ``TakeBehavior/exclusive`` the first failing element is dropped; with
    /// ``TakeBehavior/inclusive`` it is sent before completion. An error thrown by `predicate`
    /// is sent as the sequence's error.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 1).take(while: { $0 < 3 })  // 1, 2, completed
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Tests each element; `false` ends the sequence.
    ///   - behavior: Whether the first failing element is included. Defaults to `.exclusive`.
    /// - Returns: The source's elements before the first one that fails the test.
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(until: { try !predicate($0) }, behavior: behavior)
    }

    /// Returns the elements of the sequence until `other` sends an element.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }

    /// Returns the elements of the sequence until `predicate` returns `true` for one.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior)
    }

    /// Returns the elements of the sequence as long as `predicate` returns `true`.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate, behavior: .exclusive)
    }
}

/// Whether the predicate-based `take` operators include the element that ends the sequence.
public enum TakeBehavior: Sendable {
    /// Include the element that ends the sequence.
    case inclusive
    /// Exclude the element that ends the sequence.
    case exclusive
}

// MARK: - take(until: other)

private final class TakeUntil<Element, Other>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = TakeUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let otherObserver = TakeUntilOtherObserver(sink: sink)
        otherObserver.subscription.setDisposable(other.subscribe(otherObserver))
        let sourceSubscription = source.subscribe(sink)
        return (sink, Disposables.create(sourceSubscription, otherObserver.subscription))
    }
}

private final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: events of both sources are serialized by `lock`
    typealias Element = Observer.Element
    let lock = RecursiveLock()

    func onNext(_ element: Element) {
        lock.lock()
        defer { lock.unlock() }
        forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            defer { lock.unlock() }
            forwardError(error)
        case .completed:
            lock.lock()
            defer { lock.unlock() }
            forwardCompleted()
        }
    }
}

private final class TakeUntilOtherObserver<Other, Observer: ObserverType>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: events are serialized by the sink's lock
    private let sink: TakeUntilSink<Other, Observer>
    let subscription = SingleAssignmentDisposable()

    init(sink: TakeUntilSink<Other, Observer>) {
        self.sink = sink
    }

    func onNext(_ element: Other) {
        sink.lock.lock()
        defer { sink.lock.unlock() }
        sink.forwardCompleted()
    }

    func on(_ event: Event<Other>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            sink.lock.lock()
            defer { sink.lock.unlock() }
            sink.forwardError(error)
        case .completed:
            sink.lock.lock()
            defer { sink.lock.unlock() }
            subscription.dispose()
        }
    }
}

// MARK: - take(until: predicate)

private final class TakeUntilPredicate<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let behavior: TakeBehavior
    let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.behavior = behavior
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = TakeUntilPredicateSink(
            behavior: behavior, predicate: predicate, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class TakeUntilPredicateSink<Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: `running` is only touched by the source's serial events
    typealias Element = Observer.Element
    private let behavior: TakeBehavior
    private let predicate: (Element) throws -> Bool
    // Every access is a plain read or write, never held across a call (the predicate runs
    // before the write begins), so the dynamic exclusivity check is pure overhead here.
    @exclusivity(unchecked) private var running = true

    init(
        behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.behavior = behavior
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        guard running else { return }
        do {
            running = try !predicate(element)
        } catch {
            forwardError(error)
            return
        }
        if running {
            forwardNext(element)
            return
        }
        if behavior == .inclusive {
            forwardNext(element)
        }
        forwardCompleted()
    }

    func on(_ event: Event<Element>) {
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
