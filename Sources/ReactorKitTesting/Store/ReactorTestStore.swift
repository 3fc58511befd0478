@_spi(Testing) import ReactorKit

/// An exhaustive test harness for a reactor: every mutation must be received and every state
/// change asserted, and `mutate` streams must have finished when the test ends.
///
/// Create the store before the test uses the reactor (a reactor that reads its own `state` in
/// `init` is fine: the store starts from `currentState`). `send` an action with a closure that
/// turns the state before it into the state after what the action did synchronously; `receive`
/// each mutation that arrives later (from async work, a scheduler or a bus), in order, with a
/// closure for its state change; `finish()` at the end, or let the store go:
///
/// ```swift
/// @Test func load() async {
///     let store = ReactorTestStore(ListReactor(service: fake))
///     store.send(.load) { $0.isLoading = true }
///     await store.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
///     await store.receive(.setLoading(false)) { $0.isLoading = false }
///     await store.finish()
/// }
/// ```
///
/// A step fails the test, at its own line, with a field-by-field diff (expected `−`, actual `+`)
/// when the state after it differs from what the closure made, when a mutation arrives that
/// the test did not receive, or when a `mutate` stream is still running at the end. Failures
/// go to Swift Testing or XCTest, whichever runs the test.
///
/// States are compared as `reduce` made them (before `transform(state:)`): with `==` when
/// `State` is `Equatable`, otherwise structurally. With ``Exhaustivity/off`` the store checks
/// only what the test asserts (see ``exhaustivity``).
///
/// Mutations that come from a ``TestScheduler`` arrive only when the test moves virtual
/// time with ``advance(by:fileID:filePath:line:column:)``,
/// ``advance(to:fileID:filePath:line:column:)`` or ``run(fileID:filePath:line:column:)``: a
/// synchronous `receive` then never waits. Without a test scheduler, `receive` and `finish`
/// wait up to ``timeout`` in real time; use their `async` forms (`await store.receive(…)`) in async tests, so the wait
/// does not block a thread the reactor's own work may need.
public final class ReactorTestStore<R: Reactor> {
    /// The reactor under test.
    public let reactor: R

    /// The virtual-time scheduler that ``advance(by:fileID:filePath:line:column:)``,
    /// ``advance(to:fileID:filePath:line:column:)`` and ``run(fileID:filePath:line:column:)`` move.
    public let scheduler: TestScheduler?

    /// How much the test must assert; can change in the middle of a test.
    ///
    /// With ``Exhaustivity/off``: a `send` skips mutations not received yet; a `receive` skips
    /// mutations until one matches; an update closure is applied to the *actual* state after
    /// the step, and the step fails only if that changes it, so the closure checks exactly the
    /// fields it assigns (assign absolute values: `$0.count = 2`, not `$0.count += 1`); the end
    /// of the test checks nothing.
    public var exhaustivity: Exhaustivity

    /// How long `receive` and `finish` wait, in real time, for mutations and streams.
    public var timeout: Duration

    /// The state as of the last step: what the test has asserted so far.
    public internal(set) var state: R.State

    let recorder: MutationRecorder<R.Mutation, R.State>
    let reporter: FailureReporter
    /// Where the spies report calls nothing was stubbed for, so that each fails the step once.
    let unexpectedCalls = UnexpectedCallInbox()
    /// The failures of the step running now, reported when it ends (`nil` between steps).
    private var stepFailures: [(message: String, location: FailureLocation)]?
    /// The buses ``track(_:name:)`` records.
    var trackedBuses: [any TrackedPublications] = []
    private let probe: ReactorProbe<R.Mutation, R.State>
    private let subscription: Disposable
    private let location: FailureLocation
    private var isFinished = false
    /// Streams started before the store that ``skipRunningMutateStreams()`` stopped requiring.
    private var skippedUntrackedStreams = 0

