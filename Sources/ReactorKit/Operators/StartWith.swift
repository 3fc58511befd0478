extension ObservableType {
    /// Sends `elements`, in the order given, to each subscriber before subscribing it to this
    /// sequence.
    ///
    /// ```swift
    /// let state = mutations.scan(initialState, accumulator: reduce).startWith(initialState)
    /// ```
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWith(source: asObservable(), elements: elements)
    }
}

private final class StartWith<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        for element in elements {
            observer.onNext(element)
        }
        return (Disposables.create(), source.subscribe(observer))
    }
}
