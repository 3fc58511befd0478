import Testing

@testable import ReactorKit

@Suite struct RingBufferTests {
    @Test func boundedKeepsTheLatestElementsInOrder() {
        let buffer = RingBuffer<Int>(limit: 3)
        for value in 1...7 { buffer.append(value) }
        #expect(buffer.elements == [5, 6, 7])
        #expect(buffer.count == 3)
    }

    @Test func limitOfOneKeepsTheLatest() {
        let buffer = RingBuffer<String>(limit: 1)
        buffer.append("a")
        buffer.append("b")
        #expect(buffer.elements == ["b"])
    }

    @Test func limitOfZeroKeepsNothing() {
        let buffer = RingBuffer<Int>(limit: 0)
        buffer.append(1)
        #expect(buffer.elements.isEmpty)
    }

    @Test func unboundedGrows() {
        let buffer = RingBuffer<Int>(limit: nil)
        for value in 0..<1_000 { buffer.append(value) }
        #expect(buffer.elements == Array(0..<1_000))
    }

    @Test func boundedGrowsToItsLimitThenWraps() {
        let buffer = RingBuffer<Int>(limit: 10)
        for value in 0..<25 { buffer.append(value) }
        #expect(buffer.elements == Array(15..<25))
    }

    @Test func elementsAreReleasedOnOverwriteRemoveAllAndDeinit() {
        final class Token {}
        weak var first: Token?
        weak var second: Token?
        weak var third: Token?
        var buffer: RingBuffer<Token>? = RingBuffer(limit: 1)
        do {
            let a = Token()
            first = a
            buffer!.append(a)
            let b = Token()
            second = b
            buffer!.append(b)
        }
        #expect(first == nil)
        #expect(second != nil)
        buffer!.removeAll()
        #expect(second == nil)
        do {
            let c = Token()
            third = c
            buffer!.append(c)
        }
        #expect(third != nil)
        buffer = nil
        #expect(third == nil)
    }
}
