extension ObservableType {
    /// Forwards the events of whichever sequence in `sequence` sends an event first, and
    /// unsubscribes from the others at that moment.
    ///
    /// ```swift
    /// Observable.amb([primaryServer, mirror])  // the first to answer wins
    /// ```
    ///
    /// - Parameter sequence: The competing sequences, subscribed in order.
    /// - Returns: The events of the first sequence to send one; an empty `sequence` gives a
    ///   sequence that never sends anything.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
    where Sequence.Element == Observable<Element> {
        sequence.reduce(Observable<Element>.never()) { result, next in
            result.amb(next)
        }
    }

    /// Forwards the events of whichever of this sequence and `right` sends an event first,
    /// and unsubscribes from the other at that moment.
    ///
    /// ```swift
    /// cache.amb(network)
    /// ```
    ///
    /// - Parameter right: The competing sequence, subscribed after this one.
    /// - Returns: The events of the first of the two to send one.
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        Amb(left: asObservable(), right: right.asObservable())
    }
}

private enum AmbChoice {
    case neither
    case left
    case right
}

private final class Amb<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let left: Observable<Element>
    let right: Observable<Element>

    init(left: Observable<Element>, right: Observable<Element>) {
        self.left = left
        self.right = right
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AmbSink(observer: observer, cancel: cancel)
        return (sink, sink.run(left: left, right: right))
    }
}

/// Decides, under its lock, which side won; the loser's subscription is disposed then.
private final class AmbSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: `choice` is guarded by `lock`, held while forwarding
    typealias Element = Observer.Element
    private let lock = RecursiveLock()
    private let leftSubscription = SingleAssignmentDisposable()
    private let rightSubscription = SingleAssignmentDisposable()
    @exclusivity(unchecked) private var choice = AmbChoice.neither

    func run(left: Observable<Element>, right: Observable<Element>) -> Disposable {
        let subscriptions = Disposables.create(leftSubscription, rightSubscription)
        leftSubscription.setDisposable(left.subscribe(AmbObserver(parent: self, side: .left)))
        rightSubscription.setDisposable(right.subscribe(AmbObserver(parent: self, side: .right)))
        return subscriptions
    }

    func on(_ event: Event<Element>, from side: AmbChoice) {
        lock.lock()
        if choice == .neither {
            choice = side
            (side == .left ? rightSubscription : leftSubscription).dispose()
        }
        if choice == side {
            switch event {
            case .next(let element):
                forwardNext(element)
            case .error(let error):
                forwardError(error)
            case .completed:
                forwardCompleted()
            }
        }
        lock.unlock()
    }
}

private final class AmbObserver<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: immutable
    typealias Element = Observer.Element
    private let parent: AmbSink<Observer>
    private let side: AmbChoice

    init(parent: AmbSink<Observer>, side: AmbChoice) {
        self.parent = parent
        self.side = side
    }

    func on(_ event: Event<Element>) {
        parent.on(event, from: side)
    }
}
