extension ObservableType {
    /// Returns a sequence of one element, then completion, sent synchronously on subscription.
    ///
    /// Inlinable so that the caller's module creates the `Just` of its concrete element type
    /// with a cached type lookup: reactors return `.just(mutation)` from `mutate` per action.
    @inlinable
    public static func just(_ element: Element) -> Observable<Element> {
        Just(element)
    }

    /// Returns a sequence of one element, then completion, each sent through `scheduler`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        JustScheduled(element, scheduler: scheduler)
    }
}

@usableFromInline
final class Just<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let element: Element

    @usableFromInline
    init(_ element: Element) {
        self.element = element
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.onNext(element)
        observer.on(.completed)
        return Disposables.create()
    }

    override func withJustElement(_ body: (Element) -> Void) -> Bool {
        body(element)
        return true
    }
}

private final class JustScheduled<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let element: Element
    let scheduler: ImmediateSchedulerType

    init(_ element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        let scheduler = self.scheduler
        let subscription = scheduler.schedule(element) { element -> Disposable in
            sink.forwardNext(element)
            return scheduler.schedule(()) { _ in
                sink.forwardCompleted()
                return Disposables.create()
            }
        }
        return (sink, subscription)
    }
}
