import ReactorKitRuntime

/// A non-recursive mutual-exclusion lock whose uncontended path is one atomic instruction.
///
/// On Linux a futex-based mutex, on Apple platforms `os_unfair_lock` (both from the
/// `ReactorKitRuntime` C target, inlined here). Used where generic, non-`Sendable` values are
/// guarded. Never call observers, dispose actions or user closures while holding it.
///
/// `package`: ServiceBus uses it too (instead of `NSLock`, which would link full Foundation).
package final class Lock: @unchecked Sendable {
    // @unchecked Sendable: the lock itself is the synchronization
    private let storage: UnsafeMutablePointer<rk_lock_t>

    package init() {
        storage = .allocate(capacity: 1)
        rk_lock_init(storage)
    }

    deinit {
        storage.deallocate()
    }

    @inline(__always)
    package func lock() {
        rk_lock_lock(storage)
    }

    @inline(__always)
    package func unlock() {
        rk_lock_unlock(storage)
    }

    @inline(__always)
    package func performLocked<T>(_ body: () throws -> T) rethrows -> T {
        rk_lock_lock(storage)
        defer { rk_lock_unlock(storage) }
        return try body()
    }
}

/// A recursive lock: the thread holding it may take it again.
///
/// RxSwift's operators that merge several sources (merge, combineLatest, zip, …) hold such a
/// lock while forwarding so that one observer never receives events concurrently, while a
/// re-entrant event on the same thread is still delivered at once, as in RxSwift.
///
/// `package`: ServiceBus uses it too (instead of `NSRecursiveLock`, which would link full
/// Foundation).
package final class RecursiveLock: @unchecked Sendable {
    // @unchecked Sendable: the lock itself is the synchronization
    private let storage: UnsafeMutablePointer<rk_recursive_lock_t>

    package init() {
        storage = .allocate(capacity: 1)
        rk_recursive_lock_init(storage)
    }

    deinit {
        storage.deallocate()
    }

    @inline(__always)
    package func lock() {
        rk_recursive_lock_lock(storage)
    }

    @inline(__always)
    package func unlock() {
        rk_recursive_lock_unlock(storage)
    }

    @inline(__always)
    package func performLocked<T>(_ body: () throws -> T) rethrows -> T {
        rk_recursive_lock_lock(storage)
        defer { rk_recursive_lock_unlock(storage) }
        return try body()
    }
}
