/// What a hook is told about the command that runs it: the arguments after its input, as
/// Taskwarrior's hooks API 2 gives them — `api:2 args:… command:… rc:… data:… version:…`.
public struct HookInvocation: Sendable, Hashable {
    /// The command line as typed, the program's name first (`["todo", "add", "Buy milk"]`).
    public var arguments: [String]
    /// The command (`add`, `done`; `shell` or `ui` for a long-lived front end that does not name
    /// one).
    public var command: String
    /// The config file's path (`rc:`).
    public var configFile: String
    /// The store file's path (`data:`; Taskwarrior gives its data folder, todo's data is one file).
    public var dataFile: String
    /// The front end's version (`version:`).
    public var version: String

    /// A description of a command.
    public init(
        arguments: [String] = [], command: String = "", configFile: String = "", dataFile: String = "",
        version: String = ""
    ) {
        self.arguments = arguments
        self.command = command
        self.configFile = configFile
        self.dataFile = dataFile
        self.version = version
    }

    /// The hook's arguments: `api:2`, `args:todo add Buy milk`, `command:add`, `rc:…`, `data:…`,
    /// `version:…`.
    public var hookArguments: [String] {
        [
            "api:2", "args:" + arguments.joined(separator: " "), "command:" + command, "rc:" + configFile,
            "data:" + dataFile, "version:" + version,
        ]
    }
}
