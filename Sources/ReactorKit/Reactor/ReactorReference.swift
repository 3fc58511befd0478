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
/// the deallocation hook), the reference is unretained and guarded: each use registers as in
/// flight and borrows the reactor without retaining it; the storage's teardown marks the
/// reference dead and waits for uses in flight on other threads to end. A weak reference would do the same job,
/// but it gives the reactor a side table, which makes every retain and release of the reactor
/// several times slower — on every action and every global event.
///
/// Elsewhere (Apple platforms, classes that cannot be hooked) it is a plain weak reference.
package final class ReactorReference<R: AnyObject>: ReactorReferenceInvalidating, @unchecked Sendable {
    // @unchecked Sendable: the references are immutable; `state` is atomic
    private let unretainedReactor: Unmanaged<R>
    private weak let weakReactor: R?
    private let guarded: Bool
    /// Bit 0: dead. The rest: twice the number of uses in flight.
    private let state = Atomic<Int>(0)

    init(_ reactor: R, guardedByTeardown: Bool) {
        unretainedReactor = Unmanaged.passUnretained(reactor)
        weakReactor = guardedByTeardown ? nil : reactor
        guarded = guardedByTeardown
    }

    /// Runs `body` with the reactor and returns what it returns, or returns `nil` without
    /// running it once the reactor is going.
    ///
    /// The reactor is lent to `body`, not retained for it: a use registered in flight must not
    /// hold a retain past its end, or a reactor whose last reference went on another thread at
    /// that instant would be deallocated with that retain still counted (the runtime stops the
    /// process: "deallocated with non-zero retain count").
    @inline(__always)
    package func withReactor<T>(_ body: (R) -> T) -> T? {
        guard guarded else {
            guard let reactor = weakReactor else { return nil }
            return body(reactor)
        }
        if state.add(2, ordering: .acquiringAndReleasing).oldValue & 1 != 0 {
            state.subtract(2, ordering: .acquiringAndReleasing)
            return nil
        }
        let result = unretainedReactor._withUnsafeGuaranteedRef(body)
        state.subtract(2, ordering: .acquiringAndReleasing)
        return result
    }

    /// Marks the reactor as going and waits for uses in flight to end.
    ///
    /// A use runs inside a call from the reactor's own stream, so the reactor cannot start going
    /// away on the thread of a use in flight; only uses that began on other threads in the
    /// instant the last reference went can be waited for here, and they are brief (`mutate`
    /// returns a sequence, `reduce` is pure).
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
