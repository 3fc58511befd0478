import Foundation
import TestSupport
import Testing

@testable import todo_cli

/// `Scripts/install.sh` run into a temporary `PREFIX` with the `todo` the tests built
/// (`TODO_BINARY`, so that no second release build runs): every file lands where the shells and
/// `man` look, and `--uninstall` takes them away.
@Suite struct InstallScriptTests {
    let sandbox: CompletionSandbox
    var prefix: String { sandbox.folder + "/prefix" }

    /// The files the script installs, relative to the prefix.
    static let files = [
        "bin/todo", "bin/todo-caldav", "share/man/man1/todo.1", "share/bash-completion/completions/todo",
        "share/zsh/site-functions/_todo", "share/fish/vendor_completions.d/todo.fish",
    ]

    /// The script, in the repository this test file is in.
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts/install.sh").path

    /// A `PATH` with the system's tools but not the prefix.
    static let systemPath = "/usr/local/bin:/usr/bin:/bin"

    init() throws {
        sandbox = try CompletionSandbox()
        try FileManager.default.createDirectory(atPath: sandbox.folder + "/home", withIntermediateDirectories: true)
    }

    /// Runs the script with `arguments`, `PREFIX` set to the prefix (with a trailing slash, which
    /// it must take), `HOME` in the sandbox.
    func install(_ arguments: [String] = []) throws -> (status: Int32, output: String, error: String) {
        try Shell.run(
            "bash", [Self.script] + arguments, in: sandbox.folder,
            environment: [
                "PREFIX": prefix + "/", "TODO_BINARY": TodoSandbox.binary, "HOME": sandbox.folder + "/home",
                "PATH": Self.systemPath, "LANG": "C.UTF-8",
            ])
    }

    @Test func everyFileLandsAndIsWhatTodoPrints() throws {
        let result = try install()
        #expect(result.status == 0, "\(result.error)")
        for file in Self.files {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)")
            #expect(result.output.contains("Installed \(prefix)/\(file)\n"), "\(result.output)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/todo"))
        // The CalDAV helper `todo sync` starts, beside `todo`.
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/todo-caldav"))
        func contents(_ file: String) -> String? { try? String(contentsOfFile: prefix + "/" + file, encoding: .utf8) }
        #expect(contents("share/man/man1/todo.1") == ManPage.render())
        #expect(contents("share/bash-completion/completions/todo") == CompletionScript.render(for: .bash))
        #expect(contents("share/zsh/site-functions/_todo") == CompletionScript.render(for: .zsh))
        #expect(contents("share/fish/vendor_completions.d/todo.fish") == CompletionScript.render(for: .fish))
        // The prefix is not on PATH: the script says how to add it.
        #expect(result.output.contains("Note: add \(prefix)/bin to PATH"), "\(result.output)")
    }

    @Test func manFindsThePage() throws {
        guard ManPageTests.available("man") else { return }
        #expect(try install().status == 0)
        let page = prefix + "/share/man/man1/todo.1"
        let base = ["PATH": Self.systemPath, "LANG": "C.UTF-8", "HOME": sandbox.folder + "/home", "MANPAGER": "cat"]
        // With MANPATH naming the folder, and, as man-db does, from a PATH holding $PREFIX/bin.
        let withManPath = try Shell.run(
            "man", ["-w", "todo"], environment: base.merging(["MANPATH": prefix + "/share/man"]) { $1 })
        #expect(withManPath.output == page + "\n", "\(withManPath)")
        let fromPath = try Shell.run(
            "man", ["-w", "todo"], environment: base.merging(["PATH": prefix + "/bin:" + Self.systemPath]) { $1 })
        #expect(fromPath.output == page + "\n", "\(fromPath)")
        let shown = try Shell.run("man", ["-l", page], environment: base.merging(["MANWIDTH": "80"]) { $1 })
        #expect(shown.status == 0 && shown.output.contains("todo - keep a list of todos"), "\(shown.error)")
    }

    @Test func theShellsLoadTheCompletions() throws {
        #expect(try install().status == 0)
        let bash = try Shell.run(
            "bash",
            ["-c", "source \"$1\" && complete -p todo", "bash", prefix + "/share/bash-completion/completions/todo"])
        #expect(bash.output == "complete -F _todo todo\n", "\(bash)")
        if Shell.isInstalled("zsh") {
            let zsh = try Shell.run(
                "zsh",
                [
                    "-fc", "fpath=($1 $fpath); autoload -U compinit && compinit -u -D; print -r -- $_comps[todo]",
                    "zsh",
                    prefix + "/share/zsh/site-functions",
                ], environment: ["HOME": sandbox.folder + "/home", "PATH": Self.systemPath])
            #expect(zsh.output == "_todo\n", "\(zsh)")
        }
        if Shell.isInstalled("fish") {
            let fish = try Shell.run(
                "fish",
                [
                    "-c", "set -p fish_complete_path $argv[1]; complete -C 'todo sta'",
                    prefix + "/share/fish/vendor_completions.d",
                ], environment: ["HOME": sandbox.folder + "/home", "PATH": prefix + "/bin:" + Self.systemPath])
            #expect(fish.output.hasPrefix("start\t") && fish.output.contains("\nstats\t"), "\(fish)")
        }
    }

    @Test func uninstallRemovesEveryFile() throws {
        #expect(try install().status == 0)
        let result = try install(["--uninstall"])
        #expect(result.status == 0, "\(result.error)")
        for file in Self.files { #expect(!FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file)") }
        #expect(try install(["--frobnicate"]).status == 64)
    }
}
