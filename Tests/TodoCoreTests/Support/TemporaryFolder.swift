import Foundation

/// A folder under the system's temporary folder, removed when released.
final class TemporaryFolder: @unchecked Sendable {
    // @unchecked Sendable: immutable
    let path: String

    init() {
        let template = NSTemporaryDirectory() + "todocore-tests.XXXXXX"
        var bytes = Array(template.utf8CString)
        path = bytes.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `name` inside the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    /// The bytes of `name`, or `nil` when it does not exist.
    func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: file(name)).map { Array($0) }
    }

    /// Writes `bytes` to `name`.
    func write(_ name: String, _ bytes: [UInt8]) {
        _ = FileManager.default.createFile(atPath: file(name), contents: Data(bytes))
    }

    /// Writes `text` to `name`.
    func write(_ name: String, _ text: String) {
        write(name, Array(text.utf8))
    }

    /// Whether `name` exists.
    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: file(name))
    }
}
