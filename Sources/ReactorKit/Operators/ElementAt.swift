extension ObservableType {
    /// Sends only the element at `index` (counting from 0), then completes.
    ///
    /// The source is unsubscribed once that element has been sent. A source that completes
    /// before reaching `index` fails the result with `RxError.argumentOutOfRange`.
    ///
    /// ```swift
    /// Observable.of("a", "b", "c").element(at: 1)  // "b", completed
    /// ```
    ///
    /// - Parameter index: The index of the element to send; must not be negative.
    /// - Returns: A sequence of the one element at `index`.
    public func element(at index: Int) -> Observable<Element> {
        ElementAt(source: asObservable(), index: index, throwOnEmpty: true)
    }

    /// Sends only the element at `index`, then completes.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

private final class ElementAt<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let index: Int
    let throwOnEmpty: Bool

    init(source: Observable<Element>, index: Int, throwOnEmpty: Bool) {
        precondition(index >= 0, "index can't be negative")
        self.source = source
        self.index = index
        self.throwOnEmpty = throwOnEmpty
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ElementAtSink(remaining: index, throwOnEmpty: throwOnEmpty, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `remaining` is only touched by the source's serial events
    typealias Element = Observer.Element
    private let throwOnEmpty: Bool
    @exclusivity(unchecked) private var remaining: Int

    init(remaining: Int, throwOnEmpty: Bool, observer: Observer, cancel: Cancelable) {
        self.remaining = remaining
        self.throwOnEmpty = throwOnEmpty
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        if remaining == 0 {
            remaining = -1
            forwardNext(element)
            forwardCompleted()
            return
        }
        if remaining > 0 {
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
            if throwOnEmpty {
                forwardError(RxError.argumentOutOfRange)
            } else {
                forwardCompleted()
            }
        }
    }
}
