/// `todo --version`: prints the version (``TodoCommand/version``), never acting.
struct VersionCommand: TextCommand {
    /// The version and a new line.
    var text: String { TodoCommand.version + "\n" }
}
