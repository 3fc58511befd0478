/// A type-erased observer that forwards events to a closure or to another observer.
public struct AnyObserver<Element>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: observers are called serially by the sequences that own them
    /// The closure that receives each event.
    public typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler
    // Elements go straight to the wrapped observer's `onNext`, skipping the `Event` that the
    // event handler would need (building one in generic code costs a runtime type lookup).
    private let nextHandler: ((Element) -> Void)?

    /// Creates an observer that forwards events to `eventHandler`.
    public init(eventHandler: @escaping EventHandler) {
        observer = eventHandler
        nextHandler = nil
    }

    /// Creates an observer that forwards events to `observer`.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
        nextHandler = observer.onNext
    }

    /// Delivers one event.
    public func on(_ event: Event<Element>) {
        observer(event)
    }

    /// Delivers one element.
    public func onNext(_ element: Element) {
        if let nextHandler {
            nextHandler(element)
        } else {
            observer(.next(element))
        }
    }

    /// Returns `self`.
    public func asObserver() -> AnyObserver<Element> {
        self
    }
}

extension ObserverType {
    /// Erases the observer's type.
    public func asObserver() -> AnyObserver<Element> {
        AnyObserver(self)
    }

    /// Returns an observer that transforms each element with `transform` before forwarding it.
    ///
    /// A thrown error is forwarded as an `.error` event.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in
            self.on(event.map(transform))
        }
    }
}
