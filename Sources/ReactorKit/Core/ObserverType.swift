/// A type that receives sequence events.
public protocol ObserverType {
    /// The type of elements the observer receives.
    associatedtype Element

    /// Delivers one event to the observer.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends a `.next(element)` event.
    @inlinable
    public func onNext(_ element: Element) {
        on(.next(element))
    }

    /// Sends a `.completed` event.
    @inlinable
    public func onCompleted() {
        on(.completed)
    }

    /// Sends an `.error(error)` event.
    @inlinable
    public func onError(_ error: Swift.Error) {
        on(.error(error))
    }
}
