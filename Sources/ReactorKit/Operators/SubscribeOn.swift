extension ObservableType {
    /// Subscribes to the source, and later unsubscribes from it, on `scheduler`.
    ///
    /// Only subscription and disposal move to `scheduler`; events are delivered wherever the
    /// source sends them. To receive events on a scheduler, use ``observe(on:)``.
    ///
    /// ```swift
    /// expensiveQuery
    ///     .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .background))
    ///     .observe(on: MainScheduler.instance)
    /// ```
    ///
    /// - Parameter scheduler: The scheduler to subscribe and unsubscribe on.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOn(source: self, scheduler: scheduler)
    }

    /// Subscribes to the source, and later unsubscribes from it, on `scheduler`.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

/// Keeps the source as given (not wrapped by `asObservable()`), as RxSwift does, so that
/// its own disposal is the one moved to the scheduler.
private final class SubscribeOn<Source: ObservableType>: Producer<Source.Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the source is used as RxSwift uses it, from the scheduler
    let source: Source
    let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Source.Element {
        let sink = ForwardingSink(observer: observer, cancel: cancel)
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()
        disposeEverything.disposable = cancelSchedule
        let source = self.source
        let scheduler = self.scheduler
        let scheduled = scheduler.schedule(sink) { sink in
            let subscription = source.subscribe(sink)
            disposeEverything.disposable = ScheduledDisposable(scheduler: scheduler, disposable: subscription)
            return Disposables.create()
        }
        cancelSchedule.setDisposable(scheduled)
        return (sink, disposeEverything)
    }
}
