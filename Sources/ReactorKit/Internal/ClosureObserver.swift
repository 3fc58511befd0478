import Synchronization

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
///
/// It owns the closures and `onDisposed`, and reaches the returned ``ClosureSubscription``
/// only weakly, never the upstream subscription. So whatever holds the observer (a subject's
/// observer list, an operator's sink) is its only owner: a subscription that is never disposed
/// nor terminated is freed with its source, as in RxSwift, where the subject's observer list
/// holds the observer and the returned disposable holds only the way to remove it.
///
/// After a terminal event it runs `onDisposed` at once, before the source disposes itself
/// (an upstream `do(onDispose:)` runs after it), as RxSwift's `subscribe` does.
final class ClosureObserver<Element>: ClosureObserverLifecycle, ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the closures are immutable and called serially by the source
    private let onNextHandler: ((Element) -> Void)?
    private let onErrorHandler: ((Swift.Error) -> Void)?
    private let onCompletedHandler: (() -> Void)?

    init(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        onNextHandler = onNext
        onErrorHandler = onError
        onCompletedHandler = onCompleted
        super.init(onDisposed: onDisposed)
    }

    func onNext(_ element: Element) {
        if isStopped { return }
        onNextHandler?(element)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNext(element)
        case .error(let error):
            guard stop() else { return }
            if let onErrorHandler {
                onErrorHandler(error)
            } else {
                reportUnhandledError(error)
            }
            terminate()
        case .completed:
            guard stop() else { return }
            onCompletedHandler?()
            terminate()
        }
    }
}

/// The part of a ``ClosureObserver`` that does not depend on its element type: whether it is
/// stopped, `onDisposed`, and the way to the returned subscription.
///
/// Not generic, so that ``ClosureSubscription`` is not either: every `subscribe(onNext:)`
/// would otherwise look up the type metadata of a generic class at run time.
class ClosureObserverLifecycle: @unchecked Sendable {
    // @unchecked Sendable: `state` is atomic; `onDisposed` is touched only by the caller that
    // sets `handlerRanBit`; `subscription` is set before the observer is subscribed, and read
    // through a weak load.
    private static var stoppedBit: Int { 1 }
    private static var handlerRanBit: Int { 2 }

    private let state = Atomic<Int>(0)
    private var onDisposed: (() -> Void)?
    /// The disposable returned to the subscriber, told when the sequence has terminated.
    final weak var subscription: ClosureSubscription?

    init(onDisposed: (() -> Void)?) {
        self.onDisposed = onDisposed
    }

    /// Whether events are ignored from now on (after a terminal event or disposal).
    @inline(__always)
    final var isStopped: Bool {
        state.load(ordering: .acquiring) & Self.stoppedBit != 0
    }

    /// Ignores every later event; returns `true` for the caller that stopped it.
    @discardableResult
    final func stop() -> Bool {
        state.bitwiseOr(Self.stoppedBit, ordering: .acquiringAndReleasing).oldValue & Self.stoppedBit == 0
    }

    /// Runs `onDisposed` unless it has run, then releases it.
    final func runOnDisposed() {
        let previous = state.bitwiseOr(Self.handlerRanBit, ordering: .acquiringAndReleasing).oldValue
        guard previous & Self.handlerRanBit == 0 else { return }
        let handler = onDisposed
        onDisposed = nil
        handler?()
    }

    /// After `onError` or `onCompleted`: `onDisposed`, then the returned disposable releases
    /// what it no longer needs.
    final func terminate() {
        runOnDisposed()
        subscription?.sequenceTerminated()
    }
}
