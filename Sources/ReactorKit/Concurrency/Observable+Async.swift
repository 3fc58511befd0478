extension ObservableType {
    /// Creates an observable that runs `work` in a new `Task` for each subscription and sends
    /// its result, then completion, or the error it throws.
    ///
    /// Disposing the subscription cancels the task, and nothing is sent afterwards, even if
    /// `work` ignores the cancellation. `work` need not be `@Sendable`, so it may capture a
    /// reactor: it runs on the global concurrent executor (or on its actor, when it is
    /// isolated to one), and what it captures must be safe to use there.
    ///
    /// ```swift
    /// func mutate(action: Action) -> Observable<Mutation> {
    ///     switch action {
    ///     case .refresh:
    ///         return Observable.async { try await self.service.fetchItems() }
    ///             .map(Mutation.setItems)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter work: The asynchronous work whose result is the only element.
    /// - Returns: An observable of one element, or of the error `work` throws.
    public static func async(_ work: @escaping () async throws -> Element) -> Observable<Element> {
        AsyncWork(work)
    }
}

private final class AsyncWork<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable; `work` is documented to be safe to run in a task
    let work: () async throws -> Element

    init(_ work: @escaping () async throws -> Element) {
        self.work = work
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = AsyncWorkSink(observer: observer, cancel: cancel)
        return (sink, sink.run(work))
    }
}

private final class AsyncWorkSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: only the task forwards events; `forwardOn` drops them after dispose
    func run(_ work: @escaping () async throws -> Observer.Element) -> Disposable {
        // Built here, so that the task itself captures no generic type.
        let body: () async -> Void = { [self] in
            do {
                let element = try await work()
                forwardNext(element)
                forwardOn(.completed)
            } catch {
                forwardOn(.error(error))
            }
            dispose()
        }
        let transfer = UnsafeTransfer(body)
        let task = Task { await transfer.value() }
        return Disposables.create { task.cancel() }
    }
}
