extension ObservableType {
    /// Returns a sequence whose subscriptions each own a resource: `resourceFactory` makes it,
    /// `observableFactory` builds the sequence that uses it, and the resource is disposed
    /// (after the inner subscription) when the subscription ends.
    ///
    /// An error thrown by either factory is sent as the sequence's error; a resource already
    /// made is still disposed.
    ///
    /// ```swift
    /// Observable.using({ FileLock(path) }, observableFactory: { lock in lock.contents })
    /// ```
    ///
    /// - Parameters:
    ///   - resourceFactory: Makes the resource for one subscription.
    ///   - observableFactory: Makes the sequence that uses the resource.
    /// - Returns: The sequence `observableFactory` returns, tied to the resource's lifetime.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        Using(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

private final class Using<Element, Resource: Disposable>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let resourceFactory: () throws -> Resource
    let observableFactory: (Resource) throws -> Observable<Element>

    init(
        resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        var resource: Disposable = Disposables.create()
        do {
            let made = try resourceFactory()
            resource = made
            let source = try observableFactory(made)
            return (sink, Disposables.create(source.subscribe(sink), resource))
        } catch {
            return (sink, Disposables.create(Observable<Element>.error(error).subscribe(sink), resource))
        }
    }
}
