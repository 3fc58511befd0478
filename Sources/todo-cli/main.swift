#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The `todo` command: everything happens in TodoCommand; this only connects it to the process.
signal(SIGPIPE, SIG_IGN)  // a closed pipe (`todo list | head`) ends the output, not the process
let output = StandardOutput()
let code = TodoCommand.run(Array(CommandLine.arguments.dropFirst()), terminal: .current(), output: output)
output.flush()
exit(code.rawValue)
