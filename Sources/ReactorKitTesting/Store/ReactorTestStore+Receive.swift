import ReactorKit

extension ReactorTestStore {
    // MARK: - Receiving, synchronously

    /// Receives the next mutation, which must equal `mutation`, and asserts the state after it.
    ///
    /// ```swift
    /// store.advance(by: .seconds(1))
    /// store.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    /// ```
    ///
    /// Mutations compare with `==` when `Mutation` is `Equatable`, structurally otherwise. If
    /// the mutation has not arrived: with a test scheduler, the store fails at once (it never
    /// moves virtual time itself; ``advance(by:fileID:filePath:line:column:)`` first); without one, it blocks up to
    /// ``timeout`` (in async tests, `await store.receive(…)` waits without blocking). With
    /// ``Exhaustivity/off``, mutations before the first equal one are skipped.
    ///
    /// - Parameters:
    ///   - mutation: The expected mutation.
    ///   - timeout: How long to wait in real time; by default ``timeout``, or no wait with a
    ///     test scheduler.
    ///   - update: Turns the state before the mutation into the expected state after it.
    ///   - fileID: The file to report a failure at; leave the default (the caller's).
    ///   - filePath: The file's full path, for XCTest; leave the default.
    ///   - line: The line to report a failure at; leave the default.
    ///   - column: The column to report a failure at; leave the default.
    public func receive(
        _ mutation: R.Mutation,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        _ = receiveBlocking(
            .value(mutation), timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            ValueComparison.isEqual($0, mutation) ? () : nil
        }
    }

