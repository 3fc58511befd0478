extension ObservableType {
    /// Forwards the source's events, or those of `other` when the source completes without
    /// elements.
    ///
    /// `other` is subscribed only when the source completes empty; the source's subscription
    /// is kept until the result ends, as in RxSwift.
    ///
    /// ```swift
    /// cached.ifEmpty(switchTo: fetchFromNetwork)
    /// ```
    ///
    /// - Parameter other: The sequence to continue with when the source is empty.
    /// - Returns: The source's events, or `other`'s after an empty source.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmpty(source: asObservable(), ifEmpty: other)
    }
}

private final class SwitchIfEmpty<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let ifEmpty: Observable<Element>

    init(source: Observable<Element>, ifEmpty: Observable<Element>) {
        self.source = source
        self.ifEmpty = ifEmpty
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SwitchIfEmptySink(ifEmpty: ifEmpty, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

private final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the source's events, then `ifEmpty`'s, arrive one after the other
    typealias Element = Observer.Element
    private let ifEmpty: Observable<Element>
    private let ifEmptySubscription = SingleAssignmentDisposable()
    @exclusivity(unchecked) private var isEmpty = true

    init(ifEmpty: Observable<Element>, observer: Observer, cancel: Cancelable) {
        self.ifEmpty = ifEmpty
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let subscription = source.subscribe(self)
        return Disposables.create(subscription, ifEmptySubscription)
    }

    func onNext(_ element: Element) {
        isEmpty = false
        forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            if isEmpty {
                ifEmptySubscription.setDisposable(ifEmpty.subscribe(SwitchIfEmptyOtherObserver(parent: self)))
            } else {
                forwardCompleted()
            }
        }
    }
}

private final class SwitchIfEmptyOtherObserver<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: immutable
    typealias Element = Observer.Element
    private let parent: SwitchIfEmptySink<Observer>

    init(parent: SwitchIfEmptySink<Observer>) {
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
