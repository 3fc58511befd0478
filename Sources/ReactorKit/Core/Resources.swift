import Synchronization

#if DEBUG
    /// Debug-build counters of live reactive resources, for finding leaks in tests.
    ///
    /// Every observable, sink and disposable created by the core counts as one resource while
    /// it is alive, like RxSwift's `Resources.total`. Because test runners execute tests in
    /// parallel, a global total only returns to its start value when nothing else runs; a
    /// ``ResourceScope`` counts just the resources created inside one scenario instead:
    ///
    /// ```swift
    /// let scope = ResourceScope()
    /// scope.track {
    ///     let bag = DisposeBag()
    ///     Observable.of(1, 2).subscribe().disposed(by: bag)
    /// }
    /// assert(scope.liveCount == 0)
    /// ```
    ///
    /// Compiled in debug builds only.
    public enum Resources {
        private static let counter = Atomic<Int32>(0)

        @TaskLocal static var currentScope: ResourceScope?

        /// The number of resources alive in the whole process.
        public static var total: Int32 {
            counter.load(ordering: .relaxed)
        }

        /// Counts one more live resource; returns the new total.
        @discardableResult
        public static func incrementTotal() -> Int32 {
            counter.add(1, ordering: .relaxed).newValue
        }

        /// Counts one less live resource; returns the new total.
        @discardableResult
        public static func decrementTotal() -> Int32 {
            counter.subtract(1, ordering: .relaxed).newValue
        }

        /// Registers a new resource and returns the scope it is attributed to.
        static func enter() -> ResourceScope? {
            incrementTotal()
            let scope = currentScope
            scope?.increment()
            return scope
        }

        /// Unregisters a resource registered by ``enter()``.
        static func leave(_ scope: ResourceScope?) {
            decrementTotal()
            scope?.decrement()
        }
    }

    /// Counts the reactive resources created while it is tracking, and still alive.
    ///
    /// Resources created inside ``track(_:)`` (on its task or thread) are attributed to the
    /// scope until they are freed, wherever that happens.
    public final class ResourceScope: Sendable {
        private let count = Atomic<Int>(0)

        /// Creates a scope with no resources.
        public init() {}

        /// The number of resources created inside the scope that are still alive.
        public var liveCount: Int {
            count.load(ordering: .acquiring)
        }

        /// Runs `body`, attributing the resources it creates to this scope.
        public func track<Result>(_ body: () throws -> Result) rethrows -> Result {
            try Resources.$currentScope.withValue(self, operation: body)
        }

        /// Runs async `body`, attributing the resources it creates to this scope.
        public func track<Result>(
            isolation: isolated (any Actor)? = #isolation,
            _ body: () async throws -> Result
        ) async rethrows -> Result {
            try await Resources.$currentScope.withValue(self, operation: body)
        }

        fileprivate func increment() {
            count.add(1, ordering: .relaxed)
        }

        fileprivate func decrement() {
            count.subtract(1, ordering: .releasing)
        }
    }
#endif
