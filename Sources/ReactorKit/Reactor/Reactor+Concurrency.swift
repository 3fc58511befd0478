import Dispatch
import Synchronization

extension Reactor {
    /// Sends `action` to the reactor: the same as `action.onNext(action)`.
    ///
    /// ```swift
    /// reactor.send(.increase)
    /// ```
    public func send(_ action: Action) {
        self.action.onNext(action)
    }

    /// The reactor's states as an async sequence: the current state first, then each new one.
    ///
    /// The subscription ends when the iterating task is cancelled or stops iterating.
    ///
    /// ```swift
    /// for await state in reactor.states {
    ///     render(state)
    /// }
    /// ```
    public var states: ReactorStateSequence<State> {
        let state = self.state
        let stream = AsyncStream(UnsafeTransfer<State>.self, bufferingPolicy: .unbounded) { continuation in
            let subscription = state.subscribe(
                onNext: { continuation.yield(UnsafeTransfer($0)) },
                onCompleted: { continuation.finish() })
            continuation.onTermination = { _ in subscription.dispose() }
        }
        return ReactorStateSequence(stream: stream)
    }

    /// Sends `action`, then waits for the first new state that satisfies `predicate`, and
    /// returns it.
    ///
    /// Only states produced after the action was sent count (not the current state), so this
    /// waits for the effects of the action — including asynchronous ones:
    ///
    /// ```swift
    /// let state = try await reactor.send(.refresh, until: { !$0.isLoading }, timeout: .seconds(5))
    /// ```
    ///
    /// - Parameters:
    ///   - action: The action to send.
    ///   - predicate: The condition the awaited state must meet.
    ///   - timeout: How long to wait at most; `nil` waits as long as needed.
    ///   - isolation: The actor the caller runs on, which the wait keeps (leave the default).
    /// - Returns: The first new state for which `predicate` returns `true`.
    /// - Throws: `RxError.timeout` when `timeout` passes first, `RxError.noElements` when the
    ///   state stream ends first, `CancellationError` when the task is cancelled.
    @discardableResult
    public func send(
        _ action: Action,
        until predicate: @escaping (State) -> Bool,
        timeout: Duration? = nil,
        isolation: isolated (any Actor)? = #isolation
    ) async throws -> State {
        let waiter = StateWaiter<State>()
        let state = self.state
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<UnsafeTransfer<State>, Error>) in
                waiter.start(continuation)
                var isReplay = true
                let subscription = state.subscribe(
                    onNext: { state in
                        if isReplay { return }  // the current state, replayed on subscription
                        if predicate(state) { waiter.finish(.success(UnsafeTransfer(state))) }
                    },
                    onCompleted: { waiter.finish(.failure(RxError.noElements)) })
                isReplay = false
                waiter.hold(subscription)
                if let timeout {
                    DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval) {
                        waiter.finish(.failure(RxError.timeout))
                    }
                }
                self.action.onNext(action)
            }.value
        } onCancel: {
            waiter.finish(.failure(CancellationError()))
        }
    }
}

/// A reactor's states, as an async sequence (see ``Reactor/states``).
///
/// Iterating it from an actor keeps the states on that actor; they need not be `Sendable`.
public struct ReactorStateSequence<State>: AsyncSequence {
    /// The element type: the reactor's state.
    public typealias Element = State

    fileprivate let stream: AsyncStream<UnsafeTransfer<State>>

    /// Returns an iterator over the states.
    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator())
    }

    /// Iterates over a reactor's states.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate var base: AsyncStream<UnsafeTransfer<State>>.Iterator

        /// The next state, or `nil` once the state stream ends or the task is cancelled.
        public mutating func next() async -> State? {
            await base.next()?.value
        }

        /// The next state, delivered on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> State? {
            await base.next(isolation: actor)?.value
        }
    }
}

/// Resumes a continuation once, from whichever comes first, and ends the subscription then.
private final class StateWaiter<State>: @unchecked Sendable {
    // @unchecked Sendable: fields are guarded by lock
    private let lock = Lock()
    private var continuation: CheckedContinuation<UnsafeTransfer<State>, Error>?
    private var outcome: Result<UnsafeTransfer<State>, Error>?
    private var subscription: Disposable?
    private var isFinished = false

    func start(_ continuation: CheckedContinuation<UnsafeTransfer<State>, Error>) {
        let early = lock.performLocked { () -> Result<UnsafeTransfer<State>, Error>? in
            if let outcome { return outcome }  // cancelled before it started
            self.continuation = continuation
            return nil
        }
        if let early { continuation.resume(with: early) }
    }

    func hold(_ subscription: Disposable) {
        let disposeNow = lock.performLocked { () -> Bool in
            if isFinished { return true }
            self.subscription = subscription
            return false
        }
        if disposeNow { subscription.dispose() }
    }

    func finish(_ result: Result<UnsafeTransfer<State>, Error>) {
        let (continuation, subscription) = lock.performLocked {
            () -> (CheckedContinuation<UnsafeTransfer<State>, Error>?, Disposable?) in
            if isFinished { return (nil, nil) }
            isFinished = true
            outcome = result
            let taken = (self.continuation, self.subscription)
            self.continuation = nil
            self.subscription = nil
            return taken
        }
        subscription?.dispose()
        continuation?.resume(with: result)
    }
}

extension Duration {
    /// The duration as a dispatch interval, in nanoseconds (saturating).
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .never }
        let total = nanoseconds.partialValue.addingReportingOverflow(attoseconds / 1_000_000_000)
        return total.overflow ? .never : .nanoseconds(Int(clamping: total.partialValue))
    }
}
