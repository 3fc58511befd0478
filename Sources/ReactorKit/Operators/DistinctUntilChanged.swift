extension ObservableType where Element: Equatable {
    /// Drops each element equal to the one before it.
    ///
    /// ```swift
    /// reactor.state.map(\.title).distinctUntilChanged()
    /// ```
    ///
    /// - Returns: A sequence without consecutive duplicates.
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctUntilChanged(source: asObservable(), keySelector: distinctIdentity, comparer: distinctEquals)
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
        DistinctUntilChanged(source: asObservable(), keySelector: keySelector, comparer: distinctEquals)
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
        DistinctUntilChanged(source: asObservable(), keySelector: distinctIdentity, comparer: comparer)
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
        DistinctUntilChanged(
            source: asObservable(), keySelector: distinctKeyPathGetter(keyPath), comparer: distinctEquals)
    }
}

// The closures the operators above pass are made here, in functions generic over the compared
// type itself: a closure written inside an `ObservableType` extension would look up the
// `Element` associated type on every call.

private func distinctIdentity<Value>(_ value: Value) -> Value {
    value
}

private func distinctEquals<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
    lhs == rhs
}

private func distinctKeyPathGetter<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> (Root) -> Value {
    { $0[keyPath: keyPath] }
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
    // @unchecked Sendable: `currentKey` is only touched by the source's serial events
    typealias Element = Observer.Element
    private let keySelector: (Element) throws -> Key
    private let comparer: (Key, Key) throws -> Bool
    // The key of the last forwarded element, boxed rather than stored as a `Key?`: unspecialized
    // code would look up `Optional<Key>`'s metadata on every element, while an optional class
    // reference needs none. Every access is a plain read or write, never held across a call, so
    // the dynamic exclusivity check (a runtime call per access) is pure overhead here.
    @exclusivity(unchecked) private var currentKey: DistinctKeyBox<Key>?

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

    func onNext(_ element: Element) {
        do {
            let key = try keySelector(element)
            if let currentKey {
                if try comparer(currentKey.key, key) {
                    return
                }
                currentKey.key = key
            } else {
                storeFirstKey(key)
            }
        } catch {
            forwardError(error)
            return
        }
        forwardNext(element)
    }

    /// Boxes the first key; out of line so that `onNext` does not look up the box's metadata.
    @inline(never)
    private func storeFirstKey(_ key: Key) {
        currentKey = DistinctKeyBox(key)
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

/// The last forwarded key of a ``DistinctUntilChangedSink``.
private final class DistinctKeyBox<Key> {
    // Only touched by the sink's serial events, by plain reads and writes never held across a
    // call, so the dynamic exclusivity check is pure overhead here.
    @exclusivity(unchecked) var key: Key

    init(_ key: Key) {
        self.key = key
    }
}
