/// A type that receives sequence events.
public protocol ObserverType {
    /// The type of elements the observer receives.
    associatedtype Element

    /// Delivers one event to the observer.
    func on(_ event: Event<Element>)

    /// Delivers one element: the same as `on(.next(element))`.
    ///
    /// The default implementation does exactly that. The library's own observers implement it
    /// directly, so that elements travel through operator chains without an `Event` being
    /// built at every step.
    func onNext(_ element: Element)
}

extension ObserverType {
    /// Sends a `.next(element)` event.
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
