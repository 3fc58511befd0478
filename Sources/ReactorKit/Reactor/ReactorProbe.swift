import Synchronization

/// Hooks into a reactor's pipeline for test harnesses (`ReactorKitTesting`); not for apps.
///
/// A probe sees every mutation with the state `reduce` made of it, and counts the `mutate`
/// streams that are still running. Attach it with `Reactor._attach(_:)`, before or after the
/// reactor's state stream is built: it sees what happens from then on (streams that started
/// before are counted by `Reactor._runningMutateStreams`). Without a probe the pipeline pays
/// one atomic load per action and per mutation.
@_spi(Testing)
public final class ReactorProbe<Mutation, State>: @unchecked Sendable {
    // @unchecked Sendable: the handlers are guarded by lock; the counters are atomic
    private let lock = Lock()
    private var handler: ((Mutation, State) -> Void)?
    private var streamHandler: ((Int, Bool) -> Void)?
    private var detached = false
    private let running = Atomic<Int>(0)
    private let streamCount = Atomic<Int>(0)

    /// Creates a probe that calls `onReduce` after each mutation is reduced, with the mutation
    /// and the resulting state (before `transform(state:)`).
    ///
    /// - Parameters:
    ///   - onReduce: Called with each mutation and the state `reduce` made of it.
    ///   - onMutateStream: Called with a stream number (1, 2, …, one per action) and `true` when
    ///     a `mutate(action:)` stream is subscribed, then with the same number and `false` when
    ///     it ends; on the thread where that happens (the sending thread when the action is
    ///     handled synchronously).
    public init(
        onReduce: @escaping (Mutation, State) -> Void,
        onMutateStream: ((_ stream: Int, _ isRunning: Bool) -> Void)? = nil
    ) {
        handler = onReduce
        streamHandler = onMutateStream
    }

    /// The number of `mutate(action:)` streams subscribed and not yet ended.
    public var runningMutationStreams: Int {
        running.load(ordering: .acquiring)
    }

    /// Stops reporting reductions; another probe may then be attached to the reactor.
    public func detach() {
        lock.performLocked {
            handler = nil
            streamHandler = nil
            detached = true
        }
    }

    /// Whether ``detach()`` was called.
    public var isDetached: Bool {
        lock.performLocked { detached }
    }

    func reduced(_ mutation: Mutation, _ state: State) {
        let handler = lock.performLocked { self.handler }
        handler?(mutation, state)
    }

    /// Wraps a `mutate` stream so that it is counted while it runs.
    func track(_ mutations: Observable<Mutation>) -> Observable<Mutation> {
        let stream = streamCount.add(1, ordering: .relaxed).newValue
        return mutations.do(
            onSubscribe: {
                self.running.add(1, ordering: .acquiringAndReleasing)
                self.streamChanged(stream, isRunning: true)
            },
            onDispose: {
                self.running.subtract(1, ordering: .acquiringAndReleasing)
                self.streamChanged(stream, isRunning: false)
            })
    }

    private func streamChanged(_ stream: Int, isRunning: Bool) {
        let handler = lock.performLocked { streamHandler }
        handler?(stream, isRunning)
    }
}

@_spi(Testing)
extension Reactor {
    /// Attaches `probe` to the reactor, whether its state stream is built or not; returns
    /// `false` when another probe is attached (and not detached).
    @discardableResult
    public func _attach(_ probe: ReactorProbe<Mutation, State>) -> Bool {
        reactorStorage.probeSlot.attach(probe)
    }

    /// The number of `mutate(action:)` streams subscribed and not yet ended, whether a probe
    /// tracks them or not (a `just` stream ends as it is subscribed, so it never counts).
    public var _runningMutateStreams: Int {
        reactorStorage.probeSlot.runningStreams.value
    }
}
