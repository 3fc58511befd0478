import ReactorKit

extension ReactorTestStore {
    // MARK: - Tracking a bus

    /// Starts recording what `bus` publishes, so the test must assert it with
    /// ``expectPublished(_:on:timeout:fileID:filePath:line:column:)``.
    ///
    /// ```swift
    /// let events = store.track(provider.itemService.events, name: "itemService.events")
    /// store.send(.add("milk"))
    /// store.expectPublished([.added(Item(id: 1, title: "milk"))], on: events)
    /// ```
    ///
    /// Track the buses the code under test publishes to (a `MessageBus`, an `EventBus` or any
    /// observable); a bus the test itself feeds need not be tracked. With an exhaustive store,
    /// a message not asserted fails the next `send` and the end of the test, like a mutation
    /// not received; with ``Exhaustivity/off``, a `send` skips the messages not asserted
    /// before it. Tracking stops when the store ends.
    ///
    /// - Parameters:
    ///   - bus: The bus or observable to record.
    ///   - name: The name failure messages use; by default the bus's type.
    /// - Returns: The recorder to pass to `expectPublished`.
    public func track<Bus: ObservableConvertibleType>(
        _ bus: Bus, name: String? = nil
    ) -> PublishedMessages<Bus.Element> {
        let messages = PublishedMessages(bus, name: name ?? "\(Bus.self)")
        trackedBuses.append(messages)
        return messages
    }

    // MARK: - Asserting publications

    /// Asserts that the messages published on a tracked bus since the last assertion are
    /// `expected`, in order, and marks them asserted.
    ///
    /// ```swift
    /// store.send(.setDone(1)) { $0.items[0].isDone = true }
    /// store.expectPublished([.updated(done)], on: events)
    /// ```
    ///
    /// Messages compare with `==` when `Message` is `Equatable`, structurally otherwise; a
    /// mismatch fails with a diff. Until `expected.count` messages have arrived, the step waits
    /// up to ``timeout`` in real time (not at all with a test scheduler: advance it first). With
    /// ``Exhaustivity/off``, `expected` need only appear in order among the messages: others
    /// before and between them are skipped. `expectPublished([], on: events)` asserts that
    /// nothing was published.
    public func expectPublished<Message>(
        _ expected: [Message],
        on messages: PublishedMessages<Message>,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        runStep(at: location) {
            let waited = timeout ?? (scheduler == nil ? self.timeout : .zero)
            let isExhaustive = exhaustivity == .on
            _ = messages.wait(until: ContinuousClock.now + waited) {
                Self.hasArrived(expected, in: $0, exhaustive: isExhaustive)
            }
            checkPublished(expected, on: messages, waited: waited, at: location)
        }
    }

    /// Waits up to ``timeout`` until `expected` has been published on a tracked bus, then
    /// asserts it. The async form of ``expectPublished(_:on:timeout:fileID:filePath:line:column:)``.
    public func expectPublished<Message>(
        _ expected: [Message],
        on messages: PublishedMessages<Message>,
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        isolation: isolated (any Actor)? = #isolation
    ) async {
        let location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        await runStep(at: location) {
            let waited = timeout ?? self.timeout
            let isExhaustive = exhaustivity == .on
            _ = await waitPolling(timeout: waited) {
                Self.hasArrived(expected, in: messages.messages, exhaustive: isExhaustive)
            }
            checkPublished(expected, on: messages, waited: waited, at: location)
        }
    }

    // MARK: - Shared by the steps

    /// Fails for every tracked message not asserted yet (exhaustive stores), before `step` or
    /// at the end of the test (`step == nil`), and marks them asserted (skips them, when not
    /// exhaustive).
    func checkUnassertedPublications(before step: String?, at location: FailureLocation) {
        for bus in trackedBuses {
            let unasserted = bus.takeUnasserted()
            guard !unasserted.isEmpty && exhaustivity == .on else { continue }
            report(
                StoreMessage.unassertedPublications(unasserted, bus: bus.name, before: step), at: location)
        }
    }

    /// Stops recording every tracked bus.
    func stopTracking() {
        for bus in trackedBuses {
            bus.stop()
        }
    }

    private func checkPublished<Message>(
        _ expected: [Message],
        on messages: PublishedMessages<Message>,
        waited: Duration,
        at location: FailureLocation
    ) {
        let published = messages.messages
        let isExhaustive = exhaustivity == .on
        if let count = Self.publishedMatch(expected, in: published, exhaustive: isExhaustive) {
            _ = messages.removeFirst(count)
            return
        }
        let shortfall = StoreMessage.publicationShortfall(
            arrived: published.count, waited: waited, schedulerClock: scheduler?.clock)
        if isExhaustive {
            // Everything published so far was meant to be asserted here.
            _ = messages.removeFirst(published.count)
            let difference =
                ValueComparison.difference(expected, published)
                ?? "\u{2212} \(describe(expected))\n+ \(describe(published))"
            report(
                StoreMessage.publishedMismatch(
                    bus: messages.name, difference: difference,
                    shortfall: published.count < expected.count ? shortfall : nil),
                at: location)
        } else {
            report(
                StoreMessage.notPublished(expected, published: published, bus: messages.name, shortfall: shortfall),
                at: location)
        }
    }

    /// Whether waiting for `expected` is over: as many messages as expected have arrived
    /// (exhaustive), or the expected ones have, in order (not exhaustive).
    private static func hasArrived<Message>(_ expected: [Message], in published: [Message], exhaustive: Bool) -> Bool {
        exhaustive
            ? published.count >= expected.count : publishedMatch(expected, in: published, exhaustive: false) != nil
    }

    /// How many of `published` the assertion of `expected` takes: all of them when they are
    /// exactly `expected` (exhaustive), or up to the last of `expected` found in order among
    /// them (not exhaustive); `nil` when they do not match.
    private static func publishedMatch<Message>(
        _ expected: [Message], in published: [Message], exhaustive: Bool
    ) -> Int? {
        if exhaustive {
            return ValueComparison.isEqual(expected, published) ? published.count : nil
        }
        var taken = 0
        for message in expected {
            guard
                let index = published[taken...].firstIndex(where: { ValueComparison.isEqual($0, message) })
            else { return nil }
            taken = index + 1
        }
        return taken
    }
}