    /// Creates a store around `reactor`.
    ///
    /// The store observes everything the reactor does from now on, and starts from its
    /// `currentState`: the reactor may have built its state stream already (a reactor that
    /// reads `self.state` in `init`). `mutate` streams still running from actions handled
    /// before (the store cannot tell what they emit before it existed) must end before the test
    /// does, like any other.
    ///
    /// - Parameters:
    ///   - reactor: The reactor under test, not stubbed, and observed by no other store.
    ///   - scheduler: The test scheduler the reactor's time-based work runs on, if any.
    ///   - exhaustivity: Whether every mutation, state change and running stream must be
    ///     asserted (``Exhaustivity/on``, the default).
    ///   - timeout: How long `receive` and `finish` wait in real time.
    ///   - fileID: The file to report a failure at; leave the default (the caller's).
    ///   - filePath: The file's full path, for XCTest; leave the default.
    ///   - line: The line to report a failure at; leave the default.
    ///   - column: The column to report a failure at; leave the default.
    public init(
        _ reactor: R,
        scheduler: TestScheduler? = nil,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let reporter = FailureReporter()
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let recorder = MutationRecorder<R.Mutation, R.State>()
        let probe = ReactorProbe<R.Mutation, R.State>(
            onReduce: { mutation, state in recorder.record(mutation, state) },
            onMutateStream: { stream, isRunning in recorder.streamChanged(stream, isRunning: isRunning) })
        if reactor.isStubEnabled {
            reporter.report(StoreMessage.stubbed, at: location)
        } else if !reactor._attach(probe) {
            reporter.report(StoreMessage.alreadyObserved, at: location)
        }
        self.reactor = reactor
        self.scheduler = scheduler
        self.exhaustivity = exhaustivity
        self.timeout = timeout
        self.reporter = reporter
        self.location = location
        self.recorder = recorder
        self.probe = probe
        state = reactor.currentState
        subscription = reactor.state.subscribe(onCompleted: { recorder.stateStreamDidEnd() })
        for (spy, name) in SpyDiscovery.spies(in: reactor) {
            spy.attach(to: unexpectedCalls, propertyName: name)
        }
    }

    deinit {
        if !isFinished {
            runStep(at: location) { checkEnd(at: location) }
        } else {
            reportUnexpectedCalls(at: location, with: [])
        }
        unexpectedCalls.close()
        probe.detach()
        subscription.dispose()
        stopTracking()
    }

    // MARK: - Sending

