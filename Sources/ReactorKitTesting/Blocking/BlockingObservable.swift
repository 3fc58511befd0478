import Foundation
import ReactorKit

/// A sequence with blocking operators, as RxBlocking's: each one subscribes, blocks the
/// current thread until the sequence has answered, and returns (or throws) the answer.
///
/// Make one with ``ReactorKit/ObservableConvertibleType/toBlocking(timeout:)``, from an
/// `Observable` or a trait (`Single`, `Maybe`, `Completable`, `Infallible`):
///
/// ```swift
/// #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
/// #expect(try service.fetchTitle(id: 1).toBlocking(timeout: 2).single() == "milk")
/// ```
///
/// The subscription is made on the calling thread, inside a `CurrentThreadScheduler`
/// trampoline (as RxBlocking does). While it waits, a call made on the main thread runs the
/// main run loop, so work sent to `MainScheduler` (the main dispatch queue) still runs; on
/// any other thread it simply blocks. Each operator disposes the subscription before
/// returning. Blocking is for tests and small tools; an app awaits
/// (`try await observable.values…`) instead.
public struct BlockingObservable<Element>: Sendable {
    let timeout: TimeInterval?
    let source: Observable<Element>
}

extension ObservableConvertibleType {
    /// Returns a ``BlockingObservable`` of this sequence: its operators (``BlockingObservable/toArray()``,
    /// ``BlockingObservable/first()``, ``BlockingObservable/last()``, ``BlockingObservable/single()``,
    /// ``BlockingObservable/materialize()``) block the current thread until the sequence answers.
    ///
    /// - Parameter timeout: The longest time, in seconds, an operator blocks before it throws
    ///   `RxError.timeout` (or ``MaterializedSequenceResult/failed(elements:error:)`` with it);
    ///   `nil`, the default, waits as long as it takes.
    /// - Returns: The blocking form of this sequence.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}
