import Foundation
import Testing

/// Checks that a guide's Swift snippets are code a test compiles.
enum GuideSnippets {
    /// Expects each ```swift block of `guide` (a path from the package root) to appear in one
    /// of the files at `sources`, its lines in order and contiguous; leading white space, blank lines and
    /// imports (conditional ones too) do not count. Blocks for which `skipping` returns `true` are not checked (a
    /// package manifest, code for another platform).
    static func expectInFiles(
        guide: String, sources: [String], minimumCount: Int = 1, skipping: (String) -> Bool = { _ in false },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(guide), encoding: .utf8)
        let files = try sources.map { normalized(try String(contentsOf: URL(fileURLWithPath: $0), encoding: .utf8)) }
        let snippets = text.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```")[0] }
            .filter { !skipping($0) }
        #expect(
            snippets.count >= minimumCount, "\(guide) has fewer snippets than expected", sourceLocation: sourceLocation)
        for snippet in snippets {
            let lines = normalized(snippet)
            let found = files.contains { sourceLines in
                sourceLines.indices.contains { start in sourceLines[start...].starts(with: lines) }
            }
            #expect(
                found, "this snippet of \(guide) is in none of \(sources):\n\(snippet)", sourceLocation: sourceLocation)
        }
    }

    private static func normalized(_ text: String) -> [String] {
        text.components(separatedBy: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("import ") && !$0.hasPrefix("@testable import ") }
            .filter { !$0.hasPrefix("#if canImport(") && $0 != "#endif" }  // conditional imports
    }
}
