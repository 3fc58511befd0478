import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing

/// `values`, `AsyncSequence.asObservable` and `Observable.async`; the first tests are ported
/// from RxSwift's `Observable+ConcurrencyTests.swift`.
@Suite struct ConcurrencyTests {
    // MARK: values

    @Test func valuesYieldsEveryElementThenFinishes() async throws {
        var values: [Int] = []
        for try await value in Observable.from(1...10).values {
            values.append(value)
        }
        #expect(values == Array(1...10))
    }

    @Test func valuesThrowsTheSequenceError() async {
        let source = Observable.from(1...10).map { value -> Int in
            if value > 5 { throw testError }
            return value
        }
        var values: [Int] = []
        await #expect(throws: TestError.self) {
            for try await value in source.values {
                values.append(value)
            }
        }
        #expect(values == Array(1...5))
    }

    @Test func valuesSubscribesWhenTheStreamIsCreated() {
        let subject = PublishSubject<Int>()
        let stream = subject.values
        #expect(subject.hasObservers)
        withExtendedLifetime(stream) {}
    }

    @Test func valuesThrowsCancellationErrorWhenTheConsumingTaskIsCancelledBeforeAnyEvent() async {
        let subject = PublishSubject<Int>()
        let (subscribed, subscribedContinuation) = AsyncStream<Void>.makeStream()
        let task = Task {
            let stream = subject.values
            subscribedContinuation.yield()
            do {
                for try await _ in stream {}
                return "finished"
            } catch is CancellationError {
                return "cancelled"
            } catch {
                return "\(error)"
            }
        }
        for await _ in subscribed { break }
        #expect(subject.hasObservers)
        task.cancel()
        #expect(await task.value == "cancelled")
        #expect(!subject.hasObservers)
    }

    @Test func cancellingTheConsumingTaskDisposesTheSubscription() async {
        let subject = PublishSubject<Int>()
        let (received, receivedContinuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            var values: [Int] = []
            do {
                for try await value in subject.values {
                    values.append(value)
                    receivedContinuation.yield(value)
                }
            } catch {}
            return values
        }
        var iterator = received.makeAsyncIterator()
        // Send until the consumer is subscribed and has received something.
        var first: Int?
        var next = 0
        while first == nil {
            while !subject.hasObservers { await Task.yield() }
            subject.onNext(next)
            next += 1
            first = await iterator.next()
        }
        #expect(subject.hasObservers)
        task.cancel()
        let values = await task.value
        #expect(values.first == first)
        #expect(!subject.hasObservers)
    }

    @Test func droppingTheStreamDisposesTheSubscription() {
        let subject = PublishSubject<Int>()
        do {
            let stream = subject.values
            #expect(subject.hasObservers)
            withExtendedLifetime(stream) {}
        }
        #expect(!subject.hasObservers)
    }

    @Test func breakingOutOfTheLoopDisposesTheSubscription() async throws {
        let subject = BehaviorSubject(value: 1)
        for try await value in subject.values {
            #expect(value == 1)
            break
        }
        #expect(!subject.hasObservers)
    }

    @Test func valuesDoesNotThrowWhenCancelledAfterCompletion() async throws {
        let task = Task {
            var values: [Int] = []
            for try await value in Observable.from(1...10).values {
                values.append(value)
            }
            return values
        }
        let values = try await task.value
        task.cancel()
        #expect(values == Array(1...10))
    }

    // MARK: AsyncSequence.asObservable

    @Test func asyncStreamAsObservableSendsEveryElementThenCompletes() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let (events, eventsContinuation) = AsyncStream<Event<Int>>.makeStream()
        let subscription = stream.asObservable().subscribe { event in
            eventsContinuation.yield(event)
            if event.isStopEvent { eventsContinuation.finish() }
        }
        continuation.yield(1)
        continuation.yield(2)
        continuation.yield(3)
        continuation.finish()
        var received: [Event<Int>] = []
        for await event in events {
            received.append(event)
        }
        #expect(received == [.next(1), .next(2), .next(3), .completed])
        subscription.dispose()
    }

    @Test(arguments: [false, true])
    func throwingAsyncSequenceErrorIsForwarded(detached: Bool) async {
        let (stream, continuation) = AsyncThrowingStream<Int, Error>.makeStream()
        let (events, eventsContinuation) = AsyncStream<Event<Int>>.makeStream()
        let subscription = stream.asObservable(detached: detached).subscribe { event in
            eventsContinuation.yield(event)
            if event.isStopEvent { eventsContinuation.finish() }
        }
        continuation.yield(1)
        continuation.finish(throwing: testError)
        var received: [Event<Int>] = []
        for await event in events {
            received.append(event)
        }
        #expect(received == [.next(1), .error(testError)])
        subscription.dispose()
    }

    @Test func disposingCancelsTheIteratingTask() async {
        let (terminated, terminatedContinuation) = AsyncStream<Bool>.makeStream()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.onTermination = { termination in
            if case .cancelled = termination {
                terminatedContinuation.yield(true)
            } else {
                terminatedContinuation.yield(false)
            }
        }
        let (events, eventsContinuation) = AsyncStream<Event<Int>>.makeStream()
        let subscription = stream.asObservable().subscribe { eventsContinuation.yield($0) }
        continuation.yield(1)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .next(1))
        subscription.dispose()
        var terminations = terminated.makeAsyncIterator()
        #expect(await terminations.next() == true)
        // Cancellation ends the iteration as completion, which the disposed sink drops.
        continuation.yield(2)
        eventsContinuation.finish()
        #expect(await iterator.next() == nil)
    }

    // MARK: Observable.async

    @Test func asyncSendsTheResultThenCompletes() async {
        let (events, eventsContinuation) = AsyncStream<Event<Int>>.makeStream()
        let subscription = Observable<Int>.async {
            await Task.yield()
            return 42
        }
        .subscribe { event in
            eventsContinuation.yield(event)
            if event.isStopEvent { eventsContinuation.finish() }
        }
        var received: [Event<Int>] = []
        for await event in events {
            received.append(event)
        }
        #expect(received == [.next(42), .completed])
        subscription.dispose()
    }

    @Test func asyncForwardsTheThrownError() async {
        let (events, eventsContinuation) = AsyncStream<Event<Int>>.makeStream()
        let subscription = Observable<Int>.async { throw testError }
            .subscribe { event in
                eventsContinuation.yield(event)
                if event.isStopEvent { eventsContinuation.finish() }
            }
        var received: [Event<Int>] = []
        for await event in events {
            received.append(event)
        }
        #expect(received == [.error(testError)])
        subscription.dispose()
    }

    @Test func asyncRunsTheWorkOncePerSubscription() async {
        let counter = Counter()
        let observable = Observable<Int>.async { await counter.increment() }
        for expected in 1...3 {
            let value = try? await observable.values.first { _ in true }
            #expect(value == expected)
        }
    }

    #if DEBUG
        @Test func disposingCancelsTheTaskAndDeliversNothingMore() async throws {
            let (started, startedContinuation) = AsyncStream<Void>.makeStream()
            let (outcome, outcomeContinuation) = AsyncStream<String>.makeStream()
            let events = EventLog()
            let scope = ResourceScope()
            var subscription: Disposable? = scope.track {
                Observable<Int>.async {
                    startedContinuation.yield()
                    do {
                        try await Task.sleep(for: .seconds(3600))
                        outcomeContinuation.yield("not cancelled")
                    } catch is CancellationError {
                        outcomeContinuation.yield(Task.isCancelled ? "cancelled" : "CancellationError only")
                    }
                    return 1  // ignores the cancellation: must not be delivered
                }
                .subscribe { events.append($0) }
            }
            var startedIterator = started.makeAsyncIterator()
            await startedIterator.next()
            subscription?.dispose()
            subscription = nil
            var outcomeIterator = outcome.makeAsyncIterator()
            #expect(await outcomeIterator.next() == "cancelled")
            // The sink is freed once the task has finished; it must have sent nothing.
            _ = await Patience.waitUntil { scope.liveCount == 0 }
            #expect(scope.liveCount == 0)
            #expect(events.events.isEmpty)
        }
    #endif

    @Test @MainActor func asyncWorkFormedOnTheMainActorRunsThere() async throws {
        let reactor = MainActorReactor()
        var values: [Bool] = []
        for try await value in reactor.mutate().values {
            values.append(value)
        }
        #expect(values == [true])
    }

    @Test func asyncWorkMayCaptureANonSendableReactor() async throws {
        let reactor = NonSendableReactor()
        let value = try await reactor.mutate().values.first { _ in true }
        #expect(value == 3)
    }
}

/// A main-actor reactor: its `Observable.async` work runs on the main actor.
@MainActor
private final class MainActorReactor {
    var items = [1, 2]

    func mutate() -> Observable<Bool> {
        Observable.async {
            MainActor.assertIsolated()
            return self.items.count == 2
        }
    }
}

/// A non-Sendable class, like a reactor, whose `mutate` uses `Observable.async` capturing `self`.
private final class NonSendableReactor {
    var items = [1, 2, 3]

    func fetchCount() async -> Int {
        items.count
    }

    func mutate() -> Observable<Int> {
        Observable.async { await self.fetchCount() }
    }
}

private actor Counter {
    private var count = 0

    func increment() -> Int {
        count += 1
        return count
    }
}

private final class EventLog: @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = NSLock()
    private var storage: [Event<Int>] = []

    var events: [Event<Int>] {
        lock.withLock { storage }
    }

    func append(_ event: Event<Int>) {
        lock.withLock { storage.append(event) }
    }
}
