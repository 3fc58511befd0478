/// A type that can be turned into an ``Observable``.
public protocol ObservableConvertibleType {
    /// The type of elements in the sequence.
    associatedtype Element

    /// Returns the ``Observable`` this value represents.
    func asObservable() -> Observable<Element>
}
