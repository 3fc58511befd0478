/// A sequence of the source elements that share one key: the elements of
/// ``ObservableType/groupBy(keySelector:)``.
///
/// ```swift
/// words.groupBy { $0.first! }
///     .flatMap { group in group.map { "\(group.key): \($0)" } }
/// ```
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key shared by every element of the group.
    public let key: Key
    private let source: Observable<Element>

    /// Creates a group of `source`'s elements under `key`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// Returns the group's elements as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension GroupedObservable: Sendable where Key: Sendable {}
