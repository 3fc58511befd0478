extension Reactor {
    /// The values assigned to a ``Pulse`` property of the state, each time one is assigned.
    ///
    /// A late subscriber receives the last assigned value again (the state is replayed).
    ///
    /// ```swift
    /// reactor.pulse(\.$alertMessage)
    ///     .compactMap { $0 }
    ///     .subscribe(onNext: { message in print(message) })
    /// ```
    public func pulse<Result>(_ transformToPulse: @escaping (State) throws -> Pulse<Result>) -> Observable<Result> {
        state.map(transformToPulse).distinctUntilChanged(\.valueUpdatedCount).map(\.value)
    }
}
