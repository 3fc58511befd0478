import Foundation
import TestSupport
import Testing

/// Results that cannot reach standard output: a failed write (a full disk, a closed
/// descriptor) is an I/O error (74) said on standard error; a reader that stops early (`| head
/// -1`) is a quiet success.
@Suite struct OutputFailureEndToEndTests {
    let todo = TodoSandbox()

    /// What a run with standard output connected to `standardOutput` printed on standard error,
    /// and its exit code.
    func run(_ arguments: [String], standardOutput: ChildProcess.Stream) -> (status: Int32, stderr: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: TodoSandbox.binary)
        process.arguments = arguments
        process.environment = todo.environment
        let errors = ChildPipe()
        process.standardOutput = standardOutput
        process.standardError = .pipe(errors)
        do {
            try process.run()
        } catch {
            return (-1, "could not start \(TodoSandbox.binary): \(error)")
        }
        let text = errors.readToEnd()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }

    @Test(arguments: [["export"], ["--json", "ls"], ["ls"], ["add", "Another"], ["--json", "stats"]])
    func aFullDiskExits74AndSaysSo(arguments: [String]) async throws {
        await todo.run("add Buy milk")
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0, "/dev/full is needed")
        defer { close(full) }
        let result = await onOwnThread { [self] in run(arguments, standardOutput: .descriptor(full)) }
        #expect(result.status == 74, "\(arguments): \(result)")
        #expect(
            result.stderr == "Error: cannot write to standard output: no space left on the device\n",
            "\(arguments): \(result.stderr)")
    }

    @Test func aClosedStandardOutputExits74() async throws {
        await todo.run("add Buy milk")
        let before = todo.storeBytes
        for arguments in [["ls"], ["export"], ["--json", "ls"]] {
            let result = await onOwnThread { [self] in run(arguments, standardOutput: .closed) }
            #expect(result.status == 74, "\(arguments): \(result)")
            #expect(
                result.stderr == "Error: cannot write to standard output: bad file descriptor\n",
                "\(arguments): \(result.stderr)")
        }
        // Nothing the command opened took the place of standard output.
        #expect(todo.storeBytes == before)
        let added = await onOwnThread { [self] in run(["add", "Pay rent"], standardOutput: .closed) }
        #expect(added.status == 74, "\(added)")
        let listing = await todo.run("ls")
        #expect(listing.stdout == "1 [ ] Buy milk\n2 [ ] Pay rent\n", "\(listing)")
        let store = try #require(todo.storeBytes)
        #expect(!String(decoding: store, as: UTF8.self).contains("Added"))
    }

    @Test func aReaderThatStopsEarlyIsAQuietSuccess() async throws {
        let lines = (1...5000).map { "Todo number \($0) with a title long enough to fill the pipe" }
        let file = todo.folder + "/many.txt"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let imported = await todo.run(["import", file, "--format", "todotxt", "-q"])
        #expect(imported.status == 0, "\(imported)")
        for arguments in [["ls"], ["export"], ["--json", "ls"]] {
            let result = await onOwnThread { [self] () -> (status: Int32, stderr: String, first: Data) in
                let process = ChildProcess()
                process.executableURL = URL(fileURLWithPath: TodoSandbox.binary)
                process.arguments = arguments
                process.environment = todo.environment
                let output = ChildPipe()
                let errors = ChildPipe()
                process.standardOutput = .pipe(output)
                process.standardError = .pipe(errors)
                guard (try? process.run()) != nil else { return (-1, "could not start", Data()) }
                let first = output.readSome()  // like `head -1`: one read, then gone
                output.closeReadEnd()
                let text = errors.readToEnd()
                process.waitUntilExit()
                return (process.terminationStatus, String(decoding: text, as: UTF8.self), first)
            }
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "", "\(arguments)")
            #expect(!result.first.isEmpty, "\(arguments)")
        }
    }
}
