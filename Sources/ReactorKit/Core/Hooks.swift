import Synchronization

/// Process-wide hooks, as in RxSwift: what happens to an error that no subscriber handles.
///
/// ```swift
/// Hooks.defaultErrorHandler = { _, error in logger.error("unhandled: \(error)") }
/// ```
///
/// The default handler prints "Unhandled error happened: …" on standard error in debug builds
/// and does nothing in release builds. Unlike RxSwift, which records the call stack when
/// subscribing, the stack passed to the handler (only with ``recordCallStackOnError``) is
/// captured when the error arrives, so that subscribing costs nothing extra.
public enum Hooks {
    /// Handles an error that reached a subscription without an error handler.
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void
    /// Returns a call stack for ``defaultErrorHandler``.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    private struct State {
        var recordCallStackOnError = false
        var defaultErrorHandler: DefaultErrorHandler = Hooks.printingErrorHandler
        var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = { [] }
    }

    private static let state = Mutex(State())

    /// Whether ``customCaptureSubscriptionCallstack`` is called for unhandled errors; `false`
    /// by default.
    public static var recordCallStackOnError: Bool {
        get { state.withLock { $0.recordCallStackOnError } }
        set { state.withLock { $0.recordCallStackOnError = newValue } }
    }

    /// Receives every error that reaches a subscription without an error handler.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { state.withLock { $0.defaultErrorHandler } }
        set { state.withLock { $0.defaultErrorHandler = newValue } }
    }

    /// Captures the call stack given to ``defaultErrorHandler``; returns `[]` by default (the
    /// call stack needs full Foundation, which this module does not link).
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { state.withLock { $0.customCaptureSubscriptionCallstack } }
        set { state.withLock { $0.customCaptureSubscriptionCallstack = newValue } }
    }

    /// The default ``defaultErrorHandler``: prints the error in debug builds.
    private static let printingErrorHandler: DefaultErrorHandler = { callStack, error in
        #if DEBUG
            DebugOutput.write("Unhandled error happened: \(error)\n")
            if !callStack.isEmpty {
                DebugOutput.write("subscription called from:\n\(callStack.joined(separator: "\n"))\n")
            }
        #endif
    }

    /// Passes `error` to the handler, with a call stack when asked for.
    static func reportUnhandled(_ error: Swift.Error) {
        let (record, handler, capture) = state.withLock {
            ($0.recordCallStackOnError, $0.defaultErrorHandler, $0.customCaptureSubscriptionCallstack)
        }
        handler(record ? capture() : [], error)
    }
}
