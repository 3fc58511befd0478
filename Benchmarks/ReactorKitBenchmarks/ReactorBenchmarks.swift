import ReactorKit

/// Benchmarks of the Reactor layer: what an app pays per action and per global event.
enum ReactorBenchmarks {
    static func run() {
        print("== Reactor")
        report(actionsWithoutSubscriber(count: 1_000_000))
        report(actionsWithOneSubscriber(count: 1_000_000))
        report(globalSubjectFanOut(reactors: 100, events: 10_000))
        report(handWrittenReduceLoop(count: 1_000_000))
        report(createAndDropReactors(count: 100_000))
        memoryWhileReactorsComeAndGo(count: 1_000_000)
    }

    /// (a) a counter reactor receiving actions through `reactor.action.onNext`.
    static func actionsWithoutSubscriber(count: Int) -> Measurement {
        measure("(a) counter: action.onNext, no subscriber", operations: count, unit: "action") {
            let reactor = BenchCounter()
            for _ in 0..<count { reactor.action.onNext(.increase) }
            blackHole(reactor.currentState.value)
        }
    }

    /// (b) the same with one state subscriber.
    static func actionsWithOneSubscriber(count: Int) -> Measurement {
        measure("(b) counter: action.onNext, one subscriber", operations: count, unit: "action") {
            let reactor = BenchCounter()
            var last = 0
            let subscription = reactor.state.subscribe(onNext: { last = $0.value })
            for _ in 0..<count { reactor.action.onNext(.increase) }
            subscription.dispose()
            blackHole(last)
        }
    }

    /// (c) reactors that merge a global BehaviorSubject into `transform(mutation:)`.
    static func globalSubjectFanOut(reactors: Int, events: Int) -> Measurement {
        measure(
            "(c) \(reactors) reactors merging a global subject", operations: reactors * events, unit: "reduction"
        ) {
            let global = BehaviorSubject(value: 0)
            let all = (0..<reactors).map { _ in GlobalListener(global: global) }
            for reactor in all { _ = reactor.state }
            for value in 1...events { global.onNext(value) }
            blackHole(all.reduce(0) { $0 &+ $1.currentState.total })
        }
    }

    /// (d) the floor: the same `reduce` called in a plain loop.
    static func handWrittenReduceLoop(count: Int) -> Measurement {
        let reactor = BenchCounter()
        return measure("(d) floor: hand-written loop calling reduce", operations: count, unit: "action") {
            var state = reactor.initialState
            for _ in 0..<count { state = reactor.reduce(state: state, mutation: .increaseValue) }
            blackHole(state.value)
        }
    }

    /// Creating a reactor, building its state stream, sending one action, and dropping it.
    static func createAndDropReactors(count: Int) -> Measurement {
        measure("create + first action + drop a reactor", operations: count, unit: "reactor", runs: 3) {
            for _ in 0..<count {
                let reactor = BenchCounter()
                reactor.action.onNext(.increase)
            }
        }
    }

    /// Resident memory while a million reactors are created and dropped.
    static func memoryWhileReactorsComeAndGo(count: Int) {
        for _ in 0..<10_000 { BenchCounter().action.onNext(.increase) }  // warm up allocator pools
        let before = residentMemory()
        var peak = before
        for index in 0..<count {
            let reactor = BenchCounter()
            reactor.action.onNext(.increase)
            if index % 100_000 == 0 { peak = max(peak, residentMemory()) }
        }
        let after = residentMemory()
        let growth = Double(max(peak, after) - before) / 1024
        print(
            "memory while \(formatted(Double(count))) reactors are created and dropped: "
                + "RSS before \(before / 1024) KiB, after \(after / 1024) KiB, growth \(String(format: "%.0f", growth)) KiB"
        )
    }
}

/// A counter, as in ReactorKit's README.
final class BenchCounter: Reactor {
    enum Action { case increase }
    enum Mutation { case increaseValue }
    struct State { var value = 0 }

    let initialState = State()

    func mutate(action: Action) -> Observable<Mutation> {
        .just(.increaseValue)
    }

    // Never inlined, so that the floor (d) calls it as the library does, through a call.
    @inline(never)
    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        state.value += 1
        return state
    }
}

/// A reactor that merges a global subject into its mutations, as ReactorKit's README shows.
final class GlobalListener: Reactor {
    enum Action { case reset }
    enum Mutation { case add(Int), reset }
    struct State { var total = 0 }

    let initialState = State()
    let global: BehaviorSubject<Int>

    init(global: BehaviorSubject<Int>) {
        self.global = global
    }

    func mutate(action: Action) -> Observable<Mutation> {
        .just(.reset)
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        Observable.merge(mutation, global.map(Mutation.add))
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let value): state.total &+= value
        case .reset: state.total = 0
        }
        return state
    }
}
