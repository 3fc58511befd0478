extension ObservableType {
    /// Forwards every event of the sequence (elements, error, completion) to each observer
    /// in `observers`.
    ///
    /// ```swift
    /// reactor.state.map(\.count).bind(to: countSubject).disposed(by: disposeBag)
    /// ```
    ///
    /// - Returns: A disposable that ends the binding.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element {
        subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Forwards every event of the sequence, elements wrapped in an optional, to each
    /// observer in `observers`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable
    where Observer.Element == Element? {
        subscribe { event in
            let optional = event.map { Optional($0) }
            for observer in observers { observer.on(optional) }
        }
    }

    /// Passes the sequence to `binder` and returns its result.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Subscribes `onNext` to the sequence's elements.
    ///
    /// Bindings are meant for sequences that do not fail: an error is reported on standard
    /// error in debug builds and ends the binding. Relays are bound the same way.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: { error in reportBindingError(error) })
    }

    /// Sends each element to every relay in `relays`.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends each element, wrapped in an optional, to every relay in `relays`.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends each element to every relay in `relays`.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends each element, wrapped in an optional, to every relay in `relays`.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends each element to every relay in `relays`.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Sends each element, wrapped in an optional, to every relay in `relays`.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bind(onNext: { element in relays.forEach { $0.accept(element) } })
    }
}

/// Reports an error that reached a binding (debug builds only).
func reportBindingError(_ error: Swift.Error) {
    #if DEBUG
        reportUnhandledError(error)
    #endif
}
