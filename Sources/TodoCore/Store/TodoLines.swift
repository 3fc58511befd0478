import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes the todo lines of a large snapshot on every core.
///
/// The snapshot this code writes holds one todo per line between `"todos":[` and a line
/// starting with `]` (a JSON string cannot hold a raw line break, so no todo line starts with
/// one). The lines are split into as many runs as there are cores, each decoded on its own
/// thread. Anything unexpected — a hand-written layout, a damaged line — gives `nil`, and the
/// caller decodes the document in order, which reports the problem where it is.
enum TodoLines {
    /// Below this many bytes of todos, one thread is faster than starting others.
    static let parallelThreshold = 1 << 20

    struct Decoded {
        var todos: [Todo]
        /// The offset of each todo's line.
        var offsets: [Int]
        /// The offset just after the array's closing `]`.
        var end: Int
    }

    /// The todos of the array starting at `start` (its `[`), or `nil` (see above).
    ///
    /// `releasingPages`: `bytes` map a file that is not written in place; each run gives the
    /// pages it has decoded back to the system as it goes (`MADV_DONTNEED`), so that the
    /// file's pages and the todos decoded from them are not resident at once (a page looked at
    /// again is read again from the file).
    static func decodeInParallel(
        _ bytes: UnsafeRawBufferPointer, at start: Int, releasingPages: Bool = false
    ) -> Decoded? {
        guard start + 2 < bytes.count, bytes[start] == UInt8(ascii: "["), bytes[start + 1] == 0x0A else { return nil }
        let first = start + 2
        guard let close = closingLine(bytes, from: first), close - first >= parallelThreshold else { return nil }
        // Split at line starts into runs of about the same size, and count each run's lines, so
        // that every run decodes straight into its part of the result.
        let runCount = max(1, min(System.coreCount, 8))
        var bounds = [first]
        for index in 1..<runCount {
            let target = first + (close - first) * index / runCount
            guard let lineStart = nextLineStart(bytes, after: target, before: close), lineStart > bounds.last! else {
                continue
            }
            bounds.append(lineStart)
        }
        bounds.append(close)
        var firstIndex = [0]
        for run in 0..<(bounds.count - 1) {
            firstIndex.append(firstIndex[run] + lineCount(bytes, from: bounds[run], to: bounds[run + 1]))
        }
        let total = firstIndex.last!
        let limits = bounds
        let indices = firstIndex
        let shared = SharedBytes(bytes: bytes)
        let decoded = Decoded(todos: [], offsets: [], end: close + 1)
        var result = decoded
        var failed = false
        result.offsets = [Int](repeating: 0, count: total)
        // Room beyond the todos read, so that the journal's new todos do not make the array
        // copy itself to grow.
        result.todos = [Todo](unsafeUninitializedCapacity: total + total / 16 + 16) { todoBuffer, initialized in
            result.offsets.withUnsafeMutableBufferPointer { offsetBuffer in
                let target = Target(todos: todoBuffer, offsets: offsetBuffer)
                let done = Results(count: limits.count - 1)
                DispatchQueue.concurrentPerform(iterations: limits.count - 1) { run in
                    let outcome = decodeRun(
                        shared.bytes, from: limits[run], to: limits[run + 1], isLast: run == limits.count - 2,
                        into: target, at: indices[run], capacity: indices[run + 1] - indices[run],
                        releasingPages: releasingPages)
                    done.set(outcome, at: run)
                }
                let outcomes = (0..<(limits.count - 1)).map { done.get($0) }
                if outcomes.allSatisfy(\.complete) {
                    initialized = total
                } else {
                    // Undo the runs' work: deinitialize what each run initialized.
                    for (run, outcome) in outcomes.enumerated() where outcome.initialized > 0 {
                        (todoBuffer.baseAddress! + indices[run]).deinitialize(count: outcome.initialized)
                    }
                    initialized = 0
                    failed = true
                }
            }
        }
        return failed ? nil : result
    }

    /// The offset of the `]` that starts a line after `from`.
    private static func closingLine(_ bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        var index = from
        while let newline = find(0x0A, in: bytes, from: index) {
            if newline + 1 < bytes.count, bytes[newline + 1] == UInt8(ascii: "]") { return newline + 1 }
            index = newline + 1
        }
        return nil
    }

    private static func nextLineStart(_ bytes: UnsafeRawBufferPointer, after offset: Int, before end: Int) -> Int? {
        guard let newline = find(0x0A, in: bytes, from: offset), newline + 1 < end else { return nil }
        return newline + 1
    }

