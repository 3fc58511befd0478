/// An observer that applies each element to a target object, on a scheduler, and never fails:
/// the usual end of a binding (`bind(to:)`).
///
/// The target is held weakly: after it is deallocated, elements are dropped. An error reaching
/// a binder is a programming error; in debug builds it is reported on standard error (RxSwift
/// stops the program), and completion is ignored.
///
/// ```swift
/// let title = Binder(label) { label, text in label.text = text }
/// reactor.state.map(\.title).bind(to: title).disposed(by: disposeBag)
/// ```
public struct Binder<Value>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: the target is held weakly and used on `scheduler` only
    /// The type of elements the binder receives.
    public typealias Element = Value

    private let binding: (Event<Value>) -> Void

    /// Creates a binder that runs `binding` with `target` and each element, on `scheduler`
    /// (the main scheduler unless given).
    ///
    /// - Parameters:
    ///   - target: The object the elements are applied to, held weakly.
    ///   - scheduler: Where `binding` runs.
    ///   - binding: Applies an element to the target.
    public init<Target: AnyObject>(
        _ target: Target,
        scheduler: ImmediateSchedulerType = MainScheduler(),
        binding: @escaping (Target, Value) -> Void
    ) {
        weak let weakTarget = target
        self.binding = { event in
            switch event {
            case .next(let element):
                _ = scheduler.schedule(element) { element in
                    if let target = weakTarget {
                        binding(target, element)
                    }
                    return Disposables.create()
                }
            case .error(let error):
                reportBindingError(error)
            case .completed:
                break
            }
        }
    }

    /// Applies a `.next` element to the target; reports an error; ignores completion.
    public func on(_ event: Event<Value>) {
        binding(event)
    }

    /// Erases the binder's type.
    public func asObserver() -> AnyObserver<Value> {
        AnyObserver(eventHandler: on)
    }
}
