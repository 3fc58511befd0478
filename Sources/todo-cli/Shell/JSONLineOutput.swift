/// The output of one line of `todo shell --json`: what the command prints on standard output
/// is kept, then written as one line (JSON Lines), so that every result of the session is one
/// line of JSON. Standard error goes through unchanged.
///
/// A JSON document holds line breaks only between its tokens (a line break in a string is
/// written `\n`), so leaving them out keeps the same document.
final class JSONLineOutput: Output {
    private let base: Output
    private var kept: [UInt8] = []

    /// An output that keeps standard output for ``finish()`` and sends the rest to `base`.
    init(base: Output) {
        self.base = base
    }

    func out(_ text: String) { kept.append(contentsOf: text.utf8) }
    func out(bytes: [UInt8]) { kept.append(contentsOf: bytes) }
    func err(_ text: String) { base.err(text) }
    func errControl(_ sequence: String) { base.errControl(sequence) }
    func flush() {}

    /// Writes what was kept to `base` on one line (nothing when nothing was printed).
    func finish() {
        var line = kept.filter { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
        kept = []
        guard !line.isEmpty else { return }
        line.append(UInt8(ascii: "\n"))
        base.out(bytes: line)
    }
}
