extension ObservableType {
    /// Returns the last `count` elements of the sequence, sent when the source completes.
    ///
    /// The operator buffers up to `count` elements; on completion it sends them, then
    /// completes. An error is forwarded at once and the buffer is dropped.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3, 4).takeLast(2)  // 3, 4, completed (all on completion)
    /// ```
    ///
    /// - Parameter count: The number of elements to return from the end; must not be negative.
    /// - Returns: A sequence of at most `count` elements from the end of the source.
    public func takeLast(_ count: Int) -> Observable<Element> {
        TakeLast(source: asObservable(), count: count)
    }
}

private final class TakeLast<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let count: Int

    init(source: Observable<Element>, count: Int) {
        precondition(count >= 0, "count can't be negative")
        self.source = source
        self.count = count
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = TakeLastSink(count: count, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the buffer is only touched by the source's serial events
    typealias Element = Observer.Element
    private let count: Int
    private var elements: Queue<Element>

    init(count: Int, observer: Observer, cancel: Cancelable) {
        self.count = count
        elements = Queue(capacity: count + 1)
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            elements.enqueue(element)
            if elements.count > count {
                _ = elements.dequeue()
            }
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            // Iterates a copy, so a re-entrant element cannot change what is being drained.
            for element in elements {
                forwardOn(.next(element))
            }
            forwardOn(.completed)
            dispose()
        }
    }
}
