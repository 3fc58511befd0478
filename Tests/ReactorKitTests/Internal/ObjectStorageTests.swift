import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import ReactorKit

private final class Owner: Sendable {}
private class BaseOwner {}
private final class SubOwner: BaseOwner {}
private final class GenericOwner<T> {
    let value: T
    init(_ value: T) { self.value = value }
}

/// A storage value that records its own deallocation.
private final class Payload {
    let onDeinit: () -> Void
    var holding: AnyObject?

    init(onDeinit: @escaping () -> Void = {}) {
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }
}

@Suite struct ObjectStorageTests {
    @Test func valueIsFreedTogetherWithItsOwner() {
        weak var payload: Payload?
        weak var owner: Owner?
        do {
            let strongOwner = Owner()
            owner = strongOwner
            let value = ObjectStorage.value(for: strongOwner, in: .test) { Payload() }
            payload = value
            #expect(ObjectStorage.value(for: strongOwner, in: .test) { Payload() } === value)
        }
        #expect(owner == nil)
        #expect(payload == nil)
    }

    @Test func eachOwnerHasItsOwnValue() {
        let first = Owner()
        let second = Owner()
        let a = ObjectStorage.value(for: first, in: .test) { Payload() }
        let b = ObjectStorage.value(for: second, in: .test) { Payload() }
        #expect(a !== b)
        #expect(ObjectStorage.value(for: first, in: .test) { Payload() } === a)
    }

    @Test func subclassAndGenericOwnersAreFreedToo() {
        weak var fromSubclass: Payload?
        weak var fromBase: Payload?
        weak var fromGeneric: Payload?
        weak var fromOtherGeneric: Payload?
        do {
            fromSubclass = ObjectStorage.value(for: SubOwner(), in: .test) { Payload() }
            fromBase = ObjectStorage.value(for: BaseOwner(), in: .test) { Payload() }
            fromGeneric = ObjectStorage.value(for: GenericOwner(1), in: .test) { Payload() }
            fromOtherGeneric = ObjectStorage.value(for: GenericOwner("a"), in: .test) { Payload() }
        }
        #expect(fromSubclass == nil)
        #expect(fromBase == nil)
        #expect(fromGeneric == nil)
        #expect(fromOtherGeneric == nil)
    }

    @Test func concurrentFirstAccessesGetTheSameValue() {
        let owner = Owner()
        let seen = ConcurrentRecorder<ObjectIdentifier>()
        DispatchQueue.concurrentPerform(iterations: 100) { _ in
            let value = ObjectStorage.value(for: owner, in: .test) { Payload() }
            seen.append(ObjectIdentifier(value))
        }
        #expect(seen.values.count == 100)
        #expect(Set(seen.values).count == 1)
    }

    @Test func ownerReleasedOnAnotherThreadFreesItsValue() {
        let freed = Atomic<Bool>(false)
        let slot = Locked<Owner?>(Owner())
        slot.withLock { owner in
            _ = ObjectStorage.value(for: owner!, in: .test) {
                Payload(onDeinit: { freed.store(true, ordering: .releasing) })
            }
        }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            slot.withLock { $0 = nil }  // the last reference goes on this thread
            done.signal()
        }
        done.wait()
        let value = freed.load(ordering: .acquiring)
        #expect(value)
    }

    @Test func valuesHoldingOtherOwnersAreReleasedWithoutDeadlock() {
        weak var innerPayload: Payload?
        weak var outerPayload: Payload?
        do {
            let outerOwner = Owner()
            let outer = ObjectStorage.value(for: outerOwner, in: .test) { Payload() }
            outerPayload = outer
            let innerOwner = Owner()
            innerPayload = ObjectStorage.value(for: innerOwner, in: .test) { Payload() }
            outer.holding = innerOwner  // releasing outer's value releases inner's owner
        }
        #expect(outerPayload == nil)
        #expect(innerPayload == nil)
    }

    @Test func slotsAreIndependent() {
        let owner = Owner()
        let test = ObjectStorage.value(for: owner, in: .test) { Payload() }
        let view = ObjectStorage.value(for: owner, in: .view) { Payload() }
        #expect(test !== view)
        #expect(ObjectStorage.value(for: owner, in: .view) { Payload() } === view)
    }

    @Test func manyOwnersDoNotAccumulate() {
        let before = ObjectStorage.count
        for _ in 0..<10_000 {
            let owner = Owner()
            _ = ObjectStorage.value(for: owner, in: .test) { Payload() }
        }
        // Other tests running in parallel may hold a few entries; 10,000 dead owners must not.
        #expect(ObjectStorage.count < before + 1_000)
    }
}
