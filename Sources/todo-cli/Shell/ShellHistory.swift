import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines typed at `todo shell`'s prompt on a terminal, kept between sessions in
/// `shell-history`, in todo's data folder: `$XDG_DATA_HOME/todo/` (when absolute), else
/// `~/.local/share/todo/` — the same folder for every store.
///
/// One line per entry, UTF-8, oldest first; at most ``limit`` entries (the oldest go first),
/// a line longer than ``longestEntry`` bytes is not kept. The file is readable by its owner
/// only (`0600`, set again when found otherwise), in a folder created `0700`. Each line is
/// appended as it is run, so that two shells at once both keep theirs.
final class ShellHistory {
    /// The most entries kept.
    static let limit = 1000
    /// The longest line kept, in UTF-8 bytes.
    static let longestEntry = 4096
    /// The file's name, in todo's data folder.
    static let fileName = "shell-history"

    /// The history file.
    let path: String
    /// The most entries kept here (``limit`` but in tests).
    let limit: Int
    /// How many entries the file holds, as far as this process knows.
    private var count = 0

    /// The history in the file at `path`, keeping at most `limit` entries.
    init(path: String, limit: Int = ShellHistory.limit) {
        self.path = path
        self.limit = limit
    }

    /// The history file's path for `environment`; `nil` when neither `XDG_DATA_HOME` (absolute)
    /// nor `HOME` says where the data folder is.
    static func path(environment: [String: String]) -> String? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return join(data, "todo/" + fileName)
        }
        if let home = environment["HOME"], !home.isEmpty {
            return join(home, ".local/share/todo/" + fileName)
        }
        return nil
    }

    /// The entries, oldest first (none when there is no file yet); a file holding more than
    /// the limit is cut down to it, and one readable by others is made private.
    ///
    /// - Throws: ``TodoError/io(file:operation:reason:)`` when the file cannot be read.
    func load() throws(TodoError) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return [] }
            throw error("read")
        }
        if info.st_mode & 0o077 != 0, chmod(path, 0o600) != 0 { throw error("protect") }
        let lines = String(decoding: try FileIO.read(path), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let entries = Array(lines.suffix(limit))
        count = lines.count
        if lines.count > limit { try rewrite(entries) }
        return entries
    }

    /// Appends `line` to the file (created when missing); cuts the file down to the limit when
    /// it holds more. A line too long, or with a line break, is not kept.
    ///
    /// - Throws: ``TodoError/io(file:operation:reason:)`` when the file cannot be written.
    func add(_ line: String) throws(TodoError) {
        guard limit > 0, line.utf8.count <= ShellHistory.longestEntry, !line.contains(where: \.isNewline) else {
            return
        }
        try makeFolder()
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw error("write") }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & 0o077 != 0, fchmod(descriptor, 0o600) != 0 {
            throw error("protect")
        }
        if let code = StandardOutput.write(Array((line + "\n").utf8), to: descriptor) {
            throw .io(file: path, operation: "write", reason: FileIO.reason(code))
        }
        count += 1
        if count > limit {
            let lines = String(decoding: try FileIO.read(path), as: UTF8.self).split(separator: "\n")
            try rewrite(lines.suffix(limit).map(String.init))
        }
    }

    /// Writes `entries` as the whole file: to a private temporary file beside it, then renamed
    /// over it (through a symbolic link, to the file it points to).
    private func rewrite(_ entries: [String]) throws(TodoError) {
        var target = path
        if let resolved = realpath(path, nil) {
            target = String(cString: resolved)
            free(resolved)
        }
        let temporary = target + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw error("write") }
        let text = entries.map { $0 + "\n" }.joined()
        let failure = StandardOutput.write(Array(text.utf8), to: descriptor)
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw .io(file: path, operation: "write", reason: FileIO.reason(failure))
        }
        guard rename(temporary, target) == 0 else {
            let failed = error("write")
            unlink(temporary)
            throw failed
        }
        count = entries.count
    }

    /// Creates the folders above the file that are missing, readable by their owner only.
    private func makeFolder() throws(TodoError) {
        var folder = path.hasPrefix("/") ? "" : "."
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).dropLast()
        for part in parts {
            folder += "/" + part
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                throw .io(file: folder, operation: "create the folder", reason: FileIO.reason(errno))
            }
        }
    }

    private func error(_ operation: String) -> TodoError {
        .io(file: path, operation: operation, reason: FileIO.reason(errno))
    }

    private static func join(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }
}
