import Foundation

/// A stand-in for one function of a fake service: it records each call with its arguments,
/// returns what the test stubbed, and fails the test on a call nothing was stubbed for.
///
/// ```swift
/// final class FakeTaskService: TaskServiceType {
///     let fetchTasks = Spy<Int, [Todo]>()   // Input: the page
///     let delete = Spy<Int, Void>()
///
///     func fetchTasks(page: Int) throws -> [Todo] { try fetchTasks(page) }
///     func delete(id: Int) throws { try delete(id) }
/// }
///
/// let service = FakeTaskService()
/// service.fetchTasks.returnsOnce([first]).returns([])  // [first] once, then [] for every call
/// service.delete.returns(())
/// … exercise the reactor …
/// #expect(service.fetchTasks.calls == [1, 2])
/// ```
///
/// Several arguments make a tuple (`Spy<(id: Int, done: Bool), Todo>`, called as
/// `try setDone((id, done))`). Each call uses the next result queued with ``returnsOnce(_:)``
/// or ``failsOnce(with:)``; when none is queued, the standing result set with ``returns(_:)``,
/// ``fails(with:)`` or ``answers(_:)``. With neither, the call is unexpected: it is recorded,
/// the test fails once, and the call throws ``SpyError/unexpectedCall(_:)`` (or returns the
/// placeholder given to ``call(_:placeholder:)``). A new spy has nothing stubbed, so it also
/// checks that a service is *not* called.
///
/// A spy is named after the property or variable it is declared in (`fetchTasks` above, read
/// from the test's source file), so its failures say what to stub: "Stub it with
/// `fetchTasks.returns(…)`". While a ``ReactorTestStore`` runs, an unexpected call fails the
/// store's step that made the reactor call the service (the `send`, `receive` or `advance`),
/// once, together with what that step saw because of it; a call made on another thread
/// between steps fails the next step. Without a store, it fails at the line that created the
/// spy.
///
/// The spy is thread-safe: services may call it from any thread. `answers` closures run on
/// the caller's thread, outside the spy's lock.
public final class Spy<Input, Output>: @unchecked Sendable {
    // @unchecked Sendable: every mutable field is guarded by lock
    private let lock = NSLock()
    private var recordedCalls: [Input] = []  // guarded by lock
    private var rejectedCalls: [Input] = []  // guarded by lock
    private var queued: [Result<Output, any Error>] = []  // guarded by lock
    private var standing: Answer?  // guarded by lock
    private var inboxes: [WeakInbox] = []  // guarded by lock
    private var storeGivenName: String?  // guarded by lock
    private var sourceName: String??  // guarded by lock: read from the declaration once, when needed
    private let label: String?
    private let reporter: FailureReporter
    private let location: FailureLocation
    private let log: CallLog?

    private enum Answer {
        case result(Result<Output, any Error>)
        case closure((Input) throws -> Output)
    }

    private struct WeakInbox {
        weak var inbox: UnexpectedCallInbox?
    }

