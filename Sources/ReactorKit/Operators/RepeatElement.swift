extension ObservableType {
    /// Returns a sequence that sends `element` forever, one per scheduled step on `scheduler`.
    ///
    /// ```swift
    /// Observable.repeatElement("ping").take(3)  // "ping", "ping", "ping", completed
    /// ```
    ///
    /// - Parameters:
    ///   - element: The element to repeat.
    ///   - scheduler: The scheduler that sends it.
    public static func repeatElement(
        _ element: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        RepeatElement(element: element, scheduler: scheduler)
    }
}

private final class RepeatElement<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let element: Element
    let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = RepeatElementSink(observer: observer, cancel: cancel)
        let subscription = scheduler.scheduleRecursive(element) { element, recurse in
            sink.forwardNext(element)
            recurse(element)
        }
        return (sink, subscription)
    }
}

private final class RepeatElementSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    // @unchecked Sendable: stateless beyond `Sink`; driven by one recursive schedule
}
