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
        let subscription = ClosureSubscription(onDisposed: onDisposed)
        let observer = ClosureObserver<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, subscription: subscription)
        subscription.setUpstream(asObservable().subscribe(observer))
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

/// The disposable returned by `subscribe(onNext:onError:onCompleted:onDisposed:)`.
///
/// It holds the upstream subscription and `onDisposed` (released once run), but not the
/// element closures: those live in the ``ClosureObserver``, which the upstream chain owns and
/// frees on disposal. So a closure that captures its own subscription's disposable forms no
/// cycle once the subscription is disposed or finished, as in RxSwift.
final class ClosureSubscription: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked Sendable: flags are atomic; `onDisposed` is touched only by the thread that wins `handlerRan`
    let stopped = AtomicFlag()
    private let handlerRan = AtomicFlag()
    private let upstream = SingleAssignmentDisposable()
    private var onDisposed: (() -> Void)?

    init(onDisposed: (() -> Void)?) {
        self.onDisposed = onDisposed
    }

    func setUpstream(_ disposable: Disposable) {
        upstream.setDisposable(disposable)
    }

    func dispose() {
        stopped.set()
        finish()
    }

    /// Disposes the upstream subscription and runs `onDisposed` once.
    func finish() {
        upstream.dispose()
        guard handlerRan.set() else { return }
        let handler = onDisposed
        onDisposed = nil
        handler?()
    }
}

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`.
final class ClosureObserver<Element>: ObserverType {
    private let onNext: ((Element) -> Void)?
    private let onError: ((Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?
    private let subscription: ClosureSubscription

    init(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        subscription: ClosureSubscription
    ) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.subscription = subscription
    }

    func onNext(_ element: Element) {
        if subscription.stopped.isSet { return }
        onNext?(element)
    }

    func on(_ event: Event<Element>) {
        if subscription.stopped.isSet { return }
        switch event {
        case .next(let element):
            onNext?(element)
        case .error(let error):
            guard subscription.stopped.set() else { return }
            if let onError {
                onError(error)
            } else {
                reportUnhandledError(error)
            }
            subscription.finish()
        case .completed:
            guard subscription.stopped.set() else { return }
            onCompleted?()
            subscription.finish()
        }
    }
}

/// Reports an error no subscriber handled (debug builds only), like RxSwift's default hook.
func reportUnhandledError(_ error: Swift.Error) {
    #if DEBUG
        StandardStream.error.write("Unhandled error happened: \(error)\n")
    #endif
}
