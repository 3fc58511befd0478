/// How much of what a reactor does a ``ReactorTestStore`` requires the test to assert.
public enum Exhaustivity: Sendable, Equatable {
    /// Every mutation must be received, every state change asserted, and every `mutate`
    /// stream finished when the test ends. The default: for unit tests of one reactor.
    case on
    /// Only what the test asserts is checked: `receive` skips mutations that do not match,
    /// update closures are applied to the actual state (they check only what they assign), and
    /// unreceived mutations and running streams are ignored. For integration tests.
    case off
}
