extension InfallibleType {
    /// The sequence's elements as an asynchronous stream that never throws.
    ///
    /// The sequence is subscribed when the stream is created; the stream finishes when the
    /// sequence completes. Cancelling the iterating task, or dropping the stream and its
    /// iterator, disposes the subscription (and finishes the stream).
    ///
    /// ```swift
    /// for await name in names.values {
    ///     print(name)
    /// }
    /// ```
    public var values: AsyncStream<Element> {
        AsyncStream { continuation in
            let disposable = subscribe(
                onNext: { value in
                    // Handed to the consumer like to any observer; elements need not be Sendable.
                    nonisolated(unsafe) let value = value
                    continuation.yield(value)
                },
                onCompleted: { continuation.finish() },
                onDisposed: { continuation.finish() }
            )
            continuation.onTermination = { _ in
                disposable.dispose()
            }
        }
    }

    /// Returns an infallible sequence that runs `block` in a new `Task` for each subscription
    /// and sends its result, then completes; disposing the subscription cancels the task.
    public static func from(_ block: @escaping () async -> Element) -> Infallible<Element> {
        Infallible(Observable.async { await block() })
    }
}
