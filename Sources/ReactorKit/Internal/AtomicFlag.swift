import Synchronization

/// A one-way flag that can be set once, from any thread.
///
/// `set()` returns `true` only for the caller that changed it, which makes it the usual
/// "dispose once" / "stop once" guard.
final class AtomicFlag: Sendable {
    private let storage = Atomic<Bool>(false)

    init() {}

    /// Whether the flag has been set.
    @inline(__always)
    var isSet: Bool {
        storage.load(ordering: .acquiring)
    }

    /// Sets the flag; returns `true` when this call is the one that set it.
    @inline(__always)
    @discardableResult
    func set() -> Bool {
        !storage.exchange(true, ordering: .acquiringAndReleasing)
    }
}
