/// What an ``Infallible`` delivers: an element or its completion.
public enum InfallibleEvent<Element> {
    /// The next element.
    case next(Element)
    /// The sequence completed.
    case completed
}

extension InfallibleEvent: EventConvertible {
    /// The event as an ``Event``.
    public var event: Event<Element> {
        switch self {
        case .next(let element): return .next(element)
        case .completed: return .completed
        }
    }
}

extension Infallible {
    /// The closure that an ``Infallible`` created with ``create(subscribe:)`` sends its events to.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// Creates an infallible sequence from a subscribe function, called for each subscription.
    ///
    /// The function receives the observer, to call serially with elements and at most one
    /// completion, and returns the disposable that cleans up the subscription.
    public static func create(subscribe: @escaping (@escaping InfallibleObserver) -> Disposable) -> Infallible<Element>
    {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .next(let element):
                    observer.onNext(element)
                case .completed:
                    observer.onCompleted()
                }
            }
        }
        return Infallible(source)
    }
}
