// Relays never fail, so they convert to ``Infallible`` without an error strategy, as in
// RxRelay.

extension PublishRelay {
    /// Returns the relay's elements as an ``Infallible``.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension BehaviorRelay {
    /// Returns the relay's value and later elements as an ``Infallible``.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// Returns the relay's buffered and later elements as an ``Infallible``.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
