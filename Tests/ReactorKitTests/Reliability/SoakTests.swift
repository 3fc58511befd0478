import Foundation
import ReactorKit
import ServiceBus
import TestSupport
import Testing

/// The reactive core under load: threads sending into subjects, buses and reactors while other
/// threads subscribe and dispose. A subscriber that stays receives every event exactly once,
/// in each sender's order; a disposed one receives nothing more; every resource is freed.
/// `TODO_FUZZ_ITERATIONS` scales the number of events for a longer run.
@Suite struct SoakTests {
    static var eventsPerSender: Int {
        if let given = ProcessInfo.processInfo.environment["TODO_FUZZ_ITERATIONS"].flatMap(Int.init) { return given }
        let handle = dlopen(nil, RTLD_NOW)
        defer { if let handle { dlclose(handle) } }
        let sanitized = dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
        return sanitized ? 2_000 : 20_000
    }

    /// Records (sender, sequence) pairs; checks exactly-once and per-sender order.
    final class Recorder: @unchecked Sendable {
        // @unchecked Sendable: guarded by `lock`
        private let lock = NSLock()
        private var last: [Int: Int] = [:]
        private var count = 0
        private var outOfOrder = 0

        func record(_ event: (sender: Int, sequence: Int)) {
            lock.lock()
            defer { lock.unlock() }
            if let previous = last[event.sender], previous >= event.sequence { outOfOrder += 1 }
            last[event.sender] = event.sequence
            count += 1
        }

        var summary: (count: Int, outOfOrder: Int) {
            lock.lock()
            defer { lock.unlock() }
            return (count, outOfOrder)
        }
    }

    /// Counts events that arrive after their subscription was disposed (checked once no sender
    /// runs any more, so that no event can be on its way).
    final class Churn: @unchecked Sendable {
        // @unchecked Sendable: guarded by `lock`
        private let lock = NSLock()
        private var disposables: [Disposable] = []
        private var late = 0
        private var closed = false

        func subscribe(to source: Observable<Event>) {
            let subscription = source.subscribe(onNext: { [weak self] _ in self?.event() })
            lock.lock()
            disposables.append(subscription)
            let drop = disposables.count > 8 ? disposables.removeFirst() : nil
            lock.unlock()
            drop?.dispose()
        }

        func disposeAll() {
            lock.lock()
            let all = disposables
            disposables = []
            closed = true
            lock.unlock()
            for disposable in all { disposable.dispose() }
        }

        var lateEvents: Int {
            lock.lock()
            defer { lock.unlock() }
            return late
        }

        private func event() {
            lock.lock()
            if closed { late += 1 }
            lock.unlock()
        }
    }

    typealias Event = (sender: Int, sequence: Int)

    /// Sends from 4 threads into the source `make` builds while 2 threads subscribe and
    /// dispose, with one subscriber that stays from start to end; then frees the source and
    /// expects every resource the scenario created to be freed.
    func soak(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ make: () -> (source: Observable<Event>, send: @Sendable (Event) -> Void)
    ) async {
        let senders = 4
        let events = Self.eventsPerSender
        let scope = ResourceScope()
        do {
            let (source, send) = scope.track(make)
            let stable = Recorder()
            let churn = Churn()
            let subscription = scope.track { source.subscribe(onNext: { stable.record($0) }) }
            let running = Locked(senders)
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: senders + 2) { thread in
                    scope.track {
                        if thread < senders {
                            for sequence in 0..<events { send((thread, sequence)) }
                            running.withLock { $0 -= 1 }
                        } else {
                            while running.withLock({ $0 > 0 }) { churn.subscribe(to: source) }
                        }
                    }
                }
            }
            churn.disposeAll()
            subscription.dispose()
            let summary = stable.summary
            #expect(summary.count == senders * events, "every event arrives once", sourceLocation: sourceLocation)
            #expect(summary.outOfOrder == 0, "in each sender's order", sourceLocation: sourceLocation)
            // Nothing reaches a disposed subscription.
            for sequence in 0..<100 { send((senders, events + sequence)) }
            #expect(churn.lateEvents == 0, "nothing after dispose", sourceLocation: sourceLocation)
            #expect(stable.summary.count == senders * events, sourceLocation: sourceLocation)
        }
        #if DEBUG
            _ = await Patience.waitUntil { scope.liveCount == 0 }
            #expect(scope.liveCount == 0, "every resource is freed", sourceLocation: sourceLocation)
        #endif
    }

    @Test func publishSubject() async {
        await soak {
            let subject = PublishSubject<Event>()
            return (subject.asObservable(), { subject.onNext($0) })
        }
    }

    @Test func behaviorSubject() async {
        await soak {
            let subject = BehaviorSubject<Event>(value: (-1, -1))
            return (subject.asObservable().filter { $0.sender >= 0 }, { subject.onNext($0) })
        }
    }

    @Test func replaySubject() async {
        // The subscriber that stays comes before any event, so nothing is replayed to it.
        await soak {
            let subject = ReplaySubject<Event>.create(bufferSize: 4)
            return (subject.asObservable(), { subject.onNext($0) })
        }
    }

    @Test func mapAndFilterChains() async {
        await soak {
            let subject = PublishSubject<Event>()
            let chain = subject.map { ($0.sender, $0.sequence * 2) }.filter { $0.1 >= 0 }.map { ($0.0, $0.1 / 2) }
            return (chain.map { (sender: $0.0, sequence: $0.1) }, { subject.onNext($0) })
        }
    }

    @Test func eventBus() async {
        await soak {
            let bus = EventBus<Event>()
            return (bus.asObservable(), { bus.send($0) })
        }
    }

    @Test func messageBus() async {
        await soak {
            let bus = MessageBus<Event>(initial: (-1, -1))
            return (bus.asObservable().filter { $0.sender >= 0 }, { bus.send($0) })
        }
    }

    @Test func aReactorFedFromManyThreadsCountsEveryAction() async {
        final class Counter: Reactor {
            enum Action { case add(Int) }
            struct State { var total = 0, count = 0 }
            let initialState = State()
            func reduce(state: State, mutation: Action) -> State {
                var state = state
                if case .add(let value) = mutation {
                    state.total += value
                    state.count += 1
                }
                return state
            }
        }
        let scope = ResourceScope()
        let events = Self.eventsPerSender
        do {
            nonisolated(unsafe) let counter = scope.track { Counter() }
            let observers = Locked<[Disposable]>([])
            await onOwnThread {
                DispatchQueue.concurrentPerform(iterations: 6) { thread in
                    scope.track {
                        if thread < 4 {
                            for value in 1...events { counter.action.onNext(.add(value)) }
                        } else {
                            for _ in 0..<200 {
                                let subscription = counter.state.subscribe(onNext: { _ in })
                                observers.withLock { $0.append(subscription) }
                                if let first = observers.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
                                    first.dispose()
                                }
                            }
                        }
                    }
                }
            }
            #expect(counter.currentState.count == 4 * events)
            #expect(counter.currentState.total == 4 * events * (events + 1) / 2)
            for subscription in observers.withLock({ $0 }) { subscription.dispose() }
        }
        #if DEBUG
            _ = await Patience.waitUntil { scope.liveCount == 0 }
            #expect(scope.liveCount == 0, "the reactor and its streams are freed")
        #endif
    }
}
