extension ObservableType {
    /// Creates an observable from a subscribe function.
    ///
    /// The function receives an observer for each subscription and returns the disposable
    /// that cleans up that subscription. Events after a terminal event are ignored, and the
    /// subscription is disposed right after it. Call the observer serially.
    ///
    /// ```swift
    /// let numbers = Observable<Int>.create { observer in
    ///     observer.onNext(1)
    ///     observer.onCompleted()
    ///     return Disposables.create()
    /// }
    /// ```
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        AnonymousObservable(subscribe)
    }
}

private final class AnonymousObservable<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let subscribeHandler: (AnyObserver<Element>) -> Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AnonymousObservableSink(observer: observer, cancel: cancel)
        let subscription = subscribeHandler(AnyObserver(sink))
        return (sink, subscription)
    }
}

private final class AnonymousObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    private let isStopped = AtomicFlag()

    func onNext(_ element: Observer.Element) {
        if isStopped.isSet { return }
        forwardNext(element)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            if isStopped.set() {
                forwardError(error)
            }
        case .completed:
            if isStopped.set() {
                forwardCompleted()
            }
        }
    }
}
