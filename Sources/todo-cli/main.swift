import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The `todo` command: everything happens in TodoCommand; this only connects it to the process.
signal(SIGPIPE, SIG_IGN)  // a closed pipe (`todo list | head`) ends the output, not the process
// A standard descriptor closed at the start (`todo list >&-`) is taken by /dev/null opened the
// wrong way round, so that no file the command opens (the store, its lock) becomes descriptor
// 1 or 2 and gets the output, and a write there still fails (EBADF).
for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
    let opened = open("/dev/null", (descriptor == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
    if opened >= 0 && opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
    }
}
let terminal = Terminal.current()
let output = StandardOutput(errorWidth: terminal.errorLineWidth)
var code = TodoCommand.run(Array(CommandLine.arguments.dropFirst()), terminal: terminal, output: output)
output.flush()
if let failure = output.failure {
    // The results did not all reach standard output (a full disk, a closed descriptor).
    let error = TodoError.io(file: "standard output", operation: "write to", reason: FileIO.reason(failure))
    output.err("Error: \(error.cliMessage)\n")
    if code == .success { code = .ioError }
}
exit(code.rawValue)
