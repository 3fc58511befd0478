extension ObservableType {
    /// Skips elements as long as `predicate` returns `true`, then returns the rest.
    ///
    /// `predicate` is not called again once an element has failed it. An error thrown by
    /// `predicate` is sent as the sequence's error.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 1).skip(while: { $0 < 3 })  // 3, 1, completed
    /// ```
    ///
    /// - Parameter predicate: Tests each leading element; `false` starts forwarding.
    /// - Returns: The source's elements from the first one that fails the test.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SkipWhile(source: asObservable(), predicate: predicate)
    }

    /// Skips elements as long as `predicate` returns `true`, then returns the rest.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }
}

private final class SkipWhile<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `running` is only touched by the source's serial events
    typealias Element = Observer.Element
    private let predicate: (Element) throws -> Bool
    // Every access is a plain read or write, never held across a call (the predicate runs
    // before the write begins), so the dynamic exclusivity check is pure overhead here.
    @exclusivity(unchecked) private var running = false

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        if !running {
            do {
                running = try !predicate(element)
            } catch {
                forwardError(error)
                return
            }
        }
        if running {
            forwardNext(element)
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
