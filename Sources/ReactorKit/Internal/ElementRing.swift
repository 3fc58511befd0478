/// A FIFO queue over a growable ring buffer, for element paths of unspecialized generic code.
///
/// ``Queue`` keeps its elements in a `ContiguousArray<Element?>`; in unspecialized code (an
/// operator called from another module) each of its operations looks up the metadata of
/// those generic types at run time. This ring keeps them in raw memory instead, so its
/// operations use nothing but `Element`'s own value witnesses. Not thread-safe: guard it like
/// any other mutable state.
final class ElementRing<Element> {
    // Every access is a plain read or write, never held across a call (elements are moved
    // out before they are dropped), so the dynamic exclusivity checks are pure overhead.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<Element>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var head = 0
    /// The number of queued elements.
    @exclusivity(unchecked) private(set) var count = 0

    init(capacity: Int = 2) {
        let capacity = Swift.max(capacity, 1)
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        removeAll()
        storage.deallocate()
    }

    /// Whether no element is queued.
    var isEmpty: Bool {
        count == 0
    }

    /// Adds `element` at the back.
    func enqueue(_ element: Element) {
        if count == capacity {
            grow()
        }
        let tail = head + count
        (storage + (tail < capacity ? tail : tail - capacity)).initialize(to: element)
        count += 1
    }

    /// Removes and returns the front element; the ring must not be empty.
    func dequeue() -> Element {
        precondition(count > 0, "dequeue from an empty ElementRing")
        let element = (storage + head).move()
        head = head + 1 == capacity ? 0 : head + 1
        count -= 1
        return element
    }

    /// The front element, left in place; the ring must not be empty.
    var front: Element {
        precondition(count > 0, "front of an empty ElementRing")
        return storage[head]
    }

    /// Replaces the front element with `element`; the ring must not be empty.
    func replaceFront(with element: Element) {
        precondition(count > 0, "replaceFront of an empty ElementRing")
        let previous = (storage + head).move()
        (storage + head).initialize(to: element)
        _ = previous  // dropped once the ring is consistent again
    }

    /// Adds `element` at the back, first dropping front elements so that at most `limit`
    /// remain (`nil`: no limit). With a limit of 0 nothing is kept.
    @inline(__always)
    func append(_ element: Element, keepingLast limit: Int?) {
        guard let limit else {
            enqueue(element)
            return
        }
        guard limit > 0 else { return }
        if count == limit && count == capacity {
            // Full at exactly its limit: overwrite the oldest element and rotate.
            (storage + head).pointee = element
            head = head + 1 == capacity ? 0 : head + 1
            return
        }
        while count >= limit {
            _ = dequeue()
        }
        enqueue(element)
    }

    /// A copy of the elements, front first.
    var elements: [Element] {
        (0..<count).map { offset in
            let index = head + offset
            return storage[index < capacity ? index : index - capacity]
        }
    }

    /// Removes every element, front first.
    func removeAll() {
        while count > 0 {
            _ = dequeue()
        }
        head = 0
    }

    /// Doubles the storage; called when it is full.
    @inline(never)
    private func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        let front = capacity - head  // the elements from `head` to the end of the storage
        grown.moveInitialize(from: storage + head, count: front)
        (grown + front).moveInitialize(from: storage, count: head)
        storage.deallocate()
        storage = grown
        capacity *= 2
        head = 0
    }
}
