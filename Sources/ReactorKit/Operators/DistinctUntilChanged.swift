extension ObservableType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// ```swift
    /// reactor.state.map(\.title).distinctUntilChanged()
    /// ```
    ///
    /// - Returns: A sequence without consecutive duplicates.
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctUntilChanged(source: asObservable(), keySelector: { $0 }, comparer: { $0 == $1 })
    }
}

extension ObservableType {
    /// Drops each element whose key, computed by `keySelector`, equals the previous
    /// forwarded element's key.
    ///
    /// An error thrown by `keySelector` is sent as the sequence's error. A key path converts to
    /// the selector: `distinctUntilChanged(\.count)`.
    ///
    /// ```swift
    /// reactor.state.distinctUntilChanged { $0.items.count }
    /// ```
    ///
    /// - Parameter keySelector: Computes the comparison key of an element.
    /// - Returns: A sequence without consecutive elements of equal keys.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    )
        -> Observable<Element>
    {
        DistinctUntilChanged(source: asObservable(), keySelector: keySelector, comparer: { $0 == $1 })
    }

    /// Drops each element that `comparer` reports equal to the previous forwarded element.
    ///
    /// An error thrown by `comparer` is sent as the sequence's error.
    ///
    /// ```swift
    /// reactor.state.distinctUntilChanged { $0.items.count == $1.items.count }
    /// ```
    ///
    /// - Parameter comparer: Returns `true` when two elements count as equal.
    /// - Returns: A sequence without consecutive equal elements.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        DistinctUntilChanged(source: asObservable(), keySelector: { $0 }, comparer: comparer)
    }

    /// Drops each element whose key, computed by `keySelector`, `comparer` reports equal to the
    /// previous forwarded element's key.
    ///
    /// An error thrown by either closure is sent as the sequence's error.
    ///
    /// ```swift
    /// users.distinctUntilChanged({ $0.name }, comparer: { $0.lowercased() == $1.lowercased() })
    /// ```
    ///
    /// - Parameters:
    ///   - keySelector: Computes the comparison key of an element.
    ///   - comparer: Returns `true` when two keys count as equal.
    /// - Returns: A sequence without consecutive elements of equal keys.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K,
        comparer: @escaping (K, K) throws -> Bool
    ) -> Observable<Element> {
        DistinctUntilChanged(source: asObservable(), keySelector: keySelector, comparer: comparer)
    }

    /// Drops each element whose value at `keyPath` equals the previous forwarded element's.
    ///
    /// ```swift
    /// reactor.state.distinctUntilChanged(at: \.isLoading)
    /// ```
    ///
    /// - Parameter keyPath: The property compared between consecutive elements.
    /// - Returns: A sequence without consecutive elements of equal values at `keyPath`.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    )
        -> Observable<Element>
    {
        DistinctUntilChanged(source: asObservable(), keySelector: { $0[keyPath: keyPath] }, comparer: { $0 == $1 })
    }
}

private final class DistinctUntilChanged<Element, Key>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let keySelector: (Element) throws -> Key
    let comparer: (Key, Key) throws -> Bool

    init(
        source: Observable<Element>,
        keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool
    ) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = DistinctUntilChangedSink(
            keySelector: keySelector, comparer: comparer, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: `currentKey` is only touched by `on`, which upstream calls serially
    typealias Element = Observer.Element
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    private var currentKey: Key?

    init(
        keySelector: @escaping (Element) throws -> Key,
        comparer: @escaping (Key, Key) throws -> Bool,
        observer: Observer,
        cancel: Cancelable
    ) {
        self.keySelector = keySelector
        self.comparer = comparer
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            do {
                let key = try keySelector(element)
                if let currentKey, try comparer(currentKey, key) {
                    return
                }
                currentKey = key
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            forwardOn(event)
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}
