import Dispatch
import ReactorKit

extension ReactorTestStore {
    /// Moves the test scheduler's clock forward by `interval`, running the work due until then.
    ///
    /// ```swift
    /// store.send(.load) { $0.isLoading = true }
    /// store.advance(by: .seconds(2))
    /// store.receive(.setItems(["a"])) { $0.items = ["a"] }
    /// ```
    ///
    /// Mutations produced meanwhile are recorded for `receive`. Fails when the store has no
    /// test scheduler.
    public func advance(
        by interval: RxTimeInterval,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        runStep(at: location) {
            guard let scheduler = requireScheduler("advance(by:)", at: location) else { return }
            guard let seconds = interval.seconds else {
                scheduler.start()
                return
            }
            let ticks = scheduler.converter.convertToVirtualTimeInterval(seconds)
            scheduler.advanceTo(scheduler.clock + ticks)
        }
    }

    /// Moves the test scheduler's clock to `time`, running the work due until then.
    public func advance(
        to time: TestTime,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        runStep(at: location) {
            requireScheduler("advance(to:)", at: location)?.advanceTo(time)
        }
    }

    /// Runs all the work scheduled on the test scheduler, moving its clock as far as needed.
    public func run(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        runStep(at: location) {
            requireScheduler("run()", at: location)?.start()
        }
    }

    private func requireScheduler(_ step: String, at location: FailureLocation) -> TestScheduler? {
        guard let scheduler else {
            report(StoreMessage.noScheduler(step), at: location)
            return nil
        }
        return scheduler
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `nil` for `.never`.
    fileprivate var seconds: Double? {
        switch self {
        case .seconds(let value): return Double(value)
        case .milliseconds(let value): return Double(value) / 1e3
        case .microseconds(let value): return Double(value) / 1e6
        case .nanoseconds(let value): return Double(value) / 1e9
        case .never: return nil
        @unknown default: return nil
        }
    }
}
