#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Per-thread storage for one object type, released when its thread exits.
///
/// Backed by a `pthread_key_t`: reading is a single `pthread_getspecific`, far cheaper than
/// `Thread.current.threadDictionary`, which matters because every subscription and every
/// trampolined action reads the current thread's scheduler state.
final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: pthread keys are thread-safe
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
        var key = pthread_key_t()
        let result = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
                if let pointer {
                    Unmanaged<AnyObject>.fromOpaque(pointer).release()
                }
            #endif
        }
        precondition(result == 0, "pthread_key_create failed: \(result)")
        self.key = key
    }

    /// The calling thread's value, created on first use.
    @inline(__always)
    var value: Value {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
        }
        return makeValue()
    }

    @inline(never)
    private func makeValue() -> Value {
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value as AnyObject).toOpaque())
        return value
    }
}
