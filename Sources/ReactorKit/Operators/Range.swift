extension ObservableType where Element: RxAbstractInteger {
    /// Returns a sequence of `count` consecutive integers from `start`, then completion.
    ///
    /// The integers are sent one per scheduled step on `scheduler`.
    ///
    /// ```swift
    /// Observable.range(start: 1, count: 3)  // 1, 2, 3, completed
    /// ```
    ///
    /// - Parameters:
    ///   - start: The first integer.
    ///   - count: How many integers to send; must not be negative, and the last one must not
    ///     overflow.
    ///   - scheduler: The scheduler that sends them.
    public static func range(
        start: Element,
        count: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

private final class RangeProducer<Element: RxAbstractInteger>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let start: Element
    let count: Element
    let scheduler: ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: ImmediateSchedulerType) {
        precondition(count >= 0, "count can't be negative")
        precondition(count == 0 || start.addingReportingOverflow(count - 1).overflow == false, "overflow of count")
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = RangeSink(observer: observer, cancel: cancel)
        let start = self.start
        let count = self.count
        let subscription = scheduler.scheduleRecursive(0 as Element) { index, recurse in
            if index < count {
                sink.forwardNext(start + index)
                recurse(index + 1)
            } else {
                sink.forwardCompleted()
            }
        }
        return (sink, subscription)
    }
}

private final class RangeSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: stateless beyond `Sink`; driven by one recursive schedule
}
