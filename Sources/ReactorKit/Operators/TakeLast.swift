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
        let sink = TakeLastSink<[Element], Observer>(count: count, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// Keeps the last `count` elements in `elements`, a ring once full, whose oldest element is at
/// `oldest`.
///
/// `Buffer` is always `[Observer.Element]`. Taken as a generic parameter of its own, the array's
/// metadata comes with the sink's; written as `[Element]`, unspecialized code would look it up
/// for every array call (a generic struct's methods receive its full type), and a ``Queue``
/// would also look up its optional slots' type.
private final class TakeLastSink<Buffer: RangeReplaceableCollection & MutableCollection, Observer: ObserverType>:
    Sink<Observer>, ObserverType, @unchecked Sendable
where Buffer.Element == Observer.Element, Buffer.Index == Int {
    // @unchecked Sendable: the buffer is only touched by the source's serial events
    typealias Element = Observer.Element
    private let count: Int
    // Every access is a plain read or write, or an array mutation that runs no user code (a
    // replaced element is released after the access), so the dynamic exclusivity checks are
    // pure overhead here.
    @exclusivity(unchecked) private var elements = Buffer()
    @exclusivity(unchecked) private var oldest = 0

    init(count: Int, observer: Observer, cancel: Cancelable) {
        self.count = count
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        if elements.count < count {
            elements.append(element)
            return
        }
        if count == 0 { return }
        // Swapped out rather than overwritten, so that the replaced element's deinit, which may
        // run any code, runs after the array access, not inside it. Through the array's storage:
        // unspecialized code allocates a frame for each subscript access of a generic collection,
        // while the storage's pointer subscript needs none.
        var replaced = element
        let index = oldest
        let swapped: Void? = elements.withContiguousMutableStorageIfAvailable { storage in
            swap(&storage[index], &replaced)
        }
        if swapped == nil {
            swap(&elements[index], &replaced)  // not reached: an array always has contiguous storage
        }
        oldest = oldest + 1 == count ? 0 : oldest + 1
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            // Iterates a copy, so a re-entrant element cannot change what is being drained.
            let elements = self.elements
            let oldest = self.oldest
            for index in oldest..<elements.count {
                forwardNext(elements[index])
            }
            for index in 0..<oldest {
                forwardNext(elements[index])
            }
            forwardCompleted()
        }
    }
}
