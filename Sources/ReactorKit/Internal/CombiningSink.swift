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
    // Guarded by lock; every access is a plain read or write, never held across a call, so the
    // dynamic exclusivity checks (a runtime call per access) are pure overhead here.
    @exclusivity(unchecked) private var sources: ContiguousArray<CombiningSourceState>
    @exclusivity(unchecked) private var sourcesWithElements = 0
    @exclusivity(unchecked) private var doneCount = 0

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
                forwardCompleted()
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
        let result: Observer.Element
        do {
            result = try makeResult()
        } catch {
            forwardError(error)
            return
        }
        forwardNext(result)
    }

    /// Called with `lock` held when a source fails.
    final func sourceFailed(_ error: Swift.Error) {
        forwardError(error)
    }

    /// Called with `lock` held when source `index` completes (its subscription already disposed).
    final func sourceCompleted(at index: Int) {
        if sources[index].isDone { return }
        sources[index].isDone = true
        doneCount += 1
        if doneCount == sources.count {
            forwardCompleted()
        }
    }

    /// Finishes a combination of no sources, at subscription.
    final func finishWithoutSources() {
        if rule.combinesNoSources {
            let result: Observer.Element
            do {
                result = try makeResult()
            } catch {
                forwardError(error)
                return
            }
            forwardNext(result)
        }
        forwardCompleted()
    }
}

/// What a ``CombiningSink`` knows of one source. Not nested in the generic sink, so that its
/// metadata is static and costs nothing in unspecialized code.
struct CombiningSourceState {
    /// Elements available to combine: how many (`zip`), or 1 once one arrived (`combineLatest`).
    var available = 0
    var isDone = false
}

/// A source's buffer in a ``CombiningSink`` is an ``ElementRing``: it holds the elements the
/// source has sent and not yet combined (`zip`), or its latest one (`combineLatest`). It is
/// only touched with the sink's lock held.
extension ElementRing {
    /// Stores an element the source sent: queued after the others when elements are consumed
    /// (`zip`), or replacing the latest one (`combineLatest`).
    fileprivate func push(_ element: Element, consuming: Bool) {
        if !consuming && count > 0 {
            replaceFront(with: element)
        } else {
            enqueue(element)
        }
    }

    /// The element to combine; removed when elements are consumed.
    fileprivate func take(consuming: Bool) -> Element {
        consuming ? dequeue() : front
    }
}

/// Observes source `index` of a ``CombiningSink``, storing its elements in `buffer`.
///
/// Elements arrive through `onNext`, which touches no `Event`: in unspecialized code every
/// generic type costs a runtime metadata lookup.
struct CombiningObserver<Element, Observer: ObserverType>: ObserverType {
    let sink: CombiningSink<Observer>
    let buffer: ElementRing<Element>
    let index: Int
    let subscription: SingleAssignmentDisposable

    func onNext(_ element: Element) {
        sink.lock.lock()
        buffer.push(element, consuming: sink.rule.consumesElements)
        sink.elementArrived(at: index)
        sink.lock.unlock()
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            sink.lock.lock()
            subscription.dispose()
            sink.sourceFailed(error)
            sink.lock.unlock()
        case .completed:
            sink.lock.lock()
            subscription.dispose()
            sink.sourceCompleted(at: index)
            sink.lock.unlock()
        }
    }
}

/// Combines one element of each source, for a ``CombiningPackSink``: takes them from the
/// sources' buffers (type-erased ``ElementRing``s, in source order), consuming them when the
/// `Bool` is `true`, and applies the result selector.
///
/// Made per arity by ``combiningProducer(rule:_:_:resultSelector:)`` and its overloads, so
/// that the selector is called with plain generic arguments. Calling it with a parameter
/// pack would, in unspecialized code, look up the metadata of a tuple of the elements for
/// every result.
typealias CombiningCombiner<Result> = (ContiguousArray<AnyObject>, Bool) throws -> Result

/// Takes the element to combine from `buffers[index]`, an `ElementRing<Element>`.
@inline(__always)
private func takeCombined<Element>(_ buffers: ContiguousArray<AnyObject>, _ index: Int, _ consuming: Bool) -> Element {
    assert(buffers[index] is ElementRing<Element>, "combining buffer \(index) has another element type")
    return unsafeDowncast(buffers[index], to: ElementRing<Element>.self).take(consuming: consuming)
}

