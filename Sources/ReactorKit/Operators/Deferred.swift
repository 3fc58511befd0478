extension ObservableType {
    /// Creates an observable that calls `observableFactory` for each subscription and
    /// subscribes to the observable it returns.
    ///
    /// An error thrown by the factory is sent as the sequence's error.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element>
    {
        Deferred(observableFactory)
    }
}

private final class Deferred<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let observableFactory: () throws -> Observable<Element>

    init(_ observableFactory: @escaping () throws -> Observable<Element>) {
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        do {
            let source = try observableFactory()
            return (sink, source.subscribe(sink))
        } catch {
            sink.forwardError(error)
            return (sink, Disposables.create())
        }
    }
}
