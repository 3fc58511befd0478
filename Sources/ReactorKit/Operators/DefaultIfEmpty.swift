extension ObservableType {
    /// Forwards the source's elements, or sends `default` when the source completes without any.
    ///
    /// ```swift
    /// Observable<Int>.empty().ifEmpty(default: 0)  // 0, completed
    /// ```
    ///
    /// - Parameter default: The element sent when the source completes empty.
    /// - Returns: The source's events, with `default` before completion if it sent nothing.
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmpty(source: asObservable(), default: `default`)
    }
}

private final class DefaultIfEmpty<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let `default`: Element

    init(source: Observable<Element>, default: Element) {
        self.source = source
        self.default = `default`
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DefaultIfEmptySink(default: `default`, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class DefaultIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `isEmpty` is only touched by the source's serial events
    typealias Element = Observer.Element
    private let `default`: Element
    @exclusivity(unchecked) private var isEmpty = true

    init(default: Element, observer: Observer, cancel: Cancelable) {
        self.default = `default`
        super.init(observer: observer, cancel: cancel)
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
                forwardNext(`default`)
            }
            forwardCompleted()
        }
    }
}
