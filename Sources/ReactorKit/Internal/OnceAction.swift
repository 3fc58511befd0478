/// A closure that runs at most once, from whichever thread asks first, and is released then.
///
/// The traits' `subscribe(onSuccess:…, onDisposed:)` run `onDisposed` right after the
/// terminal handler, or on disposal, whichever comes first, as RxSwift does.
final class OnceAction: @unchecked Sendable {
    // @unchecked Sendable: `action` is read and cleared only by the caller that sets `ran`
    private let ran = AtomicFlag()
    private var action: (() -> Void)?

    init(_ action: (() -> Void)?) {
        self.action = action
    }

    /// Runs the closure unless it has run.
    func run() {
        guard ran.set() else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
