#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Simulated file-system failures, for tests of what the store does when a disk fills up or
/// a write fails where the machine cannot make it fail for real.
///
/// ```swift
/// let storage = JSONFileTodoStorage(path: path, faults: StoreFaults(failing: .write, with: ENOSPC))
/// ```
public struct StoreFaults: Sendable {
    /// Where a failure can be injected.
    public enum Point: String, Sendable, CaseIterable {
        /// Writing bytes to a file.
        case write
        /// Flushing a file to disk.
        case sync
        /// Renaming a new file over the old one.
        case rename
    }

    private let point: Point?
    private let code: Int32
    private let files: String?

    /// No failures: the real file system.
    public static let none = StoreFaults(point: nil, code: 0, files: nil)

    /// Every operation at `point` fails with the `errno` value `code` (`ENOSPC`, `EIO`, …) — on
    /// every file, or only on those whose path ends with `files` (`".bak"`: the backup).
    public init(failing point: Point, with code: Int32, onFilesEndingWith files: String? = nil) {
        self.init(point: point, code: code, files: files)
    }

    private init(point: Point?, code: Int32, files: String?) {
        self.point = point
        self.code = code
        self.files = files
    }

    /// Reads `write:ENOSPC`, `sync:EIO` or `rename:EACCES`, optionally followed by the end of
    /// the paths it applies to (`write:ENOSPC:.bak`) — the `TODO_SIMULATE_FAULT` variable of
    /// the `todo` command's tests; `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", maxSplits: 2)
        guard parts.count >= 2, let point = Point(rawValue: String(parts[0])) else { return nil }
        let codes: [String: Int32] = ["ENOSPC": ENOSPC, "EIO": EIO, "EACCES": EACCES, "EROFS": EROFS, "EDQUOT": EDQUOT]
        guard let code = codes[String(parts[1])] else { return nil }
        self.init(point: point, code: code, files: parts.count == 3 ? String(parts[2]) : nil)
    }

    /// Throws the simulated failure when one is set for `point` (and `path`).
    func check(_ point: Point, path: String) throws(TodoError) {
        guard self.point == point, files.map(path.hasSuffix) ?? true else { return }
        errno = code
        throw FileSystem.ioError(path, point == .rename ? "replace" : "write")
    }
}
