import ReactorKit
import TestSupport
import Testing

@Suite struct HooksTests {
    private struct ProbeError: Error {
        let id: Int
    }

    @Test func defaultErrorHandlerReceivesUnhandledErrors() {
        let received = Locked<[Int]>([])
        let stacks = Locked<[[String]]>([])
        let previous = Hooks.defaultErrorHandler
        let previousCapture = Hooks.customCaptureSubscriptionCallstack
        // Other tests run meanwhile: errors that are not this test's go to the previous handler.
        Hooks.defaultErrorHandler = { stack, error in
            guard let probe = error as? ProbeError else { return previous(stack, error) }
            received.withLock { $0.append(probe.id) }
            stacks.withLock { $0.append(stack) }
        }
        Hooks.customCaptureSubscriptionCallstack = { ["frame"] }
        defer {
            Hooks.defaultErrorHandler = previous
            Hooks.customCaptureSubscriptionCallstack = previousCapture
        }
        _ = Observable<Int>.error(ProbeError(id: 1)).subscribe(onNext: { _ in })
        _ = Single<Int>.error(ProbeError(id: 2)).subscribe(onSuccess: { _ in })
        _ = Observable<Int>.error(ProbeError(id: 3)).subscribe(onNext: { _ in }, onError: { _ in })
        #expect(received.withLock { $0 } == [1, 2])
        #expect(stacks.withLock { $0 } == [[], []])
        #expect(!Hooks.recordCallStackOnError)
    }
}
