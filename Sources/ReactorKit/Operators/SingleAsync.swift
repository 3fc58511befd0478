extension ObservableType {
    /// Forwards the source's only element, then its completion.
    ///
    /// A second element fails the result with `RxError.moreThanOneElement` at once; completion
    /// without an element fails it with `RxError.noElements`. Unlike ``asSingle()``, the
    /// element is forwarded as soon as it arrives.
    ///
    /// ```swift
    /// Observable.of(1).single()     // 1, completed
    /// Observable.of(1, 2).single()  // 1, error(moreThanOneElement)
    /// ```
    ///
    /// - Returns: The source's one element and completion, or an error.
    public func single() -> Observable<Element> {
        SingleAsync(source: asObservable(), predicate: nil)
    }

    /// Forwards the only element of the source for which `predicate` returns `true`, then the
    /// source's completion.
    ///
    /// A second matching element fails the result with `RxError.moreThanOneElement`;
    /// completion without a match fails it with `RxError.noElements`. An error thrown by
    /// `predicate` is sent as the sequence's error.
    ///
    /// - Parameter predicate: Tests each element.
    /// - Returns: The one matching element and completion, or an error.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SingleAsync(source: asObservable(), predicate: predicate)
    }
}

private final class SingleAsync<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let predicate: ((Element) throws -> Bool)?

    init(source: Observable<Element>, predicate: ((Element) throws -> Bool)?) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SingleAsyncSink(predicate: predicate, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class SingleAsyncSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `seenValue` is only touched by the source's serial events
    typealias Element = Observer.Element
    private let predicate: ((Element) throws -> Bool)?
    @exclusivity(unchecked) private var seenValue = false

    init(predicate: ((Element) throws -> Bool)?, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        if let predicate {
            let matches: Bool
            do {
                matches = try predicate(element)
            } catch {
                forwardError(error)
                return
            }
            if !matches { return }
        }
        if seenValue {
            forwardError(RxError.moreThanOneElement)
            return
        }
        seenValue = true
        forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            if seenValue {
                forwardCompleted()
            } else {
                forwardError(RxError.noElements)
            }
        }
    }
}
