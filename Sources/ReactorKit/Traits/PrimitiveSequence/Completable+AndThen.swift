extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Subscribes to `second` once this completable completes; the result is `second`'s.
    ///
    /// An error from this completable ends the result without subscribing to `second`.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        Single(raw: ConcatCompletable(completable: primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Subscribes to `second` once this completable completes; the result is `second`'s.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        Maybe(raw: ConcatCompletable(completable: primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Subscribes to `second` once this completable completes; the result is `second`'s.
    public func andThen(_ second: Completable) -> Completable {
        Completable(
            raw: ConcatCompletable(completable: primitiveSequence.asObservable(), second: second.asObservable()))
    }

    /// Subscribes to `second` once this completable completes; the result is `second`'s.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        ConcatCompletable(completable: primitiveSequence.asObservable(), second: second.asObservable())
    }
}

private final class ConcatCompletable<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let completable: Observable<Never>
    let second: Observable<Element>

    init(completable: Observable<Never>, second: Observable<Element>) {
        self.completable = completable
        self.second = second
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ConcatCompletableSink(second: second, observer: observer, cancel: cancel)
        return (sink, sink.run(completable))
    }
}

/// Observes the completable, then `second` through a ``ConcatCompletableSecondObserver``.
private final class ConcatCompletableSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the completable's and `second`'s events come one after the other
    typealias Element = Never
    private let second: Observable<Observer.Element>
    private let subscription = SerialDisposable()

    init(second: Observable<Observer.Element>, observer: Observer, cancel: Cancelable) {
        self.second = second
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ completable: Observable<Never>) -> Disposable {
        let first = SingleAssignmentDisposable()
        subscription.disposable = first
        first.setDisposable(completable.subscribe(self))
        return subscription
    }

    func onNext(_ element: Never) {}

    func on(_ event: Event<Never>) {
        switch event {
        case .next:
            break
        case .error(let error):
            forwardError(error)
        case .completed:
            // Replaces (and so disposes) the completable's subscription.
            subscription.disposable = second.subscribe(ConcatCompletableSecondObserver(parent: self))
        }
    }
}

private final class ConcatCompletableSecondObserver<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: immutable
    typealias Element = Observer.Element
    private let parent: ConcatCompletableSink<Observer>

    init(parent: ConcatCompletableSink<Observer>) {
        self.parent = parent
    }

    func onNext(_ element: Element) {
        parent.forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            parent.forwardNext(element)
        case .error(let error):
            parent.forwardError(error)
        case .completed:
            parent.forwardCompleted()
        }
    }
}
