import Foundation

extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(AnyObserver(eventHandler: on))
    }

    /// Subscribes closures for elements, errors, completion and disposal.
    ///
    /// `onDisposed` runs once: after `onError` or `onCompleted`, or when the subscription is
    /// disposed. After disposal no closure is called again. An error without an `onError`
    /// handler is reported on standard error in debug builds.
    ///
    /// ```swift
    /// Observable.of(1, 2)
    ///     .subscribe(onNext: { print($0) }, onCompleted: { print("done") })
    ///     .disposed(by: disposeBag)
    /// ```
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let subscription = ClosureSubscription<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        subscription.setUpstream(asObservable().subscribe(subscription))
        return subscription
    }

    /// Subscribes closures that receive `object` (held weakly) with each event.
    ///
    /// Events that arrive after `object` has been deallocated are dropped, so the closures
    /// need no `[weak self]`.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext?(object, element)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

/// The observer and disposable behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
final class ClosureSubscription<Element>: DisposeBase, ObserverType, Disposable, @unchecked Sendable {
    // @unchecked Sendable: handlers run serially; flags are atomic
    private let onNext: ((Element) -> Void)?
    private let onError: ((Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    private let onDisposed: (() -> Void)?
    private let stopped = AtomicFlag()
    private let disposedHandlerRan = AtomicFlag()
    private let upstream = SingleAssignmentDisposable()

    init(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?
    ) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
    }

    func setUpstream(_ disposable: Disposable) {
        upstream.setDisposable(disposable)
    }

    func on(_ event: Event<Element>) {
        if stopped.isSet { return }
        switch event {
        case .next(let element):
            onNext?(element)
        case .error(let error):
            guard stopped.set() else { return }
            if let onError {
                onError(error)
            } else {
                reportUnhandledError(error)
            }
            finish()
        case .completed:
            guard stopped.set() else { return }
            onCompleted?()
            finish()
        }
    }

    func dispose() {
        stopped.set()
        finish()
    }

    private func finish() {
        upstream.dispose()
        if disposedHandlerRan.set() {
            onDisposed?()
        }
    }
}

/// Reports an error no subscriber handled (debug builds only), like RxSwift's default hook.
func reportUnhandledError(_ error: Swift.Error) {
    #if DEBUG
        FileHandle.standardError.write(Data("Unhandled error happened: \(error)\n".utf8))
    #endif
}
