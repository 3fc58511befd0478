extension ObservableType {
    /// Skips the first `count` elements of the sequence and returns the rest.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).skip(2)  // 3, completed
    /// ```
    ///
    /// - Parameter count: The number of elements to skip; zero or less skips nothing.
    /// - Returns: The source's elements after the first `count`.
    public func skip(_ count: Int) -> Observable<Element> {
        SkipCount(source: asObservable(), count: count)
    }
}

private final class SkipCount<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SkipCountSink(remaining: count, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `remaining` is only touched by the source's serial events
    typealias Element = Observer.Element
    // Every access is a plain read or write, never held across a call, so the dynamic
    // exclusivity check (a runtime call per access) is pure overhead here.
    @exclusivity(unchecked) private var remaining: Int

    init(remaining: Int, observer: Observer, cancel: Cancelable) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        if remaining <= 0 {
            forwardNext(element)
        } else {
            remaining -= 1
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
