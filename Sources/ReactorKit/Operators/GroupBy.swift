extension ObservableType {
    /// Splits the source's elements into groups by the key `keySelector` returns: a new group
    /// is sent (before its first element) the first time a key appears.
    ///
    /// The source stays subscribed while the result or any group is subscribed. Errors and
    /// completion reach every group, then the result; an error thrown by `keySelector` ends
    /// them the same way.
    ///
    /// ```swift
    /// todos.groupBy(keySelector: \.priority)
    ///     .flatMap { group in group.count().map { (group.key, $0) } }
    /// ```
    ///
    /// - Parameter keySelector: Returns the key of an element.
    /// - Returns: A sequence of groups, each with its key.
    public func groupBy<Key: Hashable>(
        keySelector: @escaping (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        GroupBy(source: asObservable(), selector: keySelector)
    }
}

private final class GroupBy<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let selector: (Element) throws -> Key

    init(source: Observable<Element>, selector: @escaping (Element) throws -> Key) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == GroupedObservable<Key, Element> {
        let sink = GroupBySink<Key, Element, Observer>(selector: selector, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

private final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == GroupedObservable<Key, Element> {
    // @unchecked Sendable: the group table is only touched by the source's serial events
    private let selector: (Element) throws -> Key
    private let subscription = SingleAssignmentDisposable()
    private let refCountDisposable: RefCountDisposable
    @exclusivity(unchecked) private var groups: [Key: PublishSubject<Element>] = [:]

    init(selector: @escaping (Element) throws -> Key, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        refCountDisposable = RefCountDisposable(disposable: subscription)
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        subscription.setDisposable(source.subscribe(self))
        return refCountDisposable
    }

    func onNext(_ element: Element) {
        let key: Key
        do {
            key = try selector(element)
        } catch {
            fail(error)
            return
        }
        if let writer = groups[key] {
            writer.onNext(element)
            return
        }
        let writer = PublishSubject<Element>()
        groups[key] = writer
        let group = GroupedObservable(
            key: key, source: AddRef(source: writer.asObservable(), refCount: refCountDisposable))
        forwardNext(group)
        writer.onNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            fail(error)
        case .completed:
            for writer in groups.values { writer.on(.completed) }
            forwardOn(.completed)
            subscription.dispose()
            dispose()
        }
    }

    private func fail(_ error: Swift.Error) {
        for writer in groups.values { writer.on(.error(error)) }
        forwardOn(.error(error))
        subscription.dispose()
        dispose()
    }
}
