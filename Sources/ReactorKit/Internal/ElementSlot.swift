/// Storage for at most one element, for element paths of unspecialized generic code.
///
/// A stored `Element?` costs a runtime metadata lookup of `Optional<Element>` on every access
/// in unspecialized code (an operator called from another module). This slot keeps the
/// element in raw memory and its presence in a plain flag, so its operations use nothing but
/// `Element`'s own value witnesses. Not thread-safe: guard it like any other mutable state.
final class ElementSlot<Element> {
    private let storage = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    // Every access is a plain read or write, never held across a call (a replaced or cleared
    // element is dropped only after the slot is consistent again), so the dynamic
    // exclusivity checks are pure overhead.
    /// Whether the slot holds an element.
    @exclusivity(unchecked) private(set) var hasValue = false

    init() {}

    deinit {
        if hasValue {
            storage.deinitialize(count: 1)
        }
        storage.deallocate()
    }

    /// The element held; the slot must not be empty.
    var value: Element {
        precondition(hasValue, "value of an empty ElementSlot")
        return storage.pointee
    }

    /// Stores `element`, replacing the one held, if any.
    func store(_ element: Element) {
        if hasValue {
            let previous = storage.move()
            storage.initialize(to: element)
            _ = previous  // dropped once the slot is consistent again
        } else {
            storage.initialize(to: element)
            hasValue = true
        }
    }

    /// Removes and returns the element held; the slot must not be empty.
    func take() -> Element {
        precondition(hasValue, "take from an empty ElementSlot")
        hasValue = false
        return storage.move()
    }

    /// Drops the element held, if any.
    func removeAll() {
        if hasValue {
            _ = take()
        }
    }
}
