extension ObservableType {
    /// Sends the elements of this sequence, then, once it completes, those of `second`.
    ///
    /// `second` is subscribed only after this sequence completes; an error from this sequence
    /// ends the result without subscribing to `second`.
    ///
    /// ```swift
    /// let state = cachedState.concat(liveState)
    /// ```
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
    where Source.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }

    /// Sends the elements of each sequence of `sequence` in turn, subscribing to the next one
    /// only after the previous one completed.
    ///
    /// The first error ends the result. Nested concatenations (`concat` of a sequence whose
    /// last element is itself a `concat` of the same kind) run without growing the stack.
    ///
    /// ```swift
    /// let steps = Observable.concat(AnySequence([load, migrate, save]))
    /// ```
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        ConcatProducer(sources: sequence, count: nil)
    }

    /// Sends the elements of each sequence of `collection` in turn, subscribing to the next
    /// one only after the previous one completed.
    ///
    /// The first error ends the result. Nested concatenations run without growing the stack.
    ///
    /// ```swift
    /// let steps = Observable.concat([load, migrate, save])
    /// ```
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
    where Collection.Element == Observable<Element> {
        ConcatProducer(sources: collection, count: collection.count)
    }

    /// Sends the elements of each of `sources` in turn, subscribing to the next one only
    /// after the previous one completed.
    ///
    /// ```swift
    /// let steps = Observable.concat(load, migrate, save)
    /// ```
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        ConcatProducer(sources: sources, count: sources.count)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Sends the elements of each inner sequence in turn, subscribing to the next one only
    /// after the previous one completed.
    ///
    /// Equivalent to `merge(maxConcurrent: 1)`: inner sequences that arrive while one is
    /// active wait in a queue.
    ///
    /// ```swift
    /// let saves = edits.map { save($0) }.concat()
    /// ```
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}

private final class ConcatProducer<Sources: Sequence, Element>: Producer<Element>, @unchecked Sendable
where Sources.Element == Observable<Element> {
    // @unchecked Sendable: immutable
    let sources: Sources
    /// How many sources there are, when known; lets the sink drop an exhausted iterator early.
    let count: Int?

    init(sources: Sources, count: Int?) {
        self.sources = sources
        self.count = count
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ConcatSink<Sources, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(sources, count: count))
    }
}

/// Subscribes to one source at a time, like RxSwift's tail-recursive sink.
///
/// Moving to the next source goes through a gate: a completion that arrives while the sink
/// is already moving (a source that completes during its own subscription) is queued and
/// handled by the loop in `moveNext()` instead of recursing, so the stack stays flat
/// however many sources complete synchronously. A source that is itself a concatenation of
/// the same kind is flattened into the stack of iterators instead of being subscribed.
private final class ConcatSink<Sources: Sequence, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Sources.Element == Observable<Observer.Element> {
    // @unchecked Sendable: `iterators` is only touched inside the gate; gate state is guarded by `gateLock`
    typealias Element = Observer.Element

    private let subscription = SerialDisposable()
    private var iterators: [(iterator: Sources.Iterator, remaining: Int?)] = []
    private let gateLock = Lock()
    private var isMoving = false
    private var pendingMoves = 0
    private var isGateClosed = false

    func run(_ sources: Sources, count: Int?) -> Disposable {
        iterators.append((sources.makeIterator(), count))
        moveNext()
        return subscription
    }

    func onNext(_ element: Element) {
        forwardNext(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            moveNext()
        }
    }

    override func dispose() {
        super.dispose()
        subscription.dispose()
        gateLock.performLocked {
            isGateClosed = true
            pendingMoves = 0
        }
    }

    /// Subscribes to the next source, or queues the move when one is already in progress.
    private func moveNext() {
        let movesNow = gateLock.performLocked { () -> Bool in
            if isGateClosed { return false }
            if isMoving {
                pendingMoves += 1
                return false
            }
            isMoving = true
            return true
        }
        guard movesNow else { return }
        repeat {
            subscribeToNextSource()
        } while gateLock.performLocked({ () -> Bool in
            if pendingMoves > 0 && !isGateClosed {
                pendingMoves -= 1
                return true
            }
            isMoving = false
            return false
        })
    }

    /// Runs inside the gate.
    private func subscribeToNextSource() {
        var next: Observable<Element>?
        while next == nil, let (iterator, remaining) = iterators.popLast() {
            if isDisposed {
                iterators.removeAll()
                return
            }
            var current = iterator
            guard let candidate = current.next() else { continue }
            if let remaining {
                // The last element of a collection needs no iterator left behind: this keeps
                // endless tail recursion from piling up exhausted iterators.
                if remaining > 1 { iterators.append((current, remaining - 1)) }
            } else {
                iterators.append((current, nil))
            }
            if let nested = candidate as? ConcatProducer<Sources, Element> {
                iterators.append((nested.sources.makeIterator(), nested.count))
            } else {
                next = candidate
            }
        }
        guard let next else {
            forwardCompleted()
            return
        }
        let disposable = SingleAssignmentDisposable()
        subscription.disposable = disposable
        disposable.setDisposable(next.subscribe(self))
    }
}
