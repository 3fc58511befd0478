import ReactorKit

extension BlockingObservable {
    /// Blocks until the sequence ends and returns every element it sent.
    ///
    /// - Returns: The elements, in order.
    /// - Throws: The sequence's error, or `RxError.timeout` after the blocking timeout.
    public func toArray() throws -> [Element] {
        try materializeResult().elements()
    }

    /// Blocks until the sequence sends its first element (then disposes the subscription) or
    /// ends.
    ///
    /// - Returns: The first element, or `nil` when the sequence completed without one.
    /// - Throws: The sequence's error, if it failed before sending an element, or
    ///   `RxError.timeout` after the blocking timeout.
    public func first() throws -> Element? {
        try materializeResult(max: 1).elements().first
    }

    /// Blocks until the sequence ends and returns its last element.
    ///
    /// - Returns: The last element, or `nil` when the sequence completed without one.
    /// - Throws: The sequence's error, or `RxError.timeout` after the blocking timeout.
    public func last() throws -> Element? {
        try materializeResult().elements().last
    }

    /// Blocks until the sequence ends and returns its only element.
    ///
    /// - Returns: The one element the sequence sent.
    /// - Throws: `RxError.noElements` when it completed without one,
    ///   `RxError.moreThanOneElement` as soon as it sends a second one, the sequence's error,
    ///   or `RxError.timeout` after the blocking timeout.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// Blocks until the sequence ends and returns its only element that satisfies
    /// `predicate`.
    ///
    /// ```swift
    /// let done = try todos.toBlocking().single { $0.isDone }
    /// ```
    ///
    /// - Parameter predicate: Tests each element, on the thread that sends it.
    /// - Returns: The one element that satisfies `predicate`.
    /// - Throws: `RxError.noElements` when none does, `RxError.moreThanOneElement` as soon as
    ///   a second one does, the error `predicate` or the sequence throws, or `RxError.timeout`
    ///   after the blocking timeout.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try materializeResult(max: 2, predicate: predicate).elements()
        if elements.count > 1 {
            throw RxError.moreThanOneElement
        }
        guard let element = elements.first else {
            throw RxError.noElements
        }
        return element
    }

    /// Blocks until the sequence ends and returns how it ended, with the elements it sent:
    /// never throws.
    ///
    /// ```swift
    /// switch sequence.toBlocking().materialize() {
    /// case .completed(let elements): …
    /// case .failed(let elements, let error): …
    /// }
    /// ```
    ///
    /// - Returns: ``MaterializedSequenceResult/completed(elements:)``, or
    ///   ``MaterializedSequenceResult/failed(elements:error:)`` with the sequence's error
    ///   (`RxError.timeout` after the blocking timeout).
    public func materialize() -> MaterializedSequenceResult<Element> {
        materializeResult()
    }
}

extension BlockingObservable {
    /// Subscribes, collects the elements that satisfy `predicate` until the sequence ends or
    /// `max` of them have arrived, and blocks until then (or the timeout).
    private func materializeResult(
        max: Int? = nil, predicate: @escaping (Element) throws -> Bool = { _ in true }
    ) -> MaterializedSequenceResult<Element> {
        let gate = BlockingGate<Element>()
        let subscription = SingleAssignmentDisposable()
        let subscribe = {
            subscription.setDisposable(
                source.subscribe { event in
                    guard gate.isRunning else { return }
                    switch event {
                    case .next(let element):
                        do {
                            if try predicate(element), gate.append(element) == max {
                                gate.finish(error: nil)
                                subscription.dispose()
                            }
                        } catch {
                            gate.finish(error: error)
                            subscription.dispose()
                        }
                    case .error(let error):
                        gate.finish(error: error)
                        subscription.dispose()
                    case .completed:
                        gate.finish(error: nil)
                        subscription.dispose()
                    }
                })
        }
        if CurrentThreadScheduler.isScheduleRequired {
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                subscribe()
                return Disposables.create()
            }
        } else {
            subscribe()
        }
        let result = gate.wait(timeout: timeout)
        subscription.dispose()
        return result
    }
}

extension MaterializedSequenceResult {
    /// The elements of a completed sequence.
    ///
    /// - Throws: The error of a failed one.
    fileprivate func elements() throws -> [T] {
        switch self {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }
}
