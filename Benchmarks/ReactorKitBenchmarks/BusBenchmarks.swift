import ServiceBus

/// Benchmarks of ServiceBus: one bus fanned out to many reactors.
enum BusBenchmarks {
    static func run() {
        print("== ServiceBus")
        for (reactors, messages) in [(100, 10_000), (1_000, 1_000), (10_000, 100)] {
            let result = fanOut(reactors: reactors, messages: messages)
            report(result)
            let perMessage = result.best.seconds / Double(messages)
            print(
                "    \(formatted(Double(messages) / result.best.seconds)) messages/s, "
                    + "\(String(format: "%.1f", perMessage * 1e6)) µs per message to \(formatted(Double(reactors))) reactors"
            )
        }
    }

    /// `reactors` reactors merge one `MessageBus` with `merge(_:for:_:)`; `messages` are sent.
    static func fanOut(reactors: Int, messages: Int) -> Measurement {
        let bus = MessageBus(initial: 0)
        let all = (0..<reactors).map { _ in BusListener(bus: bus) }
        for reactor in all { _ = reactor.state }
        let result = measure(
            "bus → \(formatted(Double(reactors))) reactors", operations: reactors * messages, unit: "reduction"
        ) {
            for value in 1...messages { bus.send(value) }
        }
        blackHole(all.reduce(0) { $0 &+ $1.currentState.total })
        return result
    }
}

/// A reactor that follows a global bus, in one line of `transform(mutation:)`.
final class BusListener: Reactor {
    enum Action { case reset }
    enum Mutation { case add(Int), reset }
    struct State { var total = 0 }

    let initialState = State()
    let bus: MessageBus<Int>

    init(bus: MessageBus<Int>) {
        self.bus = bus
    }

    func mutate(action: Action) -> Observable<Mutation> {
        .just(.reset)
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(bus, for: self) { _, value in .add(value) }
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
