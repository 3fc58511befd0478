extension ObservableType where Element: ObservableConvertibleType {
    /// Forwards the elements of the latest inner sequence only: each new inner sequence
    /// disposes the subscription to the previous one.
    ///
    /// The result completes once the source and the latest inner sequence have completed; an
    /// error from the source or the latest inner sequence ends it. It is
    /// ``ObservableType/flatMapLatest(_:)`` with the identity as selector.
    ///
    /// ```swift
    /// searches.map { api.search($0) }.switchLatest()
    /// ```
    ///
    /// - Returns: The elements of the most recent inner sequence.
    public func switchLatest() -> Observable<Element.Element> {
        flatMapLatest { $0 }
    }
}
