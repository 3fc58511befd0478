import Dispatch
import Foundation
import ServiceBus
import Synchronization
import Testing

@Suite struct MessageBusTests {
    @Test func replaysTheLatestMessageThenDeliversInOrder() {
        let bus = MessageBus(initial: "a")
        bus.send("b")
        var received: [String] = []
        let subscription = bus.subscribe(onNext: { received.append($0) })
        bus.send("c")
        bus.send("d")
        #expect(received == ["b", "c", "d"])
        #expect(bus.latest == "d")
        subscription.dispose()
        #expect(!bus.hasSubscribers)
    }

    @Test func messageSentFromASubscriberIsQueuedBehindTheCurrentOne() {
        let bus = MessageBus(initial: 0)
        var log: [String] = []
        let first = bus.subscribe(onNext: { value in
            log.append("first \(value)")
            if value == 1 { bus.send(2) }
        })
        let second = bus.subscribe(onNext: { value in log.append("second \(value)") })
        log.removeAll()
        bus.send(1)
        // 1 reaches every subscriber before 2 is delivered: never nested, never reordered.
        #expect(log == ["first 1", "second 1", "first 2", "second 2"])
        #expect(bus.latest == 2)
        first.dispose()
        second.dispose()
    }

    @Test func manyThreadsSendingAreDeliveredExactlyOnceToEverySubscriber() {
        let bus = EventBus<Int>()
        let subscribers = 4
        let recorders = (0..<subscribers).map { _ in Recorder() }
        let subscriptions = recorders.map { recorder in bus.subscribe(onNext: { recorder.receive($0) }) }
        let threads = 8
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { bus.send(thread * perThread + index) }
        }
        for recorder in recorders {
            #expect(recorder.values.count == threads * perThread)
            #expect(Set(recorder.values).count == threads * perThread)
            #expect(recorder.overlaps == 0)
        }
        for subscription in subscriptions { subscription.dispose() }
    }

    @Test func eventBusReplaysNothing() {
        let bus = EventBus<String>()
        bus.send("before")
        var received: [String] = []
        let subscription = bus.subscribe(onNext: { received.append($0) })
        bus.send("after")
        #expect(received == ["after"])
        subscription.dispose()
    }

    @Test func eventSentFromASubscriberIsQueuedToo() {
        let bus = EventBus<String>()
        var log: [String] = []
        let a = bus.subscribe(onNext: { event in
            log.append("a:\(event)")
            if event == "x" { bus.send("y") }
        })
        let b = bus.subscribe(onNext: { event in log.append("b:\(event)") })
        bus.send("x")
        #expect(log == ["a:x", "b:x", "a:y", "b:y"])
        a.dispose()
        b.dispose()
    }
}

/// Records delivered values and counts deliveries that overlapped.
final class Recorder: Sendable {
    private let inside = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let stored = Locked<[Int]>([])

    var overlaps: Int { overlapCount.load(ordering: .acquiring) }
    var values: [Int] { stored.withLock { $0 } }

    func receive(_ value: Int) {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        stored.withLock { $0.append(value) }
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }
}
