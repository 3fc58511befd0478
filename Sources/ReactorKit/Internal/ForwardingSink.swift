/// A sink that forwards every event unchanged and disposes itself after a terminal event.
final class ForwardingSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    func onNext(_ element: Observer.Element) {
        forwardNext(element)
    }

    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
