/// Carries a value into a `@Sendable` closure (a dispatch block, a task) where the library
/// guarantees by construction that it is not used concurrently.
struct UnsafeTransfer<Value>: @unchecked Sendable {
    // @unchecked Sendable: callers guarantee exclusive, ordered use
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
