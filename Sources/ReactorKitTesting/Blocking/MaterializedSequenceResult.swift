/// How a sequence seen through ``BlockingObservable/materialize()`` ended, with the elements it
/// sent until then.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after sending `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` (`RxError.timeout` when the blocking operator gave up
    /// waiting) after sending `elements`.
    case failed(elements: [T], error: any Error)
}

extension MaterializedSequenceResult: Sendable where T: Sendable {}