    /// Receives the next mutation, which must satisfy `predicate`, and asserts the state after it.
    ///
    /// ```swift
    /// store.receive(where: { if case .setItems = $0 { true } else { false } }) { $0.items = ["a"] }
    /// ```
    public func receive(
        where predicate: (R.Mutation) -> Bool,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        _ = receiveBlocking(
            .predicate, timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { predicate($0) ? () : nil }
    }

    /// Receives the next mutation, which must be the case `embed` creates, asserts the state
    /// after it, and returns its associated value.
    ///
    /// ```swift
    /// let items = store.receive(case: ListReactor.Mutation.setItems) { $0.items = ["a", "b"] }
    /// ```
    ///
    /// - Returns: The associated value, or `nil` when the step failed.
    @discardableResult
    public func receive<Value>(
        case embed: @escaping (Value) -> R.Mutation,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Value? {
        receiveBlocking(
            .enumCase, timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { CaseExtraction.extract(embed, from: $0) }
    }

    /// Receives the next mutation, from which `extract` must return a value, asserts the
    /// state after it, and returns that value.
    ///
    /// ```swift
    /// let items = store.receive(extracting: { if case .setItems(let items) = $0 { items } else { nil } })
    /// ```
    ///
    /// - Returns: The extracted value, or `nil` when the step failed.
    @discardableResult
    public func receive<Value>(
        extracting extract: (R.Mutation) -> Value?,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Value? {
        receiveBlocking(
            .extraction, timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column), matching: extract)
    }

    // MARK: - Receiving, asynchronously

    /// Waits up to ``timeout`` for the next mutation, which must equal `mutation`, and asserts
    /// the state after it. The async form of ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// store.send(.load) { $0.isLoading = true }
    /// await store.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
    /// ```
    public func receive(
        _ mutation: R.Mutation,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        _ = await receivePolling(
            .value(mutation), timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) {
            ValueComparison.isEqual($0, mutation) ? () : nil
        }
    }

    /// Waits up to ``timeout`` for the next mutation, which must satisfy `predicate`, and
    /// asserts the state after it.
    public func receive(
        where predicate: (R.Mutation) -> Bool,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        _ = await receivePolling(
            .predicate, timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { predicate($0) ? () : nil }
    }

    /// Waits up to ``timeout`` for the next mutation, which must be the case `embed` creates,
    /// asserts the state after it, and returns its associated value.
    @discardableResult
    public func receive<Value>(
        case embed: @escaping (Value) -> R.Mutation,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async -> Value? {
        await receivePolling(
            .enumCase, timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        ) { CaseExtraction.extract(embed, from: $0) }
    }

    /// Waits up to ``timeout`` for the next mutation, from which `extract` must return a
    /// value, asserts the state after it, and returns that value.
    @discardableResult
    public func receive<Value>(
        extracting extract: (R.Mutation) -> Value?,
        timeout: Duration? = nil,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async -> Value? {
        await receivePolling(
            .extraction, timeout, update,
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column), matching: extract)
    }

    // MARK: - The receive step

    /// What a `receive` looks for, for its messages.
    enum ReceiveExpectation {
        case value(R.Mutation)
        case predicate
        case enumCase
        case extraction

        /// What the test expected, as `.setItems(["a"])` or `a mutation matching the predicate`.
        var summary: String {
            switch self {
            case .value(let mutation): return describe(mutation)
            case .predicate: return "a mutation matching the predicate"
            case .enumCase: return "a mutation of the expected case"
            case .extraction: return "a mutation the `extracting` closure accepts"
            }
        }

        /// The step's name when no mutation was received.
        var step: String {
            switch self {
            case .value(let mutation): return StoreMessage.step("receive", mutation)
            case .predicate: return "receive(where:)"
            case .enumCase: return "receive(case:)"
            case .extraction: return "receive(extracting:)"
            }
        }

        /// What a mutation failed to match.
        var criterion: String {
            switch self {
            case .value: return "the expected mutation"
            case .predicate: return "the predicate"
            case .enumCase: return "the case"
            case .extraction: return "the `extracting` closure"
            }
        }
    }

    /// Whether a mutation the step can take has arrived: any mutation when exhaustive, a
    /// matching one otherwise.
    private func hasCandidate<Value>(_ match: (R.Mutation) -> Value?) -> Bool {
        let pending = recorder.pending
        return exhaustivity == .on ? !pending.isEmpty : pending.contains { match($0.mutation) != nil }
    }

    /// How long a receive waits: as asked, else no wait with a test scheduler (when it blocks),
    /// else the store's timeout.
    private func waitingTime(_ timeout: Duration?, blocking: Bool) -> Duration {
        timeout ?? (blocking && scheduler != nil ? .zero : self.timeout)
    }

    /// Waits (blocking) for a mutation the step can take, then takes it.
    private func receiveBlocking<Value>(
        _ expectation: ReceiveExpectation,
        _ timeout: Duration?,
        _ update: ((inout R.State) throws -> Void)?,
        at location: FailureLocation,
        matching match: (R.Mutation) -> Value?
    ) -> Value? {
        runStep(at: location) {
            let limit = waitingTime(timeout, blocking: true)
            _ = waitBlocking(timeout: limit) { hasCandidate(match) }
            return complete(expectation, update: update, waited: limit, at: location, matching: match)
        }
    }

    /// Waits (suspending) for a mutation the step can take, then takes it.
    private func receivePolling<Value>(
        _ expectation: ReceiveExpectation,
        _ timeout: Duration?,
        _ update: ((inout R.State) throws -> Void)?,
        at location: FailureLocation,
        isolation: isolated (any Actor)? = #isolation,
        matching match: (R.Mutation) -> Value?
    ) async -> Value? {
        await runStep(at: location) {
            let limit = waitingTime(timeout, blocking: false)
            _ = await waitPolling(timeout: limit) { hasCandidate(match) }
            return complete(expectation, update: update, waited: limit, at: location, matching: match)
        }
    }

    /// Takes the mutation the step receives, checks it and the state after it, and returns the
    /// value `match` made of it.
    private func complete<Value>(
        _ expectation: ReceiveExpectation,
        update: ((inout R.State) throws -> Void)?,
        waited: Duration,
        at location: FailureLocation,
        matching match: (R.Mutation) -> Value?
    ) -> Value? {
        let pending = recorder.pending
        switch exhaustivity {
        case .on:
            guard let first = pending.first else {
                report(notReceivedMessage(expectation, waited: waited, skipped: []), at: location)
                return nil
            }
            _ = recorder.removeFirst(1)
            guard let value = match(first.mutation) else {
                report(mismatchMessage(expectation, received: first.mutation), at: location)
                state = first.state
                return nil
            }
            expectState(first.state, after: StoreMessage.step("receive", first.mutation), update: update, at: location)
            return value
        case .off:
            for (index, entry) in pending.enumerated() {
                guard let value = match(entry.mutation) else { continue }
                _ = recorder.removeFirst(index + 1)
                expectState(
                    entry.state, after: StoreMessage.step("receive", entry.mutation), update: update, at: location)
                return value
            }
            report(
                notReceivedMessage(expectation, waited: waited, skipped: pending.map(\.mutation)), at: location)
            return nil
        }
    }

    private func mismatchMessage(_ expectation: ReceiveExpectation, received: R.Mutation) -> String {
        if case .value(let expected) = expectation {
            let difference =
                ValueComparison.difference(expected, received)
                ?? "\u{2212} \(describe(expected))\n+ \(describe(received))"
            return StoreMessage.unexpectedMutation(difference: difference)
        }
        return StoreMessage.notMatching(received, step: expectation.step, what: expectation.criterion)
    }

    private func notReceivedMessage(
        _ expectation: ReceiveExpectation, waited: Duration, skipped: [R.Mutation]
    ) -> String {
        var text = "Expected to receive \(expectation.summary), but "
        if waited == .zero, let scheduler {
            text +=
                "it has not been received. " + StoreMessage.unmovedScheduler(at: scheduler.clock, before: "`receive`")
        } else {
            text += "it did not arrive within \(StoreMessage.duration(waited))."
        }
        if !skipped.isEmpty {
            text += "\nNone of the \(StoreMessage.count(skipped.count, "mutation")) received matches:\n"
            text += StoreMessage.list(skipped)
        }
        let running = runningStreamCount
        text +=
            running == 0
            ? "\nNo `mutate` stream is running."
            : "\n\(StoreMessage.count(running, "`mutate` stream")) \(running == 1 ? "is" : "are") still running."
        if recorder.hasStateStreamEnded {
            text +=
                "\nThe reactor's state stream has ended (an error from a stream merged in `transform(mutation:)` ends it)."
        }
        return text
    }
}
