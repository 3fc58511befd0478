extension ObservableType {
    /// Collects every element and emits them as one array when the source completes.
    ///
    /// The result sends exactly one array, then completes, or only fails if the source fails.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).toArray()  // [1, 2, 3], then completed
    /// ```
    ///
    /// - Returns: A sequence with the single array of all source elements, then completion.
    public func toArray() -> Single<[Element]> {
        Single(raw: ToArray(source: asObservable()))
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
        let sink = ToArraySink<Element, [Element], Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// `Collected` is always `[Element]`. Taken as a generic parameter of its own, the array's
/// metadata comes with the sink's; written as `[Element]`, unspecialized code would look it up
/// for every `append` (a generic struct's methods receive its full type).
private final class ToArraySink<Element, Collected: RangeReplaceableCollection, Observer: ObserverType>: Sink<Observer>,
    ObserverType, @unchecked Sendable
where Collected.Element == Element, Observer.Element == Collected {
    // @unchecked Sendable: `elements` is only touched by the source's serial events

    // Every access is a plain read, write or `append` (which calls no user code), never held
    // across a call, so the dynamic exclusivity check is pure overhead here.
    @exclusivity(unchecked) private var elements = Collected()

    func onNext(_ element: Element) {
        elements.append(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            let result = elements
            elements = Collected()
            forwardNext(result)
            forwardCompleted()
        }
    }
}
