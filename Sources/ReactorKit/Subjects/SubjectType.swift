/// An observable that is also an observer: events sent to it are broadcast to its observers.
public protocol SubjectType: ObservableType {
    /// The observer type of the subject.
    associatedtype Observer: ObserverType

    /// Returns the subject as an observer.
    func asObserver() -> Observer
}
