extension ObservableType {
    /// Sends the source's latest element each time `sampler` sends an element or completes,
    /// if the source sent one since the previous sample; otherwise sends `defaultValue`, if
    /// given.
    ///
    /// The result completes at the first sample after the source has completed; an error from
    /// either sequence ends it.
    ///
    /// ```swift
    /// position.sample(Observable<Int>.interval(.seconds(1), scheduler: scheduler))
    /// ```
    ///
    /// - Parameters:
    ///   - sampler: The sequence whose elements (and completion) take the samples.
    ///   - defaultValue: What a sample sends when the source sent nothing new; `nil` sends
    ///     nothing then.
    /// - Returns: The sampled elements.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        Sample(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

private final class Sample<Element, SampleType>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Element>
    let sampler: Observable<SampleType>
    let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<SampleType>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        let sink = SampleSink<Observer, SampleType>(defaultValue: defaultValue, observer: observer, cancel: cancel)
        return (sink, sink.run(source: source, sampler: sampler))
    }
}

/// Observes the source; its lock serializes the source's and the sampler's events.
private final class SampleSink<Observer: ObserverType, SampleType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: mutable state is guarded by `lock`, held while forwarding
    typealias Element = Observer.Element
    let lock = RecursiveLock()
    private let defaultValue: Element?
    private let sourceSubscription = SingleAssignmentDisposable()
    @exclusivity(unchecked) private var element: Element?
    @exclusivity(unchecked) private var atEnd = false

    init(defaultValue: Element?, observer: Observer, cancel: Cancelable) {
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>, sampler: Observable<SampleType>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        let samplerSubscription = sampler.subscribe(SamplerObserver(parent: self))
        return Disposables.create(sourceSubscription, samplerSubscription)
    }

    func on(_ event: Event<Element>) {
        lock.lock()
        switch event {
        case .next(let element):
            self.element = element
        case .error(let error):
            forwardError(error)
        case .completed:
            atEnd = true
            sourceSubscription.dispose()
        }
        lock.unlock()
    }

    /// A sampler tick (an element or its completion): sends the sample, then completes if the
    /// source has.
    func sample() {
        lock.lock()
        if let element = element ?? defaultValue {
            self.element = nil
            forwardNext(element)
        }
        if atEnd {
            forwardCompleted()
        }
        lock.unlock()
    }

    func samplerFailed(_ error: Swift.Error) {
        lock.lock()
        forwardError(error)
        lock.unlock()
    }
}

private final class SamplerObserver<Observer: ObserverType, SampleType>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: immutable
    typealias Element = SampleType
    private let parent: SampleSink<Observer, SampleType>

    init(parent: SampleSink<Observer, SampleType>) {
        self.parent = parent
    }

    func on(_ event: Event<SampleType>) {
        switch event {
        case .next, .completed:
            parent.sample()
        case .error(let error):
            parent.samplerFailed(error)
        }
    }
}
