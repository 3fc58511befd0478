extension ObservableType {
    /// Runs side effects for the sequence's events and subscription, and forwards every event
    /// unchanged.
    ///
    /// For each event, the `on…` closure runs before the event is forwarded and the `after…`
    /// closure right after it. An error thrown by `onNext`, `onError` or `onCompleted` is sent
    /// instead of the event; one thrown by `afterNext` is sent after the element. For each
    /// subscription, `onSubscribe` runs before the source is subscribed, `onSubscribed` after,
    /// and `onDispose` after the source subscription has been disposed, whether the sequence
    /// terminated or the subscription was disposed.
    ///
    /// ```swift
    /// reactor.state
    ///     .do(onNext: { print("state:", $0) }, onDispose: { print("done") })
    /// ```
    ///
    /// - Parameters:
    ///   - onNext: Runs for each element before it is forwarded.
    ///   - afterNext: Runs for each element after it has been forwarded.
    ///   - onError: Runs for the error before it is forwarded.
    ///   - afterError: Runs after the error has been forwarded.
    ///   - onCompleted: Runs for completion before it is forwarded.
    ///   - afterCompleted: Runs after completion has been forwarded.
    ///   - onSubscribe: Runs before the source is subscribed.
    ///   - onSubscribed: Runs after the source has been subscribed.
    ///   - onDispose: Runs after the source subscription has been disposed.
    /// - Returns: The source sequence with the side effects attached.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Do(
            source: asObservable(),
            handlers: DoHandlers(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted),
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
    }
}

/// The per-event closures of one `do` operator.
private struct DoHandlers<Element> {
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let afterError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?
}

private final class Do<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let handlers: DoHandlers<Element>
    let onSubscribe: (() -> Void)?
    let onSubscribed: (() -> Void)?
    let onDispose: (() -> Void)?

    init(
        source: Observable<Element>,
        handlers: DoHandlers<Element>,
        onSubscribe: (() -> Void)?,
        onSubscribed: (() -> Void)?,
        onDispose: (() -> Void)?
    ) {
        self.source = source
        self.handlers = handlers
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        onSubscribe?()
        let sink = DoSink(handlers: handlers, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        onSubscribed?()
        guard let onDispose else {
            return (sink, subscription)
        }
        return (
            sink,
            Disposables.create {
                subscription.dispose()
                onDispose()
            }
        )
    }
}

private final class DoSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: immutable beyond the base sink
    typealias Element = Observer.Element
    private let handlers: DoHandlers<Element>

    init(handlers: DoHandlers<Element>, observer: Observer, cancel: Cancelable) {
        self.handlers = handlers
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ element: Element) {
        do {
            try handlers.onNext?(element)
            forwardNext(element)
            try handlers.afterNext?(element)
        } catch {
            forwardError(error)
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let sourceError):
            do {
                try handlers.onError?(sourceError)
            } catch {
                forwardError(error)
                return
            }
            forwardOn(event)
            // The sequence has already terminated: an error thrown here cannot be sent.
            try? handlers.afterError?(sourceError)
            dispose()
        case .completed:
            do {
                try handlers.onCompleted?()
            } catch {
                forwardError(error)
                return
            }
            forwardOn(event)
            // The sequence has already terminated: an error thrown here cannot be sent.
            try? handlers.afterCompleted?()
            dispose()
        }
    }
}
