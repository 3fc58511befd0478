extension ObservableType {
    /// Combines each element with `obj`, held weakly, through `resultSelector`; the sequence
    /// completes at the first element after `obj` has been deallocated.
    ///
    /// Beware of operators that keep elements (`share(replay:)`, `replay`): the elements then
    /// hold `obj` strongly.
    ///
    /// ```swift
    /// button.taps
    ///     .withUnretained(self) { owner, _ in owner.title }
    ///     .subscribe(onNext: { print($0) })
    /// ```
    ///
    /// - Parameters:
    ///   - obj: The object to pass along, held weakly.
    ///   - resultSelector: Combines the object and an element.
    /// - Returns: The combined elements, until `obj` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        map { [weak obj] element -> Out in
            guard let obj else { throw UnretainedError.failedRetaining }
            return resultSelector(obj, element)
        }
        .catch { error -> Observable<Out> in
            guard let unretainedError = error as? UnretainedError, unretainedError == .failedRetaining else {
                return .error(error)
            }
            return .empty()
        }
    }

    /// Pairs each element with `obj`, held weakly; the sequence completes at the first element
    /// after `obj` has been deallocated.
    ///
    /// ```swift
    /// viewModel.items
    ///     .withUnretained(self)
    ///     .subscribe(onNext: { owner, items in owner.render(items) })
    /// ```
    ///
    /// - Parameter obj: The object to pass along, held weakly.
    /// - Returns: Tuples of the object and each element, until `obj` is gone.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

private enum UnretainedError: Swift.Error {
    case failedRetaining
}
