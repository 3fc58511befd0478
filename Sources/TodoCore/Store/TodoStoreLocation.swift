/// Where the store file is: `--file`, else `$TODO_FILE`, else `$XDG_DATA_HOME/todo/todos.json`,
/// else `~/.local/share/todo/todos.json` — the rule every front end shares.
///
/// ```swift
/// let path = try TodoStoreLocation.resolve(file: options.file, environment: environment)
/// ```
public enum TodoStoreLocation {
    /// The store file's path.
    ///
    /// - Parameters:
    ///   - file: A path given explicitly (the command line's `--file`), used as is.
    ///   - environment: The process's environment variables.
    /// - Throws: ``TodoError/io(file:operation:reason:)`` when no rule applies (no `HOME`, or a
    ///   relative one, which would put the store under whatever folder the command runs in).
    public static func resolve(file: String? = nil, environment: [String: String]) throws(TodoError) -> String {
        if let file, !file.isEmpty { return file }
        if let file = environment["TODO_FILE"], !file.isEmpty { return file }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return join(data, "todo/todos.json")
        }
        if let home = environment["HOME"], !home.isEmpty {
            guard home.hasPrefix("/") else {
                throw .io(
                    file: join(home, ".local/share/todo/todos.json"), operation: "find",
                    reason:
                        "HOME is '\(home)', not an absolute path; set HOME to an absolute path, or set TODO_FILE, or give the store's path"
                )
            }
            return join(home, ".local/share/todo/todos.json")
        }
        throw .io(
            file: "~/.local/share/todo/todos.json", operation: "find",
            reason: "HOME is not set; set HOME or TODO_FILE, or give the store's path")
    }

    /// The lock timeout from `TODO_LOCK_TIMEOUT` (seconds, a non-negative number), else 10 s.
    ///
    /// - Throws: ``TodoError/invalidLockTimeout(_:)`` for a value that is not a number of
    ///   seconds.
    public static func lockTimeout(environment: [String: String]) throws(TodoError) -> Double {
        guard let text = environment["TODO_LOCK_TIMEOUT"], !text.isEmpty else { return 10 }
        guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
            throw .invalidLockTimeout(text)
        }
        return seconds
    }

    private static func join(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }
}
