extension ObservableType {
    /// Collects every element and emits them as one array when the source completes.
    ///
    /// RxSwift returns a `Single<[Element]>`; this library has no `Single`, so the result is an
    /// `Observable` that emits exactly one array and then completes (or only fails, if the
    /// source fails).
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).toArray()  // [1, 2, 3], then completed
    /// ```
    ///
    /// - Returns: A sequence with the single array of all source elements, then completion.
    public func toArray() -> Observable<[Element]> {
        ToArray(source: asObservable())
    }
}

private final class ToArray<Element>: Producer<[Element]>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == [Element] {
        let sink = ToArraySink<Element, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class ToArraySink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == [Element] {
    // @unchecked Sendable: `elements` is only touched by `on`, which upstream calls serially
    private var elements: [Element] = []

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            elements.append(element)
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            let result = elements
            elements = []
            forwardOn(.next(result))
            forwardOn(.completed)
            dispose()
        }
    }
}
