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

@Suite struct ElementSlotTests {
    @Test func storesReplacesAndTakes() {
        let slot = ElementSlot<String>()
        #expect(!slot.hasValue)
        slot.store("a")
        #expect(slot.hasValue)
        #expect(slot.value == "a")
        slot.store("b")
        #expect(slot.value == "b")
        #expect(slot.take() == "b")
        #expect(!slot.hasValue)
        slot.removeAll()
        #expect(!slot.hasValue)
    }

    @Test func releasesElementsWhenReplacedRemovedOrDeinitialized() {
        let counter = LiveCounter()
        var slot: ElementSlot<Tracked>? = ElementSlot()
        slot!.store(Tracked(1, counter: counter))
        slot!.store(Tracked(2, counter: counter))
        #expect(counter.live == 1)
        #expect(slot!.value.value == 2)
        slot!.removeAll()
        #expect(counter.live == 0)
        slot!.store(Tracked(3, counter: counter))
        slot = nil
        #expect(counter.live == 0)
    }
}
