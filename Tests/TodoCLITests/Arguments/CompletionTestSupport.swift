import Foundation
import TestSupport
import Testing

@testable import todo_cli

/// A temporary folder with a fake `todo` on `PATH` that records its arguments and prints three
/// todos as `todo __complete-ids` does (`ID<TAB>TITLE`), for running completion scripts.
final class CompletionSandbox {
    /// The folder; removed when the sandbox is released.
    let folder: String

    /// Creates the folder, the fake `todo` and two files to complete (`a.json`, `b.txt`).
    init() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("todo-completion.XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard mkdtemp(&bytes) != nil else { throw CocoaError(.fileWriteUnknown) }
        folder = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try FileManager.default.createDirectory(atPath: folder + "/bin", withIntermediateDirectories: true)
        let fake = """
            #!/bin/sh
            printf '%s\\n' "$*" >> '\(folder)/calls'
            printf '3\\tBuy milk\\n12\\tCall mum: today\\n31\\tPay rent\\n'

            """
        try fake.write(toFile: folder + "/bin/todo", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/bin/todo")
        try "{}".write(toFile: folder + "/a.json", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        try CompletionScript.render(for: .bash).write(toFile: folder + "/todo.bash", atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The argument lines the fake `todo` was run with.
    var calls: [String] {
        ((try? String(contentsOfFile: folder + "/calls", encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// What bash completes for `words` (the first is `todo`, the last the word being
    /// completed), run in the sandbox's folder with its fake `todo` on `PATH`.
    func complete(_ words: String...) throws -> [String] {
        try complete(words)
    }

    /// What bash completes for `words`; see ``complete(_:)-(String...)``.
    func complete(_ words: [String]) throws -> [String] {
        let quoted = words.map(CompletionScript.shellQuoted).joined(separator: " ")
        let program = """
            source ./todo.bash
            COMP_WORDS=(\(quoted))
            COMP_CWORD=\(words.count - 1)
            _todo
            for reply in "${COMPREPLY[@]}"; do printf '%s\\n' "$reply"; done
            """
        let result = try Shell.run(
            "bash", ["-c", program], in: folder,
            environment: [
                "PATH": folder + "/bin:/usr/bin:/bin", "HOME": folder,
            ])
        #expect(result.status == 0, "bash failed: \(result.error)")
        return result.output.split(separator: "\n").map(String.init)
    }
}

/// Runs shells for the completion tests.
enum Shell {
    /// Whether `name` is an executable on `PATH`.
    static func isInstalled(_ name: String) -> Bool {
        path(of: name) != nil
    }

    /// The path of the executable `name` on `PATH`.
    static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `name` with `arguments`; returns its exit status, standard output and error.
    static func run(
        _ name: String, _ arguments: [String], in folder: String? = nil, environment: [String: String]? = nil
    ) throws -> (status: Int32, output: String, error: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: path(of: name) ?? "/bin/\(name)")
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        if let environment { process.environment = environment }
        let output = ChildPipe()
        let error = ChildPipe()
        process.standardOutput = .pipe(output)
        process.standardError = .pipe(error)
        try process.run()
        let (outputData, errorData) = process.readBothToEndAndWait(output, error)
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
