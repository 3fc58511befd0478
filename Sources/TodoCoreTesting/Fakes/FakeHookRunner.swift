import ReactorKitTesting
import TodoCore

/// Hooks whose verdicts the test decides, without running any program.
///
/// ```swift
/// let hooks = FakeHookRunner()
/// hooks.runBeforeWriteSpy.fails(with: TodoError.hookRefused(hook: "on-add.check", reason: "no title"))
/// hooks.runAfterWriteSpy.returns(())
/// let provider = TodoServiceProvider(storage: InMemoryTodoStorage(), hooks: hooks)
/// … every change is refused …
/// ```
///
/// With nothing stubbed, a change that runs the hooks fails the test: stub
/// ``runBeforeWriteSpy`` (``passEveryChange()`` lets each change through as it is).
public final class FakeHookRunner: HookRunnerType, @unchecked Sendable {
    // @unchecked Sendable: immutable; the spies and the bus are thread-safe

    /// The bus the test publishes hook messages on; the fake publishes nothing itself.
    public let messages = EventBus<HookMessage>()
    /// ``runBeforeWrite(_:context:check:)``'s spy: its input is the change about to be written,
    /// its output the change as the hooks leave it; a `TodoError` it throws refuses the change.
    public let runBeforeWriteSpy = Spy<HookChange, HookChange>("runBeforeWrite")
    /// ``runAfterWrite(_:context:)``'s spy.
    public let runAfterWriteSpy = Spy<HookChange, Void>("runAfterWrite")

    /// Creates a fake with nothing stubbed.
    public init() {}

    /// Lets every change through unchanged, before and after it is written.
    public func passEveryChange() {
        runBeforeWriteSpy.answers { $0 }
        runAfterWriteSpy.returns(())
    }

    /// Calls ``runBeforeWriteSpy``; a `TodoError` it throws refuses the change.
    public func runBeforeWrite(
        _ change: HookChange, context: () -> TodoContext, check: (Todo) throws(TodoError) -> Void
    ) throws(TodoError) -> HookChange {
        do {
            return try runBeforeWriteSpy(change)
        } catch let error as TodoError {
            throw error
        } catch {
            return change  // unexpected call or another error: the spy has failed the test
        }
    }

    /// Calls ``runAfterWriteSpy``.
    public func runAfterWrite(_ change: HookChange, context: () -> TodoContext) {
        runAfterWriteSpy.call(change, placeholder: ())
    }
}
