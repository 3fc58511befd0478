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

    /// No failures: the real file system.
    public static let none = StoreFaults(point: nil, code: 0)

    /// Every operation at `point` fails with the `errno` value `code` (`ENOSPC`, `EIO`, …).
    public init(failing point: Point, with code: Int32) {
        self.init(point: point, code: code)
    }

    private init(point: Point?, code: Int32) {
        self.point = point
        self.code = code
    }

    /// Reads `write:ENOSPC`, `sync:EIO` or `rename:EACCES` (the `TODO_SIMULATE_FAULT`
    /// variable of the `todo` command's tests); `nil` for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let point = Point(rawValue: String(parts[0])) else { return nil }
        let codes: [String: Int32] = ["ENOSPC": ENOSPC, "EIO": EIO, "EACCES": EACCES, "EROFS": EROFS, "EDQUOT": EDQUOT]
        guard let code = codes[String(parts[1])] else { return nil }
        self.init(point: point, code: code)
    }

    /// Throws the simulated failure when one is set for `point`.
    func check(_ point: Point, path: String) throws(TodoError) {
        guard self.point == point else { return }
        errno = code
        throw FileSystem.ioError(path, point == .rename ? "replace" : "write")
    }
}
