extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(AnyObserver(eventHandler: on))
    }

    /// Subscribes closures for elements, errors, completion and disposal.
    ///
    /// `onDisposed` runs once: right after `onError` or `onCompleted` (before the source's own
    /// disposal, such as an upstream `do(onDispose:)`), or when the subscription is disposed
    /// (after the source's disposal), in RxSwift's order. After disposal no closure is called
    /// again. An error without an `onError` handler is reported on standard error in debug
    /// builds.
    ///
    /// The closures are held by the source, not by the returned disposable's owner: a
    /// subscription to a subject that is never disposed nor terminated is freed with the
    /// subject.
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
        let observer = ClosureObserver<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        let subscription = ClosureSubscription(observer: observer)
        observer.subscription = subscription
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

/// Reports an error no subscriber handled to ``Hooks/defaultErrorHandler`` (which prints it in
/// debug builds), as RxSwift does.
func reportUnhandledError(_ error: Swift.Error) {
    Hooks.reportUnhandled(error)
}
