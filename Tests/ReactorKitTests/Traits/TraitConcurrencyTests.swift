import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing

@Suite struct TraitConcurrencyTests {
    @Test func singleValue() async throws {
        let value = try await Single.just(42).value
        #expect(value == 42)
        await #expect(throws: TestError.self) { try await Single<Int>.error(testError).value }
    }

    @Test func maybeValue() async throws {
        let value = try await Maybe.just(1).value
        let empty = try await Maybe<Int>.empty().value
        #expect(value == 1)
        #expect(empty == nil)
        await #expect(throws: TestError.self) { try await Maybe<Int>.error(testError).value }
    }

    @Test func completableValue() async throws {
        try await Completable.empty().value
        await #expect(throws: TestError.self) { try await Completable.error(testError).value }
    }

    @Test func cancellingTheTaskDisposesTheSubscription() async {
        let disposed = Locked(false)
        let (subscribed, subscribedContinuation) = AsyncStream<Void>.makeStream()
        let task = Task {
            try await Single<Int>.create { _ in
                subscribedContinuation.yield()
                return Disposables.create { disposed.withLock { $0 = true } }
            }.value
        }
        // Cancelled while it waits, subscribed (not before it starts, however slow the machine).
        for await _ in subscribed { break }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(disposed.withLock { $0 })
    }

    @Test func singleCreateFromAsyncWork() async throws {
        let value = try await Single<Int>.create { () async throws -> Int in 7 }.value
        #expect(value == 7)
        await #expect(throws: TestError.self) {
            try await Single<Int>.create(detached: true) { () async throws -> Int in throw testError }.value
        }
    }

    @Test func infallibleValues() async {
        var received: [Int] = []
        for await value in Infallible.of(1, 2, 3).values {
            received.append(value)
        }
        #expect(received == [1, 2, 3])
    }

    @Test func infallibleFromAsyncBlock() async {
        var received: [Int] = []
        for await value in Infallible<Int>.from({ 5 }).values {
            received.append(value)
        }
        #expect(received == [5])
    }
}
