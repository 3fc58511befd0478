/// The texts of a ``ReactorTestStore``'s failures: each says what went wrong and how to fix
/// the test.
enum StoreMessage {
    static let exhaustivityHint = "use `exhaustivity: .off` to skip what the test does not assert"

    /// `1 mutation`, `2 mutations`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// Each value dumped on its own line(s), indented by two spaces.
    static func list(_ values: [Any]) -> String {
        values.map { indented(describe($0)) }.joined(separator: "\n")
    }

    /// `text` with every line indented by two spaces.
    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    /// A step as `send(.increase)`, the value shortened when long.
    static func step(_ name: String, _ value: Any) -> String {
        var text = ValueNode(value).inline
        if text.count > 60 {
            text = String(text.prefix(59)) + "…"
        }
        return "\(name)(\(text))"
    }

    static func unreceivedBeforeSend(_ mutations: [Any], step: String) -> String {
        let one = mutations.count == 1
        return """
            \(count(mutations.count, "mutation")) \(one ? "was" : "were") not received before \(step):
            \(list(mutations))
            Add `store.receive(…)` for \(one ? "it" : "each of them") before this `send`, or \(exhaustivityHint).
            """
    }

    static func unreceivedAtEnd(_ mutations: [Any]) -> String {
        let one = mutations.count == 1
        return """
            The test ended with \(count(mutations.count, "mutation")) not received:
            \(list(mutations))
            Add `store.receive(…)` for \(one ? "it" : "each of them"), or \(exhaustivityHint).
            """
    }

    static func unassertedPublications(_ messages: [Any], bus: String, before step: String?) -> String {
        let one = messages.count == 1
        let verb = one ? "was" : "were"
        let when = step.map { "before \($0)" } ?? "by the end of the test"
        let fix = step == nil ? "" : " before this `send`"
        return """
            \(count(messages.count, "message")) published on \(bus) \(verb) not asserted \(when):
            \(list(messages))
            Assert \(one ? "it" : "them") with `store.expectPublished([…], on: …)`\(fix), or \(exhaustivityHint).
            """
    }

    static func publishedMismatch(bus: String, difference: String, shortfall: String?) -> String {
        var text = "The messages published on \(bus) differ from the expected ones: (− expected, + published)"
        text += "\n\n\(difference)"
        if let shortfall {
            text += "\n\n\(shortfall)"
        }
        return text
    }

    static func notPublished(_ expected: [Any], published: [Any], bus: String, shortfall: String) -> String {
        var text = "Expected \(bus) to publish, in order:\n\(list(expected))\n"
        text += published.isEmpty ? "but nothing was published." : "but it published only:\n\(list(published))"
        return text + "\n" + shortfall
    }

    /// Why fewer messages than expected arrived: how long the step waited, or that the test
    /// scheduler must be moved first.
    static func publicationShortfall(arrived: Int, waited: Duration, schedulerClock: Int?) -> String {
        if waited == .zero, let schedulerClock {
            return "\(count(arrived, "message")) arrived. " + unmovedScheduler(at: schedulerClock, before: "step")
        }
        return "\(count(arrived, "message")) arrived within \(duration(waited))."
    }

    /// Why nothing scheduled has happened yet: the test scheduler moves only when the test does.
    static func unmovedScheduler(at clock: Int, before step: String) -> String {
        """
        The test scheduler is at \(clock) and moves only when the test moves it: call `store.advance(by:)`, \
        `store.advance(to:)` or `store.run()` before this \(step).
        """
    }

    /// `1 second`, `2 seconds`, `50 ms`.
    static func duration(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 {
            return count(Int(seconds), "second")
        }
        return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
    }

    static func stateMismatch(step: String, difference: String) -> String {
        "State after \(step) does not match the expectation: (− expected, + actual)\n\n\(difference)"
    }

    static func unassertedChange(step: String, difference: String, suggestion: String?) -> String {
        let fix =
            suggestion.map { "Assert it with a closure, e.g. `store.\(step) { \($0) }`." }
            ?? "Assert it with a closure that makes this change."
        return """
            State changed after \(step), but the step asserts no change: (− expected, + actual)

            \(difference)

            \(fix)
            """
    }

    static func nonExhaustiveMismatch(step: String, difference: String) -> String {
        """
        State after \(step) does not match the expectation: (− expected, + actual)

        \(difference)

        With `exhaustivity: .off` the closure is applied to the actual state and checks only what \
        it assigns: assign absolute values (`$0.count = 2`), not relative ones (`$0.count += 1`).
        """
    }

    static func noChange(step: String) -> String {
        """
        Expected the state to change after \(step), but it did not, and the closure changed nothing. \
        Remove the closure when a step changes no state.
        """
    }

    static func closureThrew(step: String, error: any Error) -> String {
        "The closure of \(step) threw an error: \(error)"
    }

    static func unexpectedMutation(difference: String) -> String {
        """
        Received an unexpected mutation: (− expected, + received)

        \(difference)

        Receive the mutations in the order they arrive, or \(exhaustivityHint).
        """
    }

    static func notMatching(_ mutation: Any, step: String, what: String) -> String {
        """
        Received \(describe(mutation)), which does not match \(what) of this \(step).
        Receive the mutations in the order they arrive, or \(exhaustivityHint).
        """
    }

    static func runningStream(startedBy step: String) -> String {
        """
        A `mutate` stream started by \(step) is still running at the end of the test.
        Let it finish before the test ends: receive what it emits (advance the test scheduler with \
        `store.advance(by:)` if it waits on virtual time), complete what it waits for, or \(exhaustivityHint).
        """
    }

    static func runningStreams(unattributed number: Int) -> String {
        """
        \(count(number, "`mutate` stream")) for actions not sent through the store \(number == 1 ? "is" : "are") \
        still running at the end of the test.
        Let \(number == 1 ? "it" : "them") finish before the test ends, or \(exhaustivityHint).
        """
    }

    static let alreadyObserved = """
        The store cannot observe this reactor: another `ReactorTestStore` observes it. Use one store per \
        reactor, or let the first store go before creating the next.
        """

    static let stubbed = """
        The reactor is stubbed (`isStubEnabled`): its `mutate` and `reduce` do not run, so the store has \
        nothing to test. Test the reactor without its stub, and views with it.
        """

    static func noScheduler(_ step: String) -> String {
        """
        \(step) needs a test scheduler: create the store with `ReactorTestStore(reactor, scheduler: scheduler)` \
        and give the reactor the same scheduler.
        """
    }

    /// A spy's unexpected call, with what the step that made it saw because of it.
    static func unexpectedCall(_ call: String, consequences: [String]) -> String {
        guard !consequences.isEmpty else { return call }
        return call + "\n\nThe step also failed, probably because of that call:\n\n"
            + consequences.joined(separator: "\n\n")
    }
}
