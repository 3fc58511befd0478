/// The per-subscription state of an operator: forwards events to one observer until disposed.
///
/// A sink and its ``SinkDisposer`` reference each other until the subscription is disposed
/// or the sink finishes (sinks dispose themselves after a terminal event), which breaks the
/// cycle and frees both.
class Sink<Observer: ObserverType>: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked Sendable: observer is called serially; `disposed` is atomic
    final let observer: Observer
    final let cancel: Cancelable
    private let disposed = AtomicFlag()

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
    }

    /// Forwards `event` to the observer unless the sink has been disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        if disposed.isSet { return }
        observer.on(event)
    }

    /// Forwards one element to the observer unless the sink has been disposed.
    @inline(__always)
    final func forwardNext(_ element: Observer.Element) {
        if disposed.isSet { return }
        observer.onNext(element)
    }

    /// Forwards `.error(error)` and disposes the sink.
    ///
    /// Kept out of line so that element paths that may fail do not build an `Event` type's
    /// metadata on every element (unspecialized generic code looks it up at function entry).
    @inline(never)
    final func forwardError(_ error: Swift.Error) {
        forwardOn(.error(error))
        dispose()
    }

    /// Forwards `.completed` and disposes the sink.
    @inline(never)
    final func forwardCompleted() {
        forwardOn(.completed)
        dispose()
    }

    /// Whether the sink has been disposed.
    final var isDisposed: Bool {
        disposed.isSet
    }

    /// Stops forwarding and disposes the subscription this sink belongs to.
    func dispose() {
        disposed.set()
        cancel.dispose()
    }
}
