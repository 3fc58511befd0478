extension ObservableType {
    /// Merges `bus` into this mutation stream, turning each message into a mutation of
    /// `reactor` — or into nothing, when `mutation` returns `nil`.
    ///
    /// The one line a reactor needs to follow global state or events, in
    /// `transform(mutation:)`; for messages that need work first (a fetch), use
    /// ``merge(streamsFrom:for:_:)``. `mutation` receives the reactor, so it needs no `[weak self]`:
    /// the merged stream does not keep the reactor alive, and it ends (unsubscribing from
    /// the bus) when the reactor is released.
    ///
    /// ```swift
    /// func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
    ///     mutation.merge(provider.taskService.events, for: self) { reactor, event in
    ///         switch event {
    ///         case .updated(let task): return .update(task)
    ///         case .deleted(let id): return reactor.currentState.contains(id) ? .remove(id) : nil
    ///         default: return nil
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - bus: The bus to merge: an ``EventBus``, a ``MessageBus``, or any `Observable` (a
    ///     relay or a trait with `asObservable()`).
    ///   - reactor: The reactor whose mutations these are; held without keeping it alive.
    ///   - mutation: Returns the mutation for a message, or `nil` to ignore it.
    /// - Returns: This stream's mutations and the bus's, interleaved as they arrive.
    public func merge<Message, R: Reactor>(
        _ bus: Observable<Message>,
        for reactor: R,
        _ mutation: @escaping (R, Message) -> Element?
    ) -> Observable<Element> {
        // The bus is an `Observable`, not any `ObservableConvertibleType`: with a generic `Bus`,
        // a mistake in a trailing closure given an `EventBus` was reported as "conflicting
        // arguments to generic parameter 'Bus' ('EventBus<…>' vs. 'Observable<…>')".
        let reference = reactor.guardedReference()
        let mutations = bus.compactMap { message -> Element? in
            reference.withReactor { mutation($0, message) } ?? nil
        }
        return Observable.merge(asObservable(), mutations)
    }

    /// Merges `bus` into this mutation stream, turning each message into a stream of mutations
    /// of `reactor` — for messages that need work before they change the state, such as
    /// fetching again after a "reloaded" event.
    ///
    /// The streams run one after another, in the order of the messages (a message's
    /// mutations all come before the next message's). An error in one stream ends only that
    /// stream. As with ``merge(_:for:_:)``, the reactor is not kept alive.
    ///
    /// ```swift
    /// func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
    ///     mutation.merge(streamsFrom: provider.todoService.events, for: self) { reactor, event in
    ///         switch event {
    ///         case .reloaded: return reactor.provider.todoService.fetch(query).map(Mutation.setTodos)
    ///         default: return .just(.apply(event))
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The `streamsFrom:` label keeps the two reactor forms apart: a trailing closure after
    /// `merge(bus, for: self)` is always the one-mutation form, ``merge(_:for:_:)``, so a
    /// mistake in its body is reported against `Mutation?`, never against a stream.
    ///
    /// - Parameters:
    ///   - bus: The bus to merge: an ``EventBus``, a ``MessageBus``, or any `Observable` (a
    ///     relay or a trait with `asObservable()`).
    ///   - reactor: The reactor whose mutations these are; held without keeping it alive.
    ///   - mutations: Returns the mutations for a message (`.empty()` to ignore it).
    /// - Returns: This stream's mutations and the bus's, interleaved as they arrive.
    public func merge<Message, R: Reactor>(
        streamsFrom bus: Observable<Message>,
        for reactor: R,
        _ mutations: @escaping (R, Message) -> Observable<Element>
    ) -> Observable<Element> {
        let reference = reactor.guardedReference()
        let streams = bus.concatMap { message -> Observable<Element> in
            reference.withReactor { mutations($0, message).catch { _ in .empty() } } ?? .empty()
        }
        return Observable.merge(asObservable(), streams)
    }

    /// Merges `bus` into this mutation stream, turning each message into a mutation — or
    /// into nothing, when `mutation` returns `nil` — without the reactor.
    ///
    /// ```swift
    /// mutation.merge(settings.changes) { change in change.theme.map(Mutation.setTheme) }
    /// ```
    ///
    /// - Parameters:
    ///   - bus: The bus to merge: an ``EventBus``, a ``MessageBus``, or any `Observable` (a
    ///     relay or a trait with `asObservable()`).
    ///   - mutation: Returns the mutation for a message, or `nil` to ignore it.
    /// - Returns: This stream's mutations and the bus's, interleaved as they arrive.
    public func merge<Message>(
        _ bus: Observable<Message>,
        _ mutation: @escaping (Message) -> Element?
    ) -> Observable<Element> {
        Observable.merge(asObservable(), bus.compactMap(mutation))
    }
}
