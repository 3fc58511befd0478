import Foundation

/// The name a declaration gives the value its initializer call creates, read from the test's
/// source file: `fetchSpy` for `let fetchSpy = Spy<Int, [Todo]>()`.
///
/// A default argument of `#filePath`, `#line` and `#column` gives the location of the call's
/// opening parenthesis; what precedes it on that line, up to the `=`, is the declaration:
/// `let fetchSpy`, `private let fetchSpy: Spy<Int, [Todo]>`, `self.fetchSpy`, `fetchSpy`.
/// (`#function` would not do: in a stored property's initial value it is the enclosing type's
/// name.) Source files are read at most once each, and only when a message needs a name.
enum DeclaredName {
    private static let cache = SourceCache()

    /// The declared name at `line` of `filePath`, before `column`, or `nil` when the file
    /// cannot be read or the line declares nothing.
    static func find(filePath: String, line: Int, column: Int) -> String? {
        guard let lines = cache.lines(of: filePath), line >= 1, line <= lines.count else { return nil }
        let text = Array(lines[line - 1].utf8)
        guard column >= 1, column - 1 <= text.count else { return nil }
        var prefix = String(decoding: text[..<(column - 1)], as: UTF8.self)
        // A declaration wrapped before its value: `let fetch: Spy<Int, Int> =` on the line above.
        if !prefix.contains("="), line >= 2, lines[line - 2].trimmingCharacters(in: .whitespaces).hasSuffix("=") {
            prefix = lines[line - 2] + " " + prefix
        }
        return name(beforeCallIn: prefix)
    }

    /// The declared name in `prefix`, the text of a line up to an initializer call's `(`.
    static func name(beforeCallIn prefix: String) -> String? {
        // The last `=` outside brackets ends the declaration (`let a: [Int: Spy<A, B>] = Spy<A, B>`);
        // a type annotation starts at the first `:` outside brackets.
        let characters = Array(prefix)
        var depth = 0
        var equals: Int?
        var colon: Int?
        for (offset, character) in characters.enumerated() {
            switch character {
            case "<", "[", "(": depth += 1
            case ">" where offset > 0 && characters[offset - 1] == "-": break  // `->`
            case ">", "]", ")": depth = max(0, depth - 1)
            case "=" where depth == 0: equals = offset
            case ":" where depth == 0 && colon == nil: colon = offset
            default: break
            }
        }
        // `FakeService(fetch: Spy<…>(…))`: the call is an argument, not what the line declares.
        guard let equals, depth == 0 else { return nil }
        let end = min(equals, colon ?? equals)
        let declaration = String(characters[..<end]).trimmingCharacters(in: .whitespaces)
        let identifier = String(
            declaration.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }.reversed()
        ).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        guard let first = identifier.first, first.isLetter || first == "_" else { return nil }
        return identifier
    }
}

/// Source files read for ``DeclaredName``, as lines, each read once.
private final class SourceCache: @unchecked Sendable {
    // @unchecked Sendable: `files` is guarded by `lock`
    private let lock = NSLock()
    private var files: [String: [Substring]?] = [:]

    func lines(of path: String) -> [Substring]? {
        if let cached = lock.withLock({ files[path] }) {
            return cached
        }
        let lines = (try? String(contentsOfFile: path, encoding: .utf8)).map {
            $0.split(separator: "\n", omittingEmptySubsequences: false)
        }
        lock.withLock { files[path] = lines }
        return lines
    }
}
