extension ObservableType where Element == Never {
    /// Returns the sequence as a ``Completable``.
    public func asCompletable() -> Completable {
        Completable(raw: asObservable())
    }
}

extension ObservableType {
    /// Drops every element: a ``Completable`` that completes or fails with the source.
    ///
    /// RxSwift 6 returns `Observable<Never>` (that overload is the one normally chosen); this
    /// one is chosen only where a `Completable` is expected, as RxSwift 5 returned.
    @_disfavoredOverload
    public func ignoreElements() -> Completable {
        Completable(raw: ignoreElements())
    }
}
