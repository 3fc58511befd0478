extension ObservableConvertibleType {
    /// The sequence's elements as an asynchronous stream.
    ///
    /// The sequence is subscribed when the stream is created. The stream finishes when the
    /// sequence completes and throws its error when it fails. Cancelling the task that
    /// iterates the stream, or dropping the stream and its iterator, disposes the
    /// subscription; if that ends the subscription before a terminal event, the stream
    /// throws `CancellationError`.
    ///
    /// ```swift
    /// do {
    ///     for try await state in reactor.state.values {
    ///         render(state)
    ///     }
    /// } catch {
    ///     print("failed: \(error)")
    /// }
    /// ```
    public var values: AsyncThrowingStream<Element, Error> {
        AsyncThrowingStream { continuation in
            let finished = AtomicFlag()
            let disposable = asObservable().subscribe(
                onNext: { value in
                    // Handed to the consumer like to any observer; elements need not be Sendable.
                    nonisolated(unsafe) let value = value
                    continuation.yield(value)
                },
                onError: { error in
                    finished.set()
                    continuation.finish(throwing: error)
                },
                onCompleted: {
                    finished.set()
                    continuation.finish()
                },
                onDisposed: {
                    if !finished.isSet {
                        continuation.finish(throwing: CancellationError())
                    }
                }
            )
            continuation.onTermination = { termination in
                if case .cancelled = termination {
                    disposable.dispose()
                }
            }
        }
    }
}

extension AsyncSequence {
    /// Returns an observable that iterates the sequence in a new `Task` for each subscription
    /// and sends its elements.
    ///
    /// The observable completes when the sequence ends (or stops with `CancellationError`)
    /// and fails with any other error it throws. Disposing the subscription cancels the task.
    ///
    /// ```swift
    /// let ticks = AsyncStream<Int> { continuation in … }
    /// ticks.asObservable()
    ///     .subscribe(onNext: { print($0) })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Parameter detached: Whether the task is detached (`Task.detached`) rather than an
    ///   unstructured task inheriting the subscriber's priority and task-local values.
    /// - Returns: An observable of the sequence's elements.
    public func asObservable(detached: Bool = false) -> Observable<Element> {
        Observable.create { observer in
            // Built here, so that the task itself captures no generic type.
            let iterate: () async -> Void = {
                do {
                    for try await value in self {
                        observer.onNext(value)
                    }
                    observer.onCompleted()
                } catch is CancellationError {
                    observer.onCompleted()
                } catch {
                    observer.onError(error)
                }
            }
            let transfer = UnsafeTransfer(iterate)
            let task =
                detached
                ? Task.detached { await transfer.value() }
                : Task { await transfer.value() }
            return Disposables.create { task.cancel() }
        }
    }
}