    /// Creates a spy with nothing stubbed.
    ///
    /// ```swift
    /// let fetchTasks = Spy<Int, [Todo]>()        // calls shown as `fetchTasks(1)`
    /// let fetchSpy = Spy<Int, [Todo]>("fetch")   // calls shown as `fetch(1)`, stubbed as `fetchSpy`
    /// ```
    ///
    /// - Parameters:
    ///   - name: How calls are written in messages and in a ``CallLog``, as `fetch` in
    ///     `fetch(1)`; by default, the name of the property or variable the spy is declared in.
    ///   - log: A log shared with other spies, to check the order of calls across them.
    ///   - fileID: The file to report a failure at; leave the default (the caller's).
    ///   - filePath: The file's full path, where the spy's declaration is read; leave the default.
    ///   - line: The line to report a failure at; leave the default.
    ///   - column: The column to report a failure at; leave the default.
    public init(
        _ name: String? = nil,
        log: CallLog? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        label = name
        self.log = log
        reporter = FailureReporter()
        location = FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// How calls are written in messages, as `fetchTasks` in `fetchTasks(1)`: the name given
    /// to ``init(_:log:fileID:filePath:line:column:)``, else the name of the property or
    /// variable the spy is declared in.
    public var name: String {
        label ?? propertyName
    }

    /// The name of the property or variable the spy is declared in, as the test writes it to
    /// stub the spy: read from its declaration, else the property a ``ReactorTestStore`` found
    /// it in, else the name given, else `spy`.
    var propertyName: String {
        let known = locked { () -> String?? in
            if let sourceName { return .some(sourceName ?? storeGivenName) }
            return nil
        }
        if let known {
            return known ?? label ?? "spy"
        }
        let read = DeclaredName.find(
            filePath: "\(location.filePath)", line: Int(location.line), column: Int(location.column))
        let name = locked { () -> String? in
            sourceName = .some(read)
            return read ?? storeGivenName
        }
        return name ?? label ?? "spy"
    }

    // MARK: - Stubbing

    /// Returns `output` from every call that has no queued result.
    @discardableResult
    public func returns(_ output: Output) -> Self {
        locked { standing = .result(.success(output)) }
        return self
    }

    /// Queues `output` for one call; queued results are used in order, before the standing one.
    @discardableResult
    public func returnsOnce(_ output: Output) -> Self {
        locked { queued.append(.success(output)) }
        return self
    }

    /// Throws `error` from every call that has no queued result.
    @discardableResult
    public func fails(with error: any Error) -> Self {
        locked { standing = .result(.failure(error)) }
        return self
    }

    /// Queues `error` to be thrown by one call.
    @discardableResult
    public func failsOnce(with error: any Error) -> Self {
        locked { queued.append(.failure(error)) }
        return self
    }

    /// Answers every call that has no queued result with `body`, given the call's input.
    ///
    /// ```swift
    /// fetchTask.answers { id in Todo(id: id, title: "task \(id)") }
    /// ```
    @discardableResult
    public func answers(_ body: @escaping (Input) throws -> Output) -> Self {
        locked { standing = .closure(body) }
        return self
    }

    /// Removes every stubbed result: from now on, every call is unexpected.
    public func rejectsCalls() {
        locked {
            queued = []
            standing = nil
        }
    }

    // MARK: - Calling

    /// Records a call with `input` and returns (or throws) its stubbed result.
    ///
    /// - Throws: The stubbed error, or ``SpyError/unexpectedCall(_:)`` when nothing is
    ///   stubbed (the test fails too).
    public func callAsFunction(_ input: Input) throws -> Output {
        guard let answer = nextAnswer(for: input) else {
            throw SpyError.unexpectedCall(callDescription(input))
        }
        switch answer {
        case .result(let result): return try result.get()
        case .closure(let body): return try body(input)
        }
    }

    /// Records a call with `input` and returns its stubbed result, or `placeholder` when
    /// nothing is stubbed (the test fails) or the stub throws (the test fails too): for
    /// services whose functions do not throw.
    public func call(_ input: Input, placeholder: @autoclosure () -> Output) -> Output {
        do {
            return try self(input)
        } catch let error as SpyError {
            _ = error  // already reported
            return placeholder()
        } catch {
            fail(
                """
                \(callDescription(input)) is stubbed to throw \(error), but its caller cannot throw; stub a result \
                instead (`\(propertyName).returns(…)`).
                """)
            return placeholder()
        }
    }

    // MARK: - Inspecting

    /// The inputs of every call so far, unexpected ones included, in order.
    public var calls: [Input] {
        locked { recordedCalls }
    }

    /// The number of calls so far.
    public var callCount: Int {
        locked { recordedCalls.count }
    }

    /// The input of the latest call.
    public var lastCall: Input? {
        locked { recordedCalls.last }
    }

    /// The inputs of the calls that had nothing stubbed, in order.
    public var unexpectedCalls: [Input] {
        locked { rejectedCalls }
    }

    /// Fails the test, with a field-by-field diff, unless the calls so far are `expected`
    /// (compared with `==` when `Input` is `Equatable`, structurally otherwise).
    ///
    /// ```swift
    /// service.setDone.expectCalls([(id: 3, done: true)])
    /// ```
    public func expectCalls(
        _ expected: [Input],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let actual = calls
        guard let difference = ValueComparison.difference(expected, actual) else { return }
        FailureReporter().report(
            "The calls to \(propertyName) differ from the expected ones: (− expected, + actual)\n\n\(difference)",
            at: FailureLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: - Internals

    /// Records the call and takes its answer; reports and records it as unexpected when there
    /// is none.
    private func nextAnswer(for input: Input) -> Answer? {
        let logged = log.map { ($0, callDescription(input)) }  // outside the lock: naming may lock
        let (answer, number) = locked { () -> (Answer?, Int) in
            recordedCalls.append(input)
            if let (log, description) = logged {
                log.append(description)
            }
            if !queued.isEmpty {
                return (.result(queued.removeFirst()), recordedCalls.count)
            }
            if standing == nil {
                rejectedCalls.append(input)
            }
            return (standing, recordedCalls.count)
        }
        if answer == nil {
            fail(
                """
                Unexpected call to \(callDescription(input)) (call #\(number)): nothing is stubbed for it.
                Stub it with `\(propertyName).returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, \
                or find out why the code under test called it.
                """)
        }
        return answer
    }

    /// Fails the test with `message`: at the running store step when a ``ReactorTestStore``
    /// takes it, else at the line that created the spy.
    private func fail(_ message: String) {
        if let inbox = UnexpectedCallInbox.current, inbox.deliver(message) {
            return
        }
        let attached = locked { inboxes.compactMap(\.inbox) }
        for inbox in attached.reversed() where inbox.deliver(message) {
            return
        }
        reporter.report(message, at: location)
    }

    /// The call as `fetchTasks(3)`, `setDone(id: 3, done: true)` or `refresh()`.
    private func callDescription(_ input: Input) -> String {
        let name = self.name
        if Input.self == Void.self {
            return "\(name)()"
        }
        let node = ValueNode(input)
        let arguments = node.inline
        if case .container(let tuple) = node, tuple.kind == .tuple {
            return name + arguments
        }
        return "\(name)(\(arguments))"
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

extension Spy: StoreAttachableSpy {
    func attach(to inbox: UnexpectedCallInbox, propertyName: String?) {
        locked {
            inboxes.removeAll { $0.inbox == nil || $0.inbox === inbox }
            inboxes.append(WeakInbox(inbox: inbox))
            if storeGivenName == nil {
                storeGivenName = propertyName
            }
        }
    }
}

extension Spy where Input == Void {
    /// Records a call and returns (or throws) its stubbed result.
    public func callAsFunction() throws -> Output {
        try self(())
    }

    /// Records a call and returns its stubbed result, or `placeholder` when nothing is stubbed.
    public func call(placeholder: @autoclosure () -> Output) -> Output {
        call((), placeholder: placeholder())
    }
}