    /// Sends `action` to the reactor and asserts the state after everything it did
    /// synchronously (every mutation reduced before `action.onNext` returned).
    ///
    /// ```swift
    /// store.send(.increase) { $0.value = 1 }
    /// ```
    ///
    /// Fails when mutations received earlier were not received by the test, or messages
    /// published on a tracked bus were not asserted (exhaustive stores), or when the state differs from what `update` makes of the state before.
    /// Mutations the action causes later wait for ``receive(_:timeout:assert:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - action: The action to send.
    ///   - update: Turns the state before the action into the expected state after it; `nil`
    ///     when the action changes no state synchronously.
    ///   - fileID: The file to report a failure at; leave the default (the caller's).
    ///   - filePath: The file's full path, for XCTest; leave the default.
    ///   - line: The line to report a failure at; leave the default.
    ///   - column: The column to report a failure at; leave the default.
    public func send(
        _ action: R.Action,
        assert update: ((inout R.State) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        runStep(at: location) { send(action, update, at: location) }
    }

    private func send(_ action: R.Action, _ update: ((inout R.State) throws -> Void)?, at location: FailureLocation) {
        let step = StoreMessage.step("send", action)
        let skipped = recorder.removeAll()
        if let last = skipped.last {
            if exhaustivity == .on {
                report(StoreMessage.unreceivedBeforeSend(skipped.map(\.mutation), step: step), at: location)
            }
            state = last.state
        }
        checkUnassertedPublications(before: step, at: location)
        recorder.beginSend(MutationRecorder.Origin(step: step, location: location))
        reactor.action.onNext(action)
        let reduced = recorder.endSend()
        let actual = reduced.last?.state ?? state
        expectState(actual, after: step, update: update, at: location)
    }

    // MARK: - Ending

    /// Waits up to ``timeout`` for the running `mutate` streams to finish (not when the store
    /// has a test scheduler: move it instead), then fails for each mutation not received and
    /// each stream still running. With ``Exhaustivity/off`` it neither waits nor checks.
    ///
    /// Without a `finish()`, the store makes the same checks when it is released, without
    /// waiting, and reports them at the line that created it.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        runStep(at: location) {
            if scheduler == nil && exhaustivity == .on {
                _ = waitBlocking(timeout: timeout ?? self.timeout) { runningStreamCount == 0 }
            }
            checkEnd(at: location)
        }
    }

    /// Waits up to ``timeout`` for the running `mutate` streams to finish, then fails for each
    /// mutation not received and each stream still running. With ``Exhaustivity/off`` it
    /// neither waits nor checks.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await runStep(at: location) {
            if exhaustivity == .on {
                _ = await waitPolling(timeout: timeout ?? self.timeout) { runningStreamCount == 0 }
            }
            checkEnd(at: location)
        }
    }

    /// Accepts the mutations received so far without asserting them: the state jumps to the
    /// state after the last one.
    public func skipReceivedMutations() {
        if let last = recorder.removeAll().last {
            state = last.state
        }
    }

    /// Stops requiring the `mutate` streams running now to finish before the test ends.
    public func skipRunningMutateStreams() {
        recorder.skipRunningStreams()
        skippedUntrackedStreams += untrackedRunningStreams
    }

    /// The running `mutate` streams that started before the store existed (so the store does
    /// not track them one by one), less those skipped.
    var untrackedRunningStreams: Int {
        let untracked = reactor._runningMutateStreams - probe.runningMutationStreams
        return max(0, untracked - skippedUntrackedStreams)
    }

    /// The running `mutate` streams the test must still let finish.
    var runningStreamCount: Int {
        recorder.runningStreams.count + untrackedRunningStreams
    }

    /// The mutations received and not yet received by the test, oldest first.
    public var receivedMutations: [R.Mutation] {
        recorder.pending.map(\.mutation)
    }

    private func checkEnd(at location: FailureLocation) {
        isFinished = true
        guard exhaustivity == .on else { return }
        let unreceived = recorder.removeAll()
        if let last = unreceived.last {
            report(StoreMessage.unreceivedAtEnd(unreceived.map(\.mutation)), at: location)
            state = last.state
        }
        var unattributed = untrackedRunningStreams
        for (_, origin) in recorder.runningStreams {
            if let origin {
                report(StoreMessage.runningStream(startedBy: origin.step), at: origin.location)
            } else {
                unattributed += 1
            }
        }
        if unattributed > 0 {
            report(StoreMessage.runningStreams(unattributed: unattributed), at: location)
        }
        checkUnassertedPublications(before: nil, at: location)
    }

    // MARK: - Steps and their failures

    /// Runs a step: the failures it reports, and the calls nothing was stubbed for that spies
    /// made meanwhile (or since the last step), are reported when it ends, each call once at
    /// `location` together with the step's own failures.
    func runStep<Result>(at location: FailureLocation, _ body: () -> Result) -> Result {
        guard stepFailures == nil else { return body() }
        stepFailures = []
        let result = UnexpectedCallInbox.$current.withValue(unexpectedCalls) { body() }
        endStep(at: location)
        return result
    }

    /// The async form of ``runStep(at:_:)``.
    func runStep<Result>(
        at location: FailureLocation,
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async -> Result
    ) async -> Result {
        guard stepFailures == nil else { return await body() }
        stepFailures = []
        let result = await UnexpectedCallInbox.$current.withValue(unexpectedCalls) { await body() }
        endStep(at: location)
        return result
    }

    /// Reports `message` at `location`: when the running step ends, or now between steps.
    func report(_ message: String, at location: FailureLocation) {
        if stepFailures != nil {
            stepFailures?.append((message, location))
        } else {
            reporter.report(message, at: location)
        }
    }

    private func endStep(at location: FailureLocation) {
        let failures = stepFailures ?? []
        stepFailures = nil
        reportUnexpectedCalls(at: location, with: failures)
    }

    /// Reports the unexpected calls the spies delivered, at `location`, the first one with the
    /// step's failures at the same place (what the step saw because of it), then the others.
    private func reportUnexpectedCalls(
        at location: FailureLocation, with failures: [(message: String, location: FailureLocation)]
    ) {
        let calls = unexpectedCalls.takeAll()
        var others = failures
        if let first = calls.first {
            let consequences = failures.filter { $0.location == location }.map(\.message)
            others = failures.filter { $0.location != location }
            reporter.report(StoreMessage.unexpectedCall(first, consequences: consequences), at: location)
            for call in calls.dropFirst() {
                reporter.report(call, at: location)
            }
        }
        for failure in others {
            reporter.report(failure.message, at: failure.location)
        }
    }

    // MARK: - Shared by the steps

    /// Checks `actual`, the state after `step`, against what `update` makes of the state
    /// before (or of `actual`, when not exhaustive), then moves the store's state to `actual`.
    func expectState(
        _ actual: R.State,
        after step: String,
        update: ((inout R.State) throws -> Void)?,
        at location: FailureLocation
    ) {
        let before = state
        state = actual
        var expected = exhaustivity == .on ? before : actual
        do {
            try update?(&expected)
        } catch {
            report(StoreMessage.closureThrew(step: step, error: error), at: location)
            return
        }
        let difference = ValueComparison.difference(expected, actual)
        switch exhaustivity {
        case .on:
            if let difference {
                let message =
                    update == nil
                    ? StoreMessage.unassertedChange(
                        step: step, difference: difference, suggestion: Self.suggestedClosure(from: before, to: actual))
                    : StoreMessage.stateMismatch(step: step, difference: difference)
                report(message, at: location)
            } else if update != nil && ValueComparison.isEqual(expected, before) {
                report(StoreMessage.noChange(step: step), at: location)
            }
        case .off:
            if let difference {
                report(StoreMessage.nonExhaustiveMismatch(step: step, difference: difference), at: location)
            }
        }
    }

    /// A closure body that assigns the changed top-level fields, as `$0.value = 1`, when the
    /// change is small enough to show; `nil` otherwise.
    private static func suggestedClosure(from before: R.State, to after: R.State) -> String? {
        guard case .container(let old) = ValueNode(before), case .container(let new) = ValueNode(after),
            old.kind == .structure, old.children.map(\.label) == new.children.map(\.label)
        else { return nil }
        var assignments: [String] = []
        for (oldChild, newChild) in zip(old.children, new.children) where oldChild.node != newChild.node {
            guard let label = oldChild.label else { return nil }
            var node = newChild.node
            if case .container(let pulse) = node, pulse.kind == .pulse, let value = pulse.children.first {
                node = value.node
            }
            let value = node.inline
            guard value.count <= 40 else { return nil }
            assignments.append("$0.\(label) = \(value)")
        }
        guard !assignments.isEmpty && assignments.count <= 3 else { return nil }
        return assignments.joined(separator: "; ")
    }

    /// Blocks until `isSatisfied` or `timeout` passes; returns whether it was satisfied.
    func waitBlocking(timeout: Duration, until isSatisfied: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = recorder.changeCount
            if isSatisfied() { return true }
            let now = ContinuousClock.now
            if now >= deadline { return false }
            // Streams that started before the store signal nothing when they end: poll for them.
            let wakeUp = untrackedRunningStreams > 0 ? min(deadline, now + .milliseconds(5)) : deadline
            recorder.waitForChange(after: seen, until: wakeUp)
        }
    }

    /// Suspends until `isSatisfied` or `timeout` passes (or the task is cancelled); returns
    /// whether it was satisfied.
    func waitPolling(
        timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        until isSatisfied: () -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !isSatisfied() {
            if ContinuousClock.now >= deadline || Task.isCancelled {
                return isSatisfied()
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }
}
