import Foundation

/// Entry point of the `todo` command.
///
/// The todo subcommands arrive with the TodoCore library; until then the command only
/// answers `--help`, `help` and `--version`, and rejects anything else as a usage error.
let arguments = Array(CommandLine.arguments.dropFirst())
exit(Command.run(arguments, output: StandardStreams()).rawValue)
