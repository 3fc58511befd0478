/// How a ``CombiningSink`` pairs its sources' elements and when it completes.
///
/// `combineLatest` and `zip` differ only in these rules; the rules below are RxSwift's.
struct CombiningRule: Sendable {
    /// Whether each element is used in one result only (`zip`), rather than kept as its
    /// source's latest element until the next one arrives (`combineLatest`).
    let consumesElements: Bool
    /// Whether an element that arrives while every other source has completed, and some
    /// source has nothing to combine, completes the result at once.
    let completesWhenStarved: Bool
    /// Whether combining no sources at all sends one result (of no elements) before completing.
    let combinesNoSources: Bool

    /// `combineLatest`, with any number of sources.
    static let combineLatest = CombiningRule(
        consumesElements: false, completesWhenStarved: true, combinesNoSources: true)
    /// `zip` of 2 to 8 sources: completes only when every source has completed.
    static let zip = CombiningRule(consumesElements: true, completesWhenStarved: false, combinesNoSources: false)
    /// `zip` of a collection of sources.
    static let zipCollection = CombiningRule(
        consumesElements: true, completesWhenStarved: true, combinesNoSources: false)
}

/// The core shared by `combineLatest` and `zip`: counts, per source, the elements available
/// and whether it completed, and decides when to combine, complete or fail.
///
/// Subclasses hold the sources' elements with their types (``CombiningPackSink`` for 2 to 8
/// sources, ``CombiningArraySink`` for a collection) and combine them in ``makeResult()``.
/// Every source's event is handled with `lock` held, forwarding included, as in RxSwift, so
/// the observer never receives two events at once.
class CombiningSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: the mutable state is guarded by `lock`
    let lock = RecursiveLock()
    let rule: CombiningRule
    private var sources: ContiguousArray<CombiningSourceState>
    private var sourcesWithElements = 0
    private var doneCount = 0

    init(arity: Int, rule: CombiningRule, observer: Observer, cancel: Cancelable) {
        self.rule = rule
        sources = ContiguousArray(repeating: CombiningSourceState(), count: arity)
        super.init(observer: observer, cancel: cancel)
    }

    /// Combines one element of each source; when the rule consumes elements, takes them.
    func makeResult() throws -> Observer.Element {
        rxAbstractMethod()
    }

    /// Called with `lock` held after source `index` stored a new element.
    final func elementArrived(at index: Int) {
        if sources[index].available == 0 {
            sourcesWithElements += 1
        }
        sources[index].available = rule.consumesElements ? sources[index].available + 1 : 1
        guard sourcesWithElements == sources.count else {
            let othersDone = doneCount - (sources[index].isDone ? 1 : 0)
            if rule.completesWhenStarved && othersDone == sources.count - 1 {
                forwardOn(.completed)
                dispose()
            }
            return
        }
        if rule.consumesElements {
            for position in sources.indices {
                sources[position].available -= 1
                if sources[position].available == 0 {
                    sourcesWithElements -= 1
                }
            }
        }
        do {
            forwardOn(.next(try makeResult()))
        } catch {
            forwardOn(.error(error))
            dispose()
        }
    }

    /// Called with `lock` held when a source fails.
    final func sourceFailed(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    /// Called with `lock` held when source `index` completes (its subscription already disposed).
    final func sourceCompleted(at index: Int) {
        if sources[index].isDone { return }
        sources[index].isDone = true
        doneCount += 1
        if doneCount == sources.count {
            forwardOn(.completed)
            dispose()
        }
    }

    /// Finishes a combination of no sources, at subscription.
    final func finishWithoutSources() {
        if rule.combinesNoSources {
            do {
                forwardOn(.next(try makeResult()))
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
        }
        forwardOn(.completed)
        dispose()
    }
}

/// What a ``CombiningSink`` knows of one source. Not nested in the generic sink, so that its
/// metadata is static and costs nothing in unspecialized code.
struct CombiningSourceState {
    /// Elements available to combine: how many (`zip`), or 1 once one arrived (`combineLatest`).
    var available = 0
    var isDone = false
}

/// The elements one source has sent and not yet combined (`zip`), or its latest one
/// (`combineLatest`). Only touched with the sink's lock held.
///
/// The next element to combine is kept in a plain stored property; only `zip` elements that
/// arrive while one is already waiting go to a queue, created on first need. This keeps the
/// common path free of queue operations, which matter in unspecialized generic code.
final class CombiningBuffer<Element> {
    private let consumesElements: Bool
    private var next: Element?
    private var waiting: Queue<Element>?
    private var waitingCount = 0

    init(consumesElements: Bool) {
        self.consumesElements = consumesElements
    }

    func push(_ element: Element) {
        if consumesElements && next != nil {
            if waiting == nil { waiting = Queue() }
            waiting!.enqueue(element)
            waitingCount += 1
        } else {
            next = element
        }
    }

    /// The element to combine; removed when elements are consumed.
    func take() -> Element {
        let element = next!
        if consumesElements {
            if waitingCount > 0 {
                waitingCount -= 1
                next = waiting!.dequeue()
            } else {
                next = nil
            }
        }
        return element
    }
}

/// Observes source `index` of a ``CombiningSink``, storing its elements in `buffer`.
struct CombiningObserver<Element, Observer: ObserverType>: ObserverType {
    let sink: CombiningSink<Observer>
    let buffer: CombiningBuffer<Element>
    let index: Int
    let subscription: SingleAssignmentDisposable

    func on(_ event: Event<Element>) {
        sink.lock.lock()
        defer { sink.lock.unlock() }
        switch event {
        case .next(let element):
            buffer.push(element)
            sink.elementArrived(at: index)
        case .error(let error):
            subscription.dispose()
            sink.sourceFailed(error)
        case .completed:
            subscription.dispose()
            sink.sourceCompleted(at: index)
        }
    }
}

/// Combines a fixed list of sources of different element types (the 2-to-8 overloads).
final class CombiningPackSink<each Source, Observer: ObserverType>: CombiningSink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: the buffers are only touched with `lock` held
    private let buffers: (repeat CombiningBuffer<each Source>)
    private let resultSelector: (repeat each Source) throws -> Observer.Element

    init(
        rule: CombiningRule,
        resultSelector: @escaping (repeat each Source) throws -> Observer.Element,
        observer: Observer,
        cancel: Cancelable
    ) {
        let buffers = (repeat CombiningBuffer<each Source>(consumesElements: rule.consumesElements))
        var arity = 0
        for _ in repeat each buffers {
            arity += 1
        }
        self.buffers = buffers
        self.resultSelector = resultSelector
        super.init(arity: arity, rule: rule, observer: observer, cancel: cancel)
    }

    /// Subscribes to the sources in order.
    func run(_ sources: repeat Observable<each Source>) -> Disposable {
        var subscriptions: [Disposable] = []
        var index = 0
        for (source, buffer) in repeat (each sources, each buffers) {
            let subscription = SingleAssignmentDisposable()
            subscriptions.append(subscription)
            subscription.setDisposable(
                source.subscribe(
                    CombiningObserver(sink: self, buffer: buffer, index: index, subscription: subscription)))
            index += 1
        }
        return Disposables.create(subscriptions)
    }

    override func makeResult() throws -> Observer.Element {
        try resultSelector(repeat (each buffers).take())
    }
}

