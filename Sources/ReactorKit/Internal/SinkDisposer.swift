import Synchronization

/// The disposable a ``Producer`` returns: disposes the sink and its upstream subscription.
///
/// It may be disposed before `run` has returned them (a source that finishes during
/// subscription); they are then disposed as soon as they are set.
final class SinkDisposer: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: fields published through `state`
    private static let disposedBit = 1
    private static let setBit = 2

    private let state = Atomic<Int>(0)
    private var sink: Disposable?
    private var subscription: Disposable?

    override init() {}

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedBit != 0
    }

    func setSinkAndSubscription(sink: Disposable, subscription: Disposable) {
        self.sink = sink
        self.subscription = subscription
        let previous = state.bitwiseOr(Self.setBit, ordering: .acquiringAndReleasing).oldValue
        precondition(previous & Self.setBit == 0, "sink and subscription set twice")
        if previous & Self.disposedBit != 0 {
            release()
        }
    }

    func dispose() {
        let previous = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 { return }
        if previous & Self.setBit != 0 {
            release()
        }
    }

    private func release() {
        let sink = self.sink
        let subscription = self.subscription
        self.sink = nil
        self.subscription = nil
        sink?.dispose()
        subscription?.dispose()
    }
}