/// Combines a fixed list of sources of different element types (the 2-to-8 overloads).
final class CombiningPackSink<each Source, Observer: ObserverType>: CombiningSink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: the buffers are only touched with `lock` held
    private let buffers: (repeat ElementRing<each Source>)
    /// `buffers` again, type-erased, for `combine`.
    private let erasedBuffers: ContiguousArray<AnyObject>
    private let combine: CombiningCombiner<Observer.Element>

    init(
        rule: CombiningRule,
        combine: @escaping CombiningCombiner<Observer.Element>,
        observer: Observer,
        cancel: Cancelable
    ) {
        let buffers = (repeat ElementRing<each Source>())
        var erasedBuffers: ContiguousArray<AnyObject> = []
        for buffer in repeat each buffers {
            erasedBuffers.append(buffer)
        }
        self.buffers = buffers
        self.erasedBuffers = erasedBuffers
        self.combine = combine
        super.init(arity: erasedBuffers.count, rule: rule, observer: observer, cancel: cancel)
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
        try combine(erasedBuffers, rule.consumesElements)
    }
}

/// Combines any number of sources of one element type (the collection overloads).
final class CombiningArraySink<Source, Observer: ObserverType>: CombiningSink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: the buffers are only touched with `lock` held
    /// The sources' buffers, `ElementRing<Source>`s, type-erased: a concrete array type is
    /// indexed without the runtime metadata lookups an array of a generic type costs.
    private let buffers: ContiguousArray<AnyObject>
    private let resultSelector: ([Source]) throws -> Observer.Element

    init(
        arity: Int,
        rule: CombiningRule,
        resultSelector: @escaping ([Source]) throws -> Observer.Element,
        observer: Observer,
        cancel: Cancelable
    ) {
        var buffers: ContiguousArray<AnyObject> = []
        buffers.reserveCapacity(arity)
        for _ in 0..<arity {
            buffers.append(ElementRing<Source>())
        }
        self.buffers = buffers
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
                    CombiningObserver(
                        sink: self, buffer: unsafeDowncast(buffers[index], to: ElementRing<Source>.self), index: index,
                        subscription: subscription)))
        }
        return Disposables.create(subscriptions)
    }

    override func makeResult() throws -> Observer.Element {
        let consuming = rule.consumesElements
        var elements: [Source] = []
        elements.reserveCapacity(buffers.count)
        for index in buffers.indices {
            elements.append(takeCombined(buffers, index, consuming))
        }
        return try resultSelector(elements)
    }
}

/// `combineLatest`/`zip` of 2 to 8 sources; made by ``combiningProducer(rule:_:_:resultSelector:)``
/// and its overloads.
final class CombiningPackProducer<each Source, Result>: Producer<Result>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let rule: CombiningRule
    let sources: (repeat Observable<each Source>)
    let combine: CombiningCombiner<Result>

    fileprivate init(
        rule: CombiningRule,
        _ sources: repeat Observable<each Source>,
        combine: @escaping CombiningCombiner<Result>
    ) {
        self.rule = rule
        self.sources = (repeat each sources)
        self.combine = combine
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Result {
        let sink = CombiningPackSink<repeat each Source, Observer>(
            rule: rule, combine: combine, observer: observer, cancel: cancel)
        return (sink, sink.run(repeat each sources))
    }
}

/// `combineLatest`/`zip` of 2 sources, combined with `resultSelector`.
func combiningProducer<A, B, Result>(
    rule: CombiningRule, _ source1: Observable<A>, _ source2: Observable<B>,
    resultSelector: @escaping (A, B) throws -> Result
) -> Observable<Result> {
    CombiningPackProducer(rule: rule, source1, source2) { buffers, consuming in
        try resultSelector(takeCombined(buffers, 0, consuming), takeCombined(buffers, 1, consuming))
    }
}

/// `combineLatest`/`zip` of 3 sources, combined with `resultSelector`.
func combiningProducer<A, B, C, Result>(
    rule: CombiningRule, _ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>,
    resultSelector: @escaping (A, B, C) throws -> Result
) -> Observable<Result> {
    CombiningPackProducer(rule: rule, source1, source2, source3) { buffers, consuming in
        try resultSelector(
            takeCombined(buffers, 0, consuming), takeCombined(buffers, 1, consuming),
            takeCombined(buffers, 2, consuming))
    }
}

