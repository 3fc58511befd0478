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
final class ClosureSubscription<Element>: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `observer` is touched only by the caller that first sets
    // `disposedBit` or `terminatedBit`; `upstream` is written before `upstreamSetBit` is set,
    // then only by the caller that sets `upstreamTakenBit`.
    private static var upstreamSetBit: Int { 1 }
    private static var upstreamIsSubjectBit: Int { 2 }
    private static var disposedBit: Int { 4 }
    private static var terminatedBit: Int { 8 }
    private static var upstreamTakenBit: Int { 16 }

    private let state = Atomic<Int>(0)
    private var observer: ClosureObserver<Element>?
    private var upstream: Disposable?

    init(observer: ClosureObserver<Element>) {
        self.observer = observer
    }

    var isDisposed: Bool {
        state.load(ordering: .acquiring) & Self.disposedBit != 0
    }

    /// Sets the upstream subscription; disposes it at once if this subscription was disposed
    /// meanwhile (or terminated, for a subject subscription).
    func setUpstream(_ disposable: Disposable) {
        upstream = disposable
        let isSubject = disposable is SubjectEntry<Element>
        let bits = Self.upstreamSetBit | (isSubject ? Self.upstreamIsSubjectBit : 0)
        let previous = state.bitwiseOr(bits, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 || (isSubject && previous & Self.terminatedBit != 0) {
            disposeUpstream()
        }
    }

    func dispose() {
        let previous = state.bitwiseOr(Self.disposedBit, ordering: .acquiringAndReleasing).oldValue
        if previous & Self.disposedBit != 0 { return }
        var observer: ClosureObserver<Element>?
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
        let subjectBits = Self.upstreamSetBit | Self.upstreamIsSubjectBit
        if previous & subjectBits == subjectBits {
            disposeUpstream()
        }
    }

    /// Disposes and releases the upstream subscription, once.
    private func disposeUpstream() {
        let previous = state.bitwiseOr(Self.upstreamTakenBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.upstreamTakenBit == 0 else { return }
        let upstream = self.upstream
        self.upstream = nil
        upstream?.dispose()
    }
}
