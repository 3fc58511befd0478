extension ObservableType {
    /// Returns a sequence that completes at once, with no elements.
    @inlinable
    public static func empty() -> Observable<Element> {
        EmptyProducer()
    }

    /// Returns a sequence that never sends any event.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }

    /// Returns a sequence that fails at once with `error`.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorProducer(error)
    }
}

@usableFromInline
final class EmptyProducer<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    @usableFromInline
    override init() {}

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.completed)
        return Disposables.create()
    }
}

private final class NeverProducer<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        Disposables.create()
    }
}

private final class ErrorProducer<Element>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let error: Swift.Error

    init(_ error: Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        observer.on(.error(error))
        return Disposables.create()
    }
}
