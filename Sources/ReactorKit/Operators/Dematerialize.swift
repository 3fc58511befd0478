/// A value that represents an ``Event``: what ``ObservableType/dematerialize()`` turns back
/// into events.
public protocol EventConvertible {
    /// The type of the event's element.
    associatedtype Element

    /// The event this value represents.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> {
        self
    }
}

extension ObservableType where Element: EventConvertible {
    /// Turns elements that represent events back into those events: the reverse of
    /// ``ObservableType/materialize()``.
    ///
    /// An `.error` or `.completed` element ends the result with that event.
    ///
    /// ```swift
    /// events.dematerialize()  // [.next(1), .completed] as elements → 1, completed
    /// ```
    ///
    /// - Returns: The sequence of the represented events.
    public func dematerialize() -> Observable<Element.Element> {
        Dematerialize(source: asObservable())
    }
}

private final class Dematerialize<Source: EventConvertible>: Producer<Source.Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Source.Element {
        let sink = DematerializeSink<Source, Observer>(observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

private final class DematerializeSink<Source: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == Source.Element {
    // @unchecked Sendable: stateless beyond `Sink`
    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            switch element.event {
            case .next(let inner):
                forwardNext(inner)
            case .error(let error):
                forwardError(error)
            case .completed:
                forwardCompleted()
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
