extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second`, if it has
    /// sent one, using `resultSelector`.
    ///
    /// Elements that arrive before `second` has sent anything are dropped. `second` is
    /// subscribed first; its completion is ignored, its error ends the result. The result
    /// completes with this sequence.
    ///
    /// ```swift
    /// let saves = saveTaps.withLatestFrom(form) { _, form in form.draft }
    /// ```
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Sends the latest element of `second` each time this sequence sends an element, once
    /// `second` has sent one.
    ///
    /// ```swift
    /// let drafts = saveTaps.withLatestFrom(draft)
    /// ```
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

private final class WithLatestFrom<First, Second, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let first: Observable<First>
    let second: Observable<Second>
    let resultSelector: (First, Second) throws -> Result

    init(
        first: Observable<First>,
        second: Observable<Second>,
        resultSelector: @escaping (First, Second) throws -> Result
    ) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = WithLatestFromSink<First, Second, Observer>(
            resultSelector: resultSelector, observer: observer, cancel: cancel)
        return (sink, sink.run(first: first, second: second))
    }
}

/// Observes the first sequence and, through `WithLatestFromSecondObserver`, the second one,
/// handling both with `lock` held (forwarding included), as RxSwift does.
private final class WithLatestFromSink<First, Second, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: `latest` is guarded by `lock`
    private let resultSelector: (First, Second) throws -> Observer.Element
    private let lock = RecursiveLock()
    /// The latest element of the second sequence; guarded by `lock`.
    private let latest = ElementSlot<Second>()

    init(
        resultSelector: @escaping (First, Second) throws -> Observer.Element,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func run(first: Observable<First>, second: Observable<Second>) -> Disposable {
        let secondSubscription = SingleAssignmentDisposable()
        secondSubscription.setDisposable(
            second.subscribe(WithLatestFromSecondObserver(sink: self, subscription: secondSubscription)))
        let firstSubscription = first.subscribe(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    func onNext(_ element: First) {
        lock.lock()
        if latest.hasValue {
            let result: Observer.Element
            do {
                result = try resultSelector(element, latest.value)
            } catch {
                forwardError(error)
                lock.unlock()
                return
            }
            forwardNext(result)
        }
        lock.unlock()
    }

    func on(_ event: Event<First>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            lock.lock()
            forwardError(error)
            lock.unlock()
        case .completed:
            lock.lock()
            forwardCompleted()
            lock.unlock()
        }
    }

    /// Stores an element of the second sequence as the latest one.
    func onSecondNext(_ element: Second) {
        lock.lock()
        latest.store(element)
        lock.unlock()
    }

    /// Handles a terminal event of the second sequence, whose subscription is `subscription`.
    func onSecondStopped(_ error: Swift.Error?, subscription: Disposable) {
        lock.lock()
        if let error {
            forwardError(error)
        } else {
            subscription.dispose()
        }
        lock.unlock()
    }
}

private struct WithLatestFromSecondObserver<First, Second, Observer: ObserverType>: ObserverType {
    let sink: WithLatestFromSink<First, Second, Observer>
    let subscription: Disposable

    func onNext(_ element: Second) {
        sink.onSecondNext(element)
    }

    func on(_ event: Event<Second>) {
        switch event {
        case .next(let element):
            sink.onSecondNext(element)
        case .error(let error):
            sink.onSecondStopped(error, subscription: subscription)
        case .completed:
            sink.onSecondStopped(nil, subscription: subscription)
        }
    }
}
