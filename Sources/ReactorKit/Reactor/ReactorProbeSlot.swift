import Synchronization

/// Where a reactor's pipeline finds its test probe, attached before or after the pipeline is
/// built, and the count of its running `mutate` streams.
///
/// The pipeline asks for the probe once per action and once per mutation: while no probe is
/// attached that is one atomic load.
final class ReactorProbeSlot<Mutation, State>: @unchecked Sendable {
    // @unchecked Sendable: `stored` is guarded by lock; `isAttached` is atomic
    private let isAttached = Atomic<Bool>(false)
    private let lock = Lock()
    private var stored: ReactorProbe<Mutation, State>?
    /// The `mutate(action:)` streams subscribed and not yet ended, tracked by a probe or not.
    let runningStreams = ActivityCount()

    init() {}

    /// The attached probe, if any.
    @inline(__always)
    var probe: ReactorProbe<Mutation, State>? {
        guard isAttached.load(ordering: .acquiring) else { return nil }
        return attachedProbe()
    }

    @inline(never)
    private func attachedProbe() -> ReactorProbe<Mutation, State>? {
        lock.performLocked { stored }
    }

    /// Attaches `probe` unless another probe is attached and not detached.
    func attach(_ probe: ReactorProbe<Mutation, State>) -> Bool {
        lock.performLocked {
            if let stored, !stored.isDetached { return false }
            stored = probe
            isAttached.store(true, ordering: .releasing)
            return true
        }
    }
}
