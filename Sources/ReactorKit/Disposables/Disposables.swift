/// Factory functions for common disposables.
public enum Disposables {}

extension Disposables {
    /// Returns a disposable that does nothing when disposed.
    public static func create() -> Disposable {
        NopDisposable.noOp
    }

    /// Returns a disposable that runs `dispose` once, on its first disposal.
    public static func create(with dispose: @escaping () -> Void) -> Cancelable {
        AnonymousDisposable(dispose)
    }

    /// Returns a disposable that disposes both disposables together.
    public static func create(_ disposable1: Disposable, _ disposable2: Disposable) -> Cancelable {
        BinaryDisposable(disposable1, disposable2)
    }

    /// Returns a disposable that disposes all three disposables together.
    public static func create(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable
    ) -> Cancelable {
        CompositeDisposable(disposable1, disposable2, disposable3)
    }

    /// Returns a disposable that disposes all the given disposables together.
    public static func create(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable,
        _ disposables: Disposable...
    ) -> Cancelable {
        CompositeDisposable(disposables: [disposable1, disposable2, disposable3] + disposables)
    }

    /// Returns a disposable that disposes all the given disposables together.
    public static func create(_ disposables: [Disposable]) -> Cancelable {
        switch disposables.count {
        case 2: return BinaryDisposable(disposables[0], disposables[1])
        default: return CompositeDisposable(disposables: disposables)
        }
    }
}

/// A disposable that does nothing.
struct NopDisposable: Disposable {
    static let noOp: Disposable = NopDisposable()

    func dispose() {}
}
