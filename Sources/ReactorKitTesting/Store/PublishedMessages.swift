import Foundation
import ReactorKit

/// What a bus (or any observable) published while a ``ReactorTestStore`` tracked it, for the
/// test to assert with ``ReactorTestStore/expectPublished(_:on:timeout:fileID:filePath:line:column:)``.
///
/// Made by ``ReactorTestStore/track(_:name:)``. Only messages published after tracking starts
/// are recorded: the latest message a `MessageBus` (or `BehaviorSubject`) replays to a new
/// subscriber is not. Messages are recorded from any thread, in the order delivered.
public final class PublishedMessages<Message>: @unchecked Sendable {
    // @unchecked Sendable: every mutable field is guarded by `condition`
    /// The name failure messages use for the bus, as `itemService.events`.
    public let name: String

    private let condition = NSCondition()
    private var unasserted: [Message] = []
    private var replayThread: pthread_t?
    private var subscription: Disposable?

    init<Source: ObservableConvertibleType>(_ source: Source, name: String) where Source.Element == Message {
        self.name = name
        locked { replayThread = pthread_self() }
        let subscription = source.asObservable().subscribe(onNext: { [weak self] message in
            self?.record(message)
        })
        locked {
            replayThread = nil
            self.subscription = subscription
        }
    }

    deinit {
        subscription?.dispose()
    }

    /// The messages published and not asserted yet, oldest first.
    public var messages: [Message] {
        locked { unasserted }
    }

    /// Stops recording.
    func stop() {
        let subscription = locked {
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.dispose()
    }

    /// Removes and returns the oldest `count` unasserted messages.
    func removeFirst(_ count: Int) -> [Message] {
        locked {
            let taken = Array(unasserted.prefix(count))
            unasserted.removeFirst(taken.count)
            return taken
        }
    }

    /// Blocks until `isSatisfied` holds for the unasserted messages, or `deadline` passes;
    /// returns whether it held.
    func wait(until deadline: ContinuousClock.Instant, for isSatisfied: ([Message]) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !isSatisfied(unasserted) {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    private func record(_ message: Message) {
        condition.lock()
        defer { condition.unlock() }
        // The replay of a BehaviorSubject-style bus arrives on the subscribing thread, inside
        // `subscribe`: it was published before tracking started.
        if let replayThread, pthread_equal(replayThread, pthread_self()) != 0 { return }
        unasserted.append(message)
        condition.broadcast()
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return body()
    }
}

/// The store's view of a tracker whatever its message type: for the checks of exhaustive stores.
protocol TrackedPublications: AnyObject {
    var name: String { get }
    /// Removes and returns every unasserted message.
    func takeUnasserted() -> [Any]
    func stop()
}

extension PublishedMessages: TrackedPublications {
    func takeUnasserted() -> [Any] {
        locked {
            defer { unasserted = [] }
            return unasserted
        }
    }
}
