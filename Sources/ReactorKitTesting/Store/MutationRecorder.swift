import Foundation

/// What a store's reactor did, as its probe reports it from any thread: the mutations reduced
/// (each with the state after it) and the `mutate` streams still running.
///
/// Mutations reduced on the sending thread during a store's `send` are that send's; all others
/// wait in ``received`` until the test receives them.
final class MutationRecorder<Mutation, State>: @unchecked Sendable {
    // @unchecked Sendable: every field is guarded by `condition`
    /// A mutation and the state `reduce` made of it.
    struct Entry {
        let mutation: Mutation
        let state: State
    }

    /// The test step that started a `mutate` stream.
    struct Origin {
        let step: String
        let location: FailureLocation
    }

    private let condition = NSCondition()
    private var received: [Entry] = []
    private var synchronous: [Entry] = []
    private var sendingThread: pthread_t?
    private var sendOrigin: Origin?
    /// The running `mutate` streams, by number, with the send that started each (if known).
    private var streams: [Int: Origin?] = [:]
    private var skippedStreams: Set<Int> = []
    private var stateStreamEnded = false
    /// Grows on every change, for waiters.
    private var generation = 0

    // MARK: - Fed by the probe

    func record(_ mutation: Mutation, _ state: State) {
        changing {
            let entry = Entry(mutation: mutation, state: state)
            if isOnSendingThread {
                synchronous.append(entry)
            } else {
                received.append(entry)
            }
        }
    }

    func streamChanged(_ stream: Int, isRunning: Bool) {
        changing {
            if isRunning {
                streams[stream] = isOnSendingThread ? sendOrigin : .some(nil)
            } else {
                streams[stream] = nil
                skippedStreams.remove(stream)
            }
        }
    }

    func stateStreamDidEnd() {
        changing { stateStreamEnded = true }
    }

    /// Whether the caller is the thread inside the store's `send`. Requires the lock.
    private var isOnSendingThread: Bool {
        guard let sendingThread else { return false }
        return pthread_equal(sendingThread, pthread_self()) != 0
    }

    // MARK: - Read by the store

    /// Marks the calling thread as sending an action for `origin`, until ``endSend()``.
    func beginSend(_ origin: Origin) {
        changing {
            sendingThread = pthread_self()
            sendOrigin = origin
            synchronous = []
        }
    }

    /// Ends the send and returns the mutations reduced on the sending thread during it.
    func endSend() -> [Entry] {
        changing {
            defer { synchronous = [] }
            sendingThread = nil
            sendOrigin = nil
            return synchronous
        }
    }

    /// The received mutations that the test has not received yet, oldest first.
    var pending: [Entry] {
        locked { received }
    }

    /// Removes and returns the oldest `count` pending mutations.
    func removeFirst(_ count: Int) -> [Entry] {
        changing {
            let taken = Array(received.prefix(count))
            received.removeFirst(taken.count)
            return taken
        }
    }

    /// Removes and returns every pending mutation.
    func removeAll() -> [Entry] {
        changing {
            defer { received = [] }
            return received
        }
    }

    /// The running `mutate` streams that were not skipped, with the send that started each.
    var runningStreams: [(stream: Int, origin: Origin?)] {
        locked {
            streams.filter { !skippedStreams.contains($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        }
    }

    /// Stops counting the streams running now as running.
    func skipRunningStreams() {
        changing { skippedStreams.formUnion(streams.keys) }
    }

    /// Whether the reactor's state stream has ended.
    var hasStateStreamEnded: Bool {
        locked { stateStreamEnded }
    }

    // MARK: - Waiting

    /// A number that grows on every change.
    var changeCount: Int {
        locked { generation }
    }

    /// Blocks until something changes after `changeCount` was `seen`, or `deadline` passes.
    func waitForChange(after seen: Int, until deadline: ContinuousClock.Instant) {
        condition.lock()
        defer { condition.unlock() }
        while generation == seen && condition.wait(until: deadline) {}
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }

    private func changing<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        defer {
            generation += 1
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}
