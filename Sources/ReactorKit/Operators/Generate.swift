extension ObservableType {
    /// Returns a sequence built by a state loop: it sends `initialState`, then each state
    /// `iterate` returns, for as long as `condition` holds, then completes.
    ///
    /// One state is sent per scheduled step on `scheduler`. An error thrown by `condition` or
    /// `iterate` is sent as the sequence's error.
    ///
    /// ```swift
    /// Observable.generate(initialState: 1, condition: { $0 < 100 }, iterate: { $0 * 2 })
    /// // 1, 2, 4, 8, 16, 32, 64, completed
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The first state.
    ///   - condition: Whether a state is sent; `false` ends the sequence.
    ///   - scheduler: The scheduler that runs the loop.
    ///   - iterate: Returns the state after the given one.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        Generate(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }
}

private final class Generate<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let initialState: Element
    let condition: (Element) throws -> Bool
    let iterate: (Element) throws -> Element
    let scheduler: ImmediateSchedulerType

    init(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        iterate: @escaping (Element) throws -> Element,
        scheduler: ImmediateSchedulerType
    ) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = GenerateSink(observer: observer, cancel: cancel)
        let condition = self.condition
        let iterate = self.iterate
        let subscription = scheduler.scheduleRecursive((initialState, true)) { step, recurse in
            do {
                let state = step.1 ? step.0 : try iterate(step.0)
                if try condition(state) {
                    sink.forwardNext(state)
                    recurse((state, false))
                } else {
                    sink.forwardCompleted()
                }
            } catch {
                sink.forwardError(error)
            }
        }
        return (sink, subscription)
    }
}

private final class GenerateSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: stateless beyond `Sink`; driven by one recursive schedule
}
