/// An observable whose observers share one subscription to a source, made by ``connect()``.
///
/// Subscribing only registers an observer; nothing flows until `connect()` subscribes the
/// source. ``ObservableType/publish()``, ``ObservableType/replay(_:)`` and the
/// `multicast` operators return one; ``refCount()`` connects it automatically.
public protocol ConnectableObservableType: ObservableType {
    /// Connects the observers to the source.
    ///
    /// While connected, calling it again returns the same connection.
    ///
    /// - Returns: The connection; disposing it unsubscribes from the source.
    func connect() -> Disposable
}

/// An ``Observable`` that shares one subscription to its source once connected.
///
/// ```swift
/// let shared = numbers.publish()
/// shared.subscribe(onNext: { print("a", $0) }).disposed(by: disposeBag)
/// shared.subscribe(onNext: { print("b", $0) }).disposed(by: disposeBag)
/// shared.connect().disposed(by: disposeBag)
/// ```
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
    // @unchecked Sendable: subclasses guard their own state

    /// Connects the observers to the source; subclasses must override this method.
    ///
    /// - Returns: The connection; disposing it unsubscribes from the source.
    public func connect() -> Disposable {
        rxAbstractMethod()
    }
}
