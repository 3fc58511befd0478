/// A FIFO queue over a growable ring buffer: amortized O(1) enqueue and dequeue.
struct Queue<Element> {
    private var storage: ContiguousArray<Element?>
    private var head = 0
    private(set) var count = 0

    init(capacity: Int = 2) {
        storage = ContiguousArray(repeating: nil, count: Swift.max(capacity, 1))
    }

    var isEmpty: Bool { count == 0 }

    mutating func enqueue(_ element: Element) {
        if count == storage.count {
            grow()
        }
        storage[(head + count) % storage.count] = element
        count += 1
    }

    mutating func dequeue() -> Element? {
        guard count > 0 else { return nil }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) % storage.count
        count -= 1
        return element
    }

    func peek() -> Element? {
        count > 0 ? storage[head] : nil
    }

    mutating func removeAll() {
        self = Queue(capacity: 2)
    }

    private mutating func grow() {
        var grown = ContiguousArray<Element?>(repeating: nil, count: storage.count * 2)
        for index in 0..<count {
            grown[index] = storage[(head + index) % storage.count]
        }
        storage = grown
        head = 0
    }
}

extension Queue: Sequence {
    struct Iterator: IteratorProtocol {
        fileprivate var queue: Queue
        mutating func next() -> Element? { queue.dequeue() }
    }

    func makeIterator() -> Iterator { Iterator(queue: self) }
}