    private static func lineCount(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        while index < to, let newline = find(0x0A, in: bytes, from: index), newline < to {
            count += 1
            index = newline + 1
        }
        return count
    }

    /// The offset of the first `byte` at or after `from` (libc's `memchr`).
    private static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard from < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(byte), bytes.count - from) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// What one run did: how many todos it initialized, and whether it decoded all its lines.
    struct RunOutcome {
        var initialized = 0
        var complete = false
    }

    /// Decodes the lines in `from..<to` into `target` from `index`: each a todo object then `,`
    /// and a line break — the last line of the last run without the comma.
    private static func decodeRun(
        _ bytes: UnsafeRawBufferPointer, from: Int, to: Int, isLast: Bool, into target: Target, at index: Int,
        capacity: Int, releasingPages: Bool
    ) -> RunOutcome {
        var reader = JSONReader(bytes, at: from)
        var outcome = RunOutcome()
        var pages = PageRelease(bytes, from: from, isOn: releasingPages)
        while reader.index < to {
            pages.release(before: reader.index)
            guard outcome.initialized < capacity else { return outcome }
            let lineStart = reader.index
            guard let todo = try? Todo.read(from: &reader, defaultPosition: 0, strict: true) else { return outcome }
            (target.todos.baseAddress! + index + outcome.initialized).initialize(to: todo)
            target.offsets[index + outcome.initialized] = lineStart
            outcome.initialized += 1
            let end = reader.index
            if end < to - 1, bytes[end] == UInt8(ascii: ","), bytes[end + 1] == 0x0A {
                reader = JSONReader(bytes, at: end + 2)
            } else if isLast, end == to - 1, bytes[end] == 0x0A {
                reader = JSONReader(bytes, at: to)
            } else {
                return outcome  // a layout this code did not write
            }
        }
        outcome.complete = reader.index == to && outcome.initialized == capacity
        return outcome
    }

    /// Gives a run's decoded pages of a mapped file back, a megabyte at a time: only pages
    /// wholly inside the run (its first and last pages may hold a neighbour's bytes).
    private struct PageRelease {
        static let step = 1 << 20
        static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let base: UInt
        let isOn: Bool
        /// The address up to which pages have been released (page-aligned).
        var released: UInt

        init(_ bytes: UnsafeRawBufferPointer, from: Int, isOn: Bool) {
            base = UInt(bitPattern: bytes.baseAddress)
            self.isOn = isOn && PageRelease.pageSize > 0
            let page = UInt(max(PageRelease.pageSize, 1))
            released = (base + UInt(from) + page - 1) / page * page
        }

        /// Releases the whole pages before `offset`, once a megabyte has been decoded.
        mutating func release(before offset: Int) {
            guard isOn else { return }
            let page = UInt(PageRelease.pageSize)
            let end = (base + UInt(offset)) / page * page
            guard end >= released + UInt(PageRelease.step) else { return }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: released), Int(end - released), MADV_DONTNEED)
            released = end
        }
    }

    /// Where the runs write: disjoint parts of the result's storage.
    private struct Target: @unchecked Sendable {
        // @unchecked Sendable: each run writes its own part only
        let todos: UnsafeMutableBufferPointer<Todo>
        let offsets: UnsafeMutableBufferPointer<Int>
    }

    /// What each run did, written by their threads.
    private final class Results: @unchecked Sendable {
        // @unchecked Sendable: `outcomes` is guarded by mutex
        private var outcomes: [RunOutcome]
        private let mutex = PosixMutex()

        init(count: Int) {
            outcomes = Array(repeating: RunOutcome(), count: count)
        }

        func set(_ value: RunOutcome, at index: Int) {
            mutex.withLock { outcomes[index] = value }
        }

        func get(_ index: Int) -> RunOutcome {
            mutex.withLock { outcomes[index] }
        }
    }

    /// The snapshot's bytes, read (never written) by every run while the caller waits.
    private struct SharedBytes: @unchecked Sendable {
        // @unchecked Sendable: read-only, and alive for the whole concurrentPerform
        let bytes: UnsafeRawBufferPointer
    }
}

/// What the machine offers.
enum System {
    /// The number of cores available to the process.
    static let coreCount: Int = {
        #if os(Linux)
            return Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #else
            return Int(sysconf(_SC_NPROCESSORS_ONLN))
        #endif
    }()
}
