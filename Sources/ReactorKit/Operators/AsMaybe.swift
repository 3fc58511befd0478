extension ObservableType {
    /// Returns the sequence as a ``Maybe``: its element, if any, sent when the source completes.
    ///
    /// A second element fails the result with `RxError.moreThanOneElement` at once.
    ///
    /// ```swift
    /// Observable<Int>.empty().asMaybe()  // completed
    /// Observable.of(1).asMaybe()         // 1, completed (on completion)
    /// ```
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: AsMaybe(source: asObservable()))
    }
}

private final class AsMaybe<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AsMaybeSink(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class AsMaybeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the slot is only touched by the source's serial events
    typealias Element = Observer.Element
    private let element = ElementSlot<Element>()

    func onNext(_ element: Element) {
        if self.element.hasValue {
            forwardError(RxError.moreThanOneElement)
            return
        }
        self.element.store(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            if element.hasValue {
                forwardNext(element.take())
            }
            forwardCompleted()
        }
    }
}
