extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Creates a single that runs `work` in a new `Task` for each subscription and succeeds
    /// with its result, or fails with the error it throws.
    ///
    /// Disposing the subscription cancels the task.
    ///
    /// - Parameters:
    ///   - detached: Whether the task is detached rather than inheriting priority and
    ///     task-local values.
    ///   - priority: The task's priority.
    ///   - work: The asynchronous work whose result is the element.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> PrimitiveSequence<Trait, Element> {
        .create { single in
            // Built here, so that the task itself captures no generic type.
            let operation: () async -> Void = {
                do {
                    single(.success(try await work()))
                } catch {
                    single(.failure(error))
                }
            }
            let transfer = UnsafeTransfer(operation)
            let task =
                detached
                ? Task.detached(priority: priority) { await transfer.value() }
                : Task(priority: priority) { await transfer.value() }
            return Disposables.create { task.cancel() }
        }
    }

    /// The single's element, awaited; throws its error.
    ///
    /// Cancelling the awaiting task disposes the subscription; the property then throws
    /// `CancellationError` unless the element or error had already arrived.
    ///
    /// ```swift
    /// let user = try await api.fetchUser(id: 42).value
    /// ```
    public var value: Element {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element, Error>) in
                    let resumed = AtomicFlag()
                    disposable.setDisposable(
                        subscribe(
                            onSuccess: { element in
                                guard resumed.set() else { return }
                                nonisolated(unsafe) let element = element
                                continuation.resume(returning: element)
                            },
                            onFailure: { error in
                                guard resumed.set() else { return }
                                continuation.resume(throwing: error)
                            },
                            onDisposed: {
                                guard resumed.set() else { return }
                                continuation.resume(throwing: CancellationError())
                            }
                        ))
                }
            } onCancel: {
                disposable.dispose()
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The maybe's element, awaited, or `nil` when it completes without one; throws its error.
    ///
    /// Cancelling the awaiting task disposes the subscription; the property then throws
    /// `CancellationError` unless the maybe had already ended.
    public var value: Element? {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, Error>) in
                    let resumed = AtomicFlag()
                    disposable.setDisposable(
                        subscribe(
                            onSuccess: { element in
                                guard resumed.set() else { return }
                                nonisolated(unsafe) let element = Optional(element)
                                continuation.resume(returning: element)
                            },
                            onError: { error in
                                guard resumed.set() else { return }
                                continuation.resume(throwing: error)
                            },
                            onCompleted: {
                                guard resumed.set() else { return }
                                continuation.resume(returning: nil)
                            },
                            onDisposed: {
                                guard resumed.set() else { return }
                                continuation.resume(throwing: CancellationError())
                            }
                        ))
                }
            } onCancel: {
                disposable.dispose()
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    /// Awaits the completable's completion; throws its error.
    ///
    /// Cancelling the awaiting task disposes the subscription; the property then throws
    /// `CancellationError` unless the completable had already ended.
    public var value: Void {
        get async throws {
            let disposable = SingleAssignmentDisposable()
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                    let resumed = AtomicFlag()
                    disposable.setDisposable(
                        subscribe(
                            onCompleted: {
                                guard resumed.set() else { return }
                                continuation.resume()
                            },
                            onError: { error in
                                guard resumed.set() else { return }
                                continuation.resume(throwing: error)
                            },
                            onDisposed: {
                                guard resumed.set() else { return }
                                continuation.resume(throwing: CancellationError())
                            }
                        ))
                }
            } onCancel: {
                disposable.dispose()
            }
        }
    }
}
