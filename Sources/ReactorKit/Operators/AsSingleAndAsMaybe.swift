extension ObservableType {
    /// Returns the sequence as a ``Single``: its only element, sent when the source completes.
    ///
    /// A second element fails the result with `RxError.moreThanOneElement` at once;
    /// completion without an element fails it with `RxError.noElements`.
    ///
    /// ```swift
    /// Observable.of(1).asSingle()     // 1, completed (on completion)
    /// Observable.of(1, 2).asSingle()  // error(moreThanOneElement), at the second element
    /// ```
    public func asSingle() -> Single<Element> {
        Single(raw: AtMostOneElement(source: asObservable(), requiresElement: true))
    }

    /// Returns the sequence as a ``Maybe``: its element, if any, sent when the source completes.
    ///
    /// A second element fails the result with `RxError.moreThanOneElement` at once.
    ///
    /// ```swift
    /// Observable<Int>.empty().asMaybe()  // completed
    /// Observable.of(1).asMaybe()         // 1, completed (on completion)
    /// ```
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: AtMostOneElement(source: asObservable(), requiresElement: false))
    }
}

/// `asSingle()` and `asMaybe()`: at most one element, sent when the source completes; a
/// second one is an error at once, and so is none when `requiresElement`.
private final class AtMostOneElement<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let requiresElement: Bool

    init(source: Observable<Element>, requiresElement: Bool) {
        self.source = source
        self.requiresElement = requiresElement
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AtMostOneElementSink(observer: observer, cancel: cancel, requiresElement: requiresElement)
        return (sink, source.subscribe(sink))
    }
}

private final class AtMostOneElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the slot is only touched by the source's serial events
    typealias Element = Observer.Element
    private let element = ElementSlot<Element>()
    private let requiresElement: Bool

    init(observer: Observer, cancel: Cancelable, requiresElement: Bool) {
        self.requiresElement = requiresElement
        super.init(observer: observer, cancel: cancel)
    }

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
            } else if requiresElement {
                forwardError(RxError.noElements)
                return
            }
            forwardCompleted()
        }
    }
}