/// Combines any number of sources of one element type (the collection overloads).
final class CombiningArraySink<Source, Observer: ObserverType>: CombiningSink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: the buffers are only touched with `lock` held
    private let buffers: [CombiningBuffer<Source>]
    private let resultSelector: ([Source]) throws -> Observer.Element

    init(
        arity: Int,
        rule: CombiningRule,
        resultSelector: @escaping ([Source]) throws -> Observer.Element,
        observer: Observer,
        cancel: Cancelable
    ) {
        buffers = (0..<arity).map { _ in CombiningBuffer(consumesElements: rule.consumesElements) }
        self.resultSelector = resultSelector
        super.init(arity: arity, rule: rule, observer: observer, cancel: cancel)
    }

    /// Subscribes to the sources in order.
    func run(_ sources: [Observable<Source>]) -> Disposable {
        if sources.isEmpty {
            finishWithoutSources()
            return Disposables.create()
        }
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(sources.count)
        for (index, source) in sources.enumerated() {
            let subscription = SingleAssignmentDisposable()
            subscriptions.append(subscription)
            subscription.setDisposable(
                source.subscribe(
                    CombiningObserver(sink: self, buffer: buffers[index], index: index, subscription: subscription)))
        }
        return Disposables.create(subscriptions)
    }

    override func makeResult() throws -> Observer.Element {
        try resultSelector(buffers.map { $0.take() })
    }
}

/// `combineLatest`/`zip` of 2 to 8 sources.
final class CombiningPackProducer<each Source, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let rule: CombiningRule
    let sources: (repeat Observable<each Source>)
    let resultSelector: (repeat each Source) throws -> Result

    init(
        rule: CombiningRule,
        _ sources: repeat Observable<each Source>,
        resultSelector: @escaping (repeat each Source) throws -> Result
    ) {
        self.rule = rule
        self.sources = (repeat each sources)
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = CombiningPackSink<repeat each Source, Observer>(
            rule: rule, resultSelector: resultSelector, observer: observer, cancel: cancel)
        return (sink, sink.run(repeat each sources))
    }
}

/// `combineLatest`/`zip` of a collection of sources.
///
/// As in RxSwift, the collection is kept and turned into observables at each subscription.
final class CombiningCollectionProducer<Sources: Collection, Result>: Producer<Result>, @unchecked Sendable
where Sources.Element: ObservableType {
    // @unchecked Sendable: immutable
    typealias Source = Sources.Element.Element

    let rule: CombiningRule
    let sources: Sources
    let resultSelector: ([Source]) throws -> Result

    init(rule: CombiningRule, _ sources: Sources, resultSelector: @escaping ([Source]) throws -> Result) {
        self.rule = rule
        self.sources = sources
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let observables = sources.map { $0.asObservable() }
        let sink = CombiningArraySink<Source, Observer>(
            arity: observables.count, rule: rule, resultSelector: resultSelector, observer: observer, cancel: cancel)
        return (sink, sink.run(observables))
    }
}
