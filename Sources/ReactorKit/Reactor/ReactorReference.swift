import ReactorKitRuntime
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Something the reactor's storage invalidates when the reactor goes.
package protocol ReactorReferenceInvalidating: AnyObject {
    func invalidate()
}

/// How a reactor's state stream reaches the reactor (to call `mutate` and `reduce`) without
/// keeping it alive, and without ever calling into a reactor that is being deallocated.
///
/// Where the reactor's storage is released before the reactor is deinitialized (Linux, with
/// the deallocation hook), the reference is unowned and guarded: each use registers as in
/// flight and holds an ordinary retain; the storage's teardown marks the reference dead and
/// waits for uses in flight on other threads to end. A weak reference would do the same job,
/// but it gives the reactor a side table, which makes every retain and release of the reactor
/// several times slower — on every action and every global event.
///
/// Elsewhere (Apple platforms, classes that cannot be hooked) it is a plain weak reference.
package final class ReactorReference<R: AnyObject>: ReactorReferenceInvalidating, @unchecked Sendable {
    // @unchecked Sendable: the references are immutable; `state` is atomic
    private unowned(unsafe) let unsafeReactor: R
    private weak let weakReactor: R?
    private let guarded: Bool
    /// Bit 0: dead. The rest: twice the number of uses in flight.
    private let state = Atomic<Int>(0)

    init(_ reactor: R, guardedByTeardown: Bool) {
        unsafeReactor = reactor
        weakReactor = guardedByTeardown ? nil : reactor
        guarded = guardedByTeardown
    }

    /// The reactor, retained, or `nil` once it is going; call ``endUse()`` after a non-nil result.
    @inline(__always)
    package func beginUse() -> R? {
        guard guarded else { return weakReactor }
        if state.add(2, ordering: .acquiringAndReleasing).oldValue & 1 != 0 {
            state.subtract(2, ordering: .acquiringAndReleasing)
            return nil
        }
        return unsafeReactor
    }

    /// Ends a use begun by a non-nil ``beginUse()``.
    @inline(__always)
    package func endUse() {
        if guarded {
            state.subtract(2, ordering: .acquiringAndReleasing)
        }
    }

    /// Marks the reactor as going and waits for uses in flight to end.
    ///
    /// A use holds a retain, so the reactor cannot start going away on the thread of a use in
    /// flight; only uses that began on other threads in the instant the last reference went
    /// can be waited for here, and they are brief (`mutate` returns a sequence, `reduce` is pure).
    package func invalidate() {
        guard guarded else { return }
        state.bitwiseOr(1, ordering: .acquiringAndReleasing)
        while state.load(ordering: .acquiring) >> 1 != 0 {
            sched_yield()
        }
    }
}

extension Reactor {
    /// A reference to this reactor for closures that live in its state stream (such as a
    /// bus merged in `transform(mutation:)`): it does not keep the reactor alive, and never
    /// hands out a reactor that is being deallocated. Invalidated when the reactor goes.
    package func guardedReference() -> ReactorReference<Self> {
        reactorStorage.pipelineReference(to: self)
    }
}
