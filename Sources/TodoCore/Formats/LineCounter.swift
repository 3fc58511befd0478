/// Line numbers of increasing byte offsets in a buffer, counted once from the last one asked.
struct LineCounter {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0
    private var line = 1

    /// A counter at the start of `bytes`.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The line (from 1) of `target`; offsets asked must not decrease.
    mutating func line(at target: Int) -> Int {
        let end = min(target, bytes.count)
        while offset < end {
            if bytes[offset] == 0x0A { line += 1 }
            offset += 1
        }
        return line
    }
}
