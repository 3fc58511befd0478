import Testing

@testable import ReactorKit

/// Counts how many of its instances are alive, to check that storage releases its elements.
private final class Tracked {
    let value: Int
    private let counter: LiveCounter

    init(_ value: Int, counter: LiveCounter) {
        self.value = value
        self.counter = counter
        counter.live += 1
    }

    deinit {
        counter.live -= 1
    }
}

private final class LiveCounter {
    var live = 0
}

@Suite struct ElementRingTests {
    @Test func dequeuesInEnqueueOrder() {
        let ring = ElementRing<Int>()
        #expect(ring.isEmpty)
        for value in 1...3 {
            ring.enqueue(value)
        }
        #expect(ring.count == 3)
        #expect(ring.front == 1)
        #expect(ring.dequeue() == 1)
        #expect(ring.dequeue() == 2)
        #expect(ring.dequeue() == 3)
        #expect(ring.isEmpty)
    }

    @Test func replacesTheFrontElement() {
        let counter = LiveCounter()
        let ring = ElementRing<Tracked>()
        ring.enqueue(Tracked(1, counter: counter))
        ring.enqueue(Tracked(2, counter: counter))
        ring.replaceFront(with: Tracked(3, counter: counter))
        #expect(counter.live == 2)
        #expect(ring.dequeue().value == 3)
        #expect(ring.dequeue().value == 2)
        #expect(counter.live == 0)
    }

    @Test func growsWhileWrappedAroundAndKeepsTheOrder() {
        let ring = ElementRing<Int>(capacity: 4)
        var expected: [Int] = []
        var next = 0
        var received: [Int] = []
        // Interleave so that the ring is full while its front is in the middle of the storage.
        for round in 0..<50 {
            for _ in 0..<(round % 7 + 1) {
                ring.enqueue(next)
                expected.append(next)
                next += 1
            }
            for _ in 0..<(round % 5) where !ring.isEmpty {
                received.append(ring.dequeue())
            }
        }
        while !ring.isEmpty {
            received.append(ring.dequeue())
        }
        #expect(received == expected)
    }

    @Test func releasesElementsWhenDequeuedRemovedOrDeinitialized() {
        let counter = LiveCounter()
        var ring: ElementRing<Tracked>? = ElementRing(capacity: 2)
        for value in 0..<5 {
            ring!.enqueue(Tracked(value, counter: counter))
        }
        #expect(counter.live == 5)
        #expect(ring!.dequeue().value == 0)
        #expect(counter.live == 4)
        ring!.removeAll()
        #expect(counter.live == 0)
        #expect(ring!.isEmpty)
        ring!.enqueue(Tracked(9, counter: counter))
        ring!.enqueue(Tracked(10, counter: counter))
        #expect(ring!.front.value == 9)
        ring = nil
        #expect(counter.live == 0)
    }

    @Test func appendKeepingLastDropsTheOldest() {
        let ring = ElementRing<Int>()
        for value in 1...7 { ring.append(value, keepingLast: 3) }
        #expect(ring.elements == [5, 6, 7])
        #expect(ring.count == 3)
    }

    @Test func appendKeepingOneAndZero() {
        let one = ElementRing<String>()
        one.append("a", keepingLast: 1)
        one.append("b", keepingLast: 1)
        #expect(one.elements == ["b"])
        let none = ElementRing<Int>()
        none.append(1, keepingLast: 0)
        #expect(none.elements.isEmpty)
    }

    @Test func appendWithoutLimitKeepsEverythingInOrderAcrossWrapAround() {
        let ring = ElementRing<Int>()
        for value in 0..<5 { ring.enqueue(value) }
        _ = ring.dequeue()
        _ = ring.dequeue()
        for value in 5..<1_000 { ring.append(value, keepingLast: nil) }
        #expect(ring.elements == Array(2..<1_000))
    }
}
