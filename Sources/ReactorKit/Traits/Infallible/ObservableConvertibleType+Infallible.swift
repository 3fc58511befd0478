extension ObservableConvertibleType {
    /// Returns the sequence as an ``Infallible`` that sends `element`, then completes, instead
    /// of failing.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// Returns the sequence as an ``Infallible`` that continues with `infallible` instead of
    /// failing.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// Returns the sequence as an ``Infallible`` that continues with the sequence
    /// `onErrorRecover` returns for the error instead of failing.
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
    }
}
