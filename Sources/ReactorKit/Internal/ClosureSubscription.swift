import Synchronization

/// The disposable returned by `subscribe(onNext:onError:onCompleted:onDisposed:)`: holds the
/// upstream subscription and the observer, which the upstream holds too.
///
/// Disposing it stops the observer, disposes the upstream subscription, then runs
/// `onDisposed` (RxSwift's order for an explicit dispose). When the sequence terminates, the
/// observer has already run `onDisposed`; this object then drops the observer, and an upstream
/// subject subscription (whose removal runs no user code), so that a finished subscription
/// kept in a `DisposeBag` holds none of its closures. Any other upstream subscription is kept
/// for an explicit dispose, as in RxSwift: operators dispose themselves after a terminal event,
/// and other sources stay subscribed until then.
///
/// The observer reaches this object only weakly, so nothing reachable from the source leads
/// back to the source's subscription: a subscription never disposed nor terminated is freed
/// with its source.
final class ClosureSubscription: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `observer` is touched only by the caller that first sets
    // `disposedBit` or `terminatedBit`; `upstream` is written before `upstreamSetBit` is set,
    // then only by the caller holding `upstreamClaimedBit`.
    private static var upstreamSetBit: Int { 1 }
    private static var disposedBit: Int { 2 }
    private static var terminatedBit: Int { 4 }
    private static var upstreamClaimedBit: Int { 8 }

    private let state = Atomic<Int>(0)
    private var observer: ClosureObserverLifecycle?
    private var upstream: Disposable?

    init(observer: ClosureObserverLifecycle) {
        self.observer = observer
    }

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedBit != 0
    }

    /// Sets the upstream subscription; disposes it at once if this subscription was disposed
    /// meanwhile, or releases it if the sequence terminated and it is a subject's.
    func setUpstream(_ disposable: Disposable) {
        upstream = disposable
        let previous = state.bitwiseOr(Self.upstreamSetBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 {
            disposeUpstream()
        } else if previous & Self.terminatedBit != 0 {
            releaseSubjectUpstream()
        }
    }

    func dispose() {
        let previous = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 { return }
        var observer: ClosureObserverLifecycle?
        if previous & Self.terminatedBit == 0 {
            observer = self.observer
            self.observer = nil
        }
        observer?.stop()
        if previous & Self.upstreamSetBit != 0 {
            disposeUpstream()
        }
        observer?.runOnDisposed()
    }

    /// Called by the observer after a terminal event and `onDisposed`.
    func sequenceTerminated() {
        let previous = state.bitwiseOr(Self.terminatedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & (Self.disposedBit | Self.terminatedBit) != 0 { return }
        observer = nil
        if previous & Self.upstreamSetBit != 0 {
            releaseSubjectUpstream()
        }
    }

    /// Claims the upstream subscription; `true` for the one caller that gets it.
    private func claimUpstream() -> Bool {
        state.bitwiseOr(Self.upstreamClaimedBit, ordering: .acquiringAndReleasing).oldValue
            & Self.upstreamClaimedBit == 0
    }

    /// Disposes and releases the upstream subscription, once.
    private func disposeUpstream() {
        guard claimUpstream() else { return }
        let upstream = self.upstream
        self.upstream = nil
        upstream?.dispose()
    }

    /// After a terminal event: disposes and releases the upstream subscription if it is a
    /// subject's (checked here rather than on every subscribe: the type check costs a runtime
    /// cast); keeps any other for an explicit dispose.
    private func releaseSubjectUpstream() {
        guard claimUpstream() else { return }
        if let upstream, upstream is SubjectSubscription {
            self.upstream = nil
            upstream.dispose()
            return
        }
        // Give the claim back; a dispose that came meanwhile found it taken: dispose for it.
        let previous = state.bitwiseAnd(~Self.upstreamClaimedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 {
            disposeUpstream()
        }
    }
}
