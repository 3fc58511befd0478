/// A sequence that never fails: the constraint of ``Infallible``'s operators.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence of elements that never fails: it sends elements and possibly completes.
///
/// Unlike RxCocoa's `Driver`, it neither shares its subscription nor replays, and it
/// delivers on whatever thread the source does: it is an ``Observable`` without errors. Make
/// one with ``ObservableConvertibleType/asInfallible(onErrorJustReturn:)`` and its siblings,
/// or with ``Infallible/create(subscribe:)``.
///
/// ```swift
/// let names: Infallible<String> = api.names.asInfallible(onErrorJustReturn: "")
/// names.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
/// ```
public struct Infallible<Element>: InfallibleType, Sendable {
    private let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// Returns the wrapped sequence.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension InfallibleType {
    /// Subscribes closures that receive `object` (held weakly) with each element, completion
    /// and disposal; events after `object` has been deallocated are dropped.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes closures for elements, completion and disposal (an infallible sequence has no
    /// error to handle).
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes a closure that receives every event.
    ///
    /// - Returns: A disposable that ends the subscription.
    public func subscribe(_ on: @escaping (InfallibleEvent<Element>) -> Void) -> Disposable {
        asObservable().subscribe { event in
            switch event {
            case .next(let element):
                on(.next(element))
            case .completed:
                on(.completed)
            case .error(let error):
                reportUnhandledError(error)  // an infallible sequence must not fail
            }
        }
    }

    /// Returns the sequence as an ``Infallible``.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