/// `combineLatest`/`zip` of 4 sources, combined with `resultSelector`.
func combiningProducer<A, B, C, D, Result>(
    rule: CombiningRule, _ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>,
    _ source4: Observable<D>,
    resultSelector: @escaping (A, B, C, D) throws -> Result
) -> Observable<Result> {
    CombiningPackProducer(rule: rule, source1, source2, source3, source4) { buffers, consuming in
        try resultSelector(
            takeCombined(buffers, 0, consuming), takeCombined(buffers, 1, consuming),
            takeCombined(buffers, 2, consuming), takeCombined(buffers, 3, consuming))
    }
}

/// `combineLatest`/`zip` of 5 sources, combined with `resultSelector`.
func combiningProducer<A, B, C, D, E, Result>(
    rule: CombiningRule, _ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>,
    _ source4: Observable<D>, _ source5: Observable<E>,
    resultSelector: @escaping (A, B, C, D, E) throws -> Result
) -> Observable<Result> {
    CombiningPackProducer(rule: rule, source1, source2, source3, source4, source5) { buffers, consuming in
        try resultSelector(
            takeCombined(buffers, 0, consuming), takeCombined(buffers, 1, consuming),
            takeCombined(buffers, 2, consuming), takeCombined(buffers, 3, consuming),
            takeCombined(buffers, 4, consuming))
    }
}

/// `combineLatest`/`zip` of 6 sources, combined with `resultSelector`.
func combiningProducer<A, B, C, D, E, F, Result>(
    rule: CombiningRule, _ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>,
    _ source4: Observable<D>, _ source5: Observable<E>, _ source6: Observable<F>,
    resultSelector: @escaping (A, B, C, D, E, F) throws -> Result
) -> Observable<Result> {
    CombiningPackProducer(rule: rule, source1, source2, source3, source4, source5, source6) { buffers, consuming in
        try resultSelector(
            takeCombined(buffers, 0, consuming), takeCombined(buffers, 1, consuming),
            takeCombined(buffers, 2, consuming), takeCombined(buffers, 3, consuming),
            takeCombined(buffers, 4, consuming), takeCombined(buffers, 5, consuming))
    }
}

/// `combineLatest`/`zip` of 7 sources, combined with `resultSelector`.
func combiningProducer<A, B, C, D, E, F, G, Result>(
    rule: CombiningRule, _ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>,
    _ source4: Observable<D>, _ source5: Observable<E>, _ source6: Observable<F>, _ source7: Observable<G>,
    resultSelector: @escaping (A, B, C, D, E, F, G) throws -> Result
) -> Observable<Result> {
    CombiningPackProducer(rule: rule, source1, source2, source3, source4, source5, source6, source7) {
        buffers, consuming in
        try resultSelector(
            takeCombined(buffers, 0, consuming), takeCombined(buffers, 1, consuming),
            takeCombined(buffers, 2, consuming), takeCombined(buffers, 3, consuming),
            takeCombined(buffers, 4, consuming), takeCombined(buffers, 5, consuming),
            takeCombined(buffers, 6, consuming))
    }
}

/// `combineLatest`/`zip` of 8 sources, combined with `resultSelector`.
func combiningProducer<A, B, C, D, E, F, G, H, Result>(
    rule: CombiningRule, _ source1: Observable<A>, _ source2: Observable<B>, _ source3: Observable<C>,
    _ source4: Observable<D>, _ source5: Observable<E>, _ source6: Observable<F>, _ source7: Observable<G>,
    _ source8: Observable<H>,
    resultSelector: @escaping (A, B, C, D, E, F, G, H) throws -> Result
) -> Observable<Result> {
    CombiningPackProducer(rule: rule, source1, source2, source3, source4, source5, source6, source7, source8) {
        buffers, consuming in
        try resultSelector(
            takeCombined(buffers, 0, consuming), takeCombined(buffers, 1, consuming),
            takeCombined(buffers, 2, consuming), takeCombined(buffers, 3, consuming),
            takeCombined(buffers, 4, consuming), takeCombined(buffers, 5, consuming),
            takeCombined(buffers, 6, consuming), takeCombined(buffers, 7, consuming))
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
