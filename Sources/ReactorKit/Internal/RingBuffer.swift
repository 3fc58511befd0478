/// A FIFO buffer of at most `limit` elements (or unbounded) over raw memory.
///
/// Unlike ``Queue``, it stores elements without wrapping them in `Optional`, and it is a
/// class whose methods only need `Element` itself: unspecialized generic code can append to it
/// without looking up any other type's metadata, which keeps `ReplaySubject`'s element path
/// cheap. Not thread-safe; its owner guards it.
final class RingBuffer<Element> {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    private var head = 0
    private(set) var count = 0
    private let limit: Int?

    /// Creates an empty buffer that keeps the last `limit` elements, or all when `nil`.
    init(limit: Int?) {
        self.limit = limit
        capacity = Swift.max(1, Swift.min(limit ?? 4, 4))
        storage = .allocate(capacity: capacity)
    }

    deinit {
        removeAll()
        storage.deallocate()
    }

    /// Appends `element`, dropping the oldest element when the limit is reached.
    func append(_ element: Element) {
        if let limit, count == limit {
            if limit == 0 { return }
            (storage + head).pointee = element  // overwrite the oldest in place
            head = (head + 1) % capacity
            return
        }
        if count == capacity {
            grow()
        }
        (storage + (head + count) % capacity).initialize(to: element)
        count += 1
    }

    /// The elements, oldest first.
    var elements: [Element] {
        (0..<count).map { storage[(head + $0) % capacity] }
    }

    /// Removes every element.
    func removeAll() {
        for index in 0..<count {
            (storage + (head + index) % capacity).deinitialize(count: 1)
        }
        head = 0
        count = 0
    }

    private func grow() {
        var newCapacity = capacity * 2
        if let limit { newCapacity = Swift.min(newCapacity, limit) }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        for index in 0..<count {
            (grown + index).moveInitialize(from: storage + (head + index) % capacity, count: 1)
        }
        storage.deallocate()
        storage = grown
        capacity = newCapacity
        head = 0
    }
}
