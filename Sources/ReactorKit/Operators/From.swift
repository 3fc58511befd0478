extension ObservableType {
    /// Returns a sequence of the given elements, then completion.
    ///
    /// Elements are sent one per scheduled step on `scheduler`; with the default
    /// ``CurrentThreadScheduler`` a top-level subscription receives them all before
    /// `subscribe` returns.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: elements, scheduler: scheduler)
    }

    /// Returns a sequence of the array's elements, then completion.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        ObservableSequence(elements: array, scheduler: scheduler)
    }

    /// Returns a sequence of the sequence's elements, then completion.
    public static func from<Source: Sequence>(
        _ sequence: Source,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Source.Element == Element {
        ObservableSequence(elements: sequence, scheduler: scheduler)
    }

    /// Returns a sequence of the optional's value, if any, then completion, sent synchronously.
    public static func from(optional: Element?) -> Observable<Element> {
        ObservableOptional(optional)
    }

    /// Returns a sequence of the optional's value, if any, then completion, sent through `scheduler`.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObservableOptionalScheduled(optional, scheduler: scheduler)
    }
}

private final class ObservableSequence<Source: Sequence>: Producer<Source.Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let elements: Source
    let scheduler: ImmediateSchedulerType

    init(elements: Source, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Source.Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        let subscription = scheduler.scheduleRecursive(elements.makeIterator()) { iterator, recurse in
            var iterator = iterator
            if let next = iterator.next() {
                sink.forwardNext(next)
                recurse(iterator)
            } else {
                sink.forwardCompleted()
            }
        }
        return (sink, subscription)
    }
}

private final class ObservableOptional<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let optional: Element?

    init(_ optional: Element?) {
        self.optional = optional
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if let optional {
            observer.onNext(optional)
        }
        observer.on(.completed)
        return Disposables.create()
    }
}

private final class ObservableOptionalScheduled<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let optional: Element?
    let scheduler: ImmediateSchedulerType

    init(_ optional: Element?, scheduler: ImmediateSchedulerType) {
        self.optional = optional
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        let scheduler = self.scheduler
        let subscription = scheduler.schedule(optional) { optional -> Disposable in
            guard let optional else {
                sink.forwardCompleted()
                return Disposables.create()
            }
            sink.forwardNext(optional)
            return scheduler.schedule(()) { _ in
                sink.forwardCompleted()
                return Disposables.create()
            }
        }
        return (sink, subscription)
    }
}
