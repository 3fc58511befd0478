import Foundation
import TestSupport
import Testing

@testable import todo_cli

/// A temporary folder with a fake `todo` on `PATH` that records its arguments, prints three
/// todos as `todo __complete-ids` does (`ID<TAB>TITLE`; 3 and 31 pending, 12 done), a report and
/// an alias of the config file as `todo __complete-commands` does (``configCommands``), and three
/// tags as `todo __complete-tags` does (`shop` alone for todo 3), for running completion
/// scripts.
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
            case "$*" in
                *__complete-commands) printf 'overdue\\tLate todos\\nzz\\tRuns: todo next +today\\n' ;;
                *'__complete-tags 3') printf 'shop\\n' ;;
                *__complete-tags*) printf 'errands\\nshop\\nWork\\n' ;;
                *'__complete-filter -- +s') printf '+shop\\n' ;;
                *'__complete-filter -- du') printf 'due:\\n' ;;
                *'__complete-filter -- project:'*) printf 'project:Home\\nproject:Home.Garden\\n' ;;
                *__complete-filter*) ;;
                *'__complete-ids pending') printf '3\\tBuy milk\\n31\\tPay rent\\n' ;;
                *'__complete-ids done') printf '12\\tCall mum: today\\n' ;;
                *) printf '3\\tBuy milk\\n12\\tCall mum: today\\n31\\tPay rent\\n' ;;
            esac

            """
        try ExecutableFile.write(fake, to: folder + "/bin/todo")
        try "{}".write(toFile: folder + "/a.json", atomically: true, encoding: .utf8)
        try "x".write(toFile: folder + "/b.txt", atomically: true, encoding: .utf8)
        try CompletionScript.render(for: .bash).write(toFile: folder + "/todo.bash", atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The names the fake `todo __complete-commands` prints: a report and an alias of the config file.
    static let configCommands = ["overdue", "zz"]

    /// The argument lines the fake `todo` was run with, but `__complete-commands` (asked whenever
    /// a command's name is completed: see ``commandCalls``).
    var calls: [String] {
        allCalls.filter { !$0.hasSuffix("__complete-commands") }
    }

    /// The argument lines of the fake `todo`'s runs as `todo __complete-commands`.
    var commandCalls: [String] {
        allCalls.filter { $0.hasSuffix("__complete-commands") }
    }

    private var allCalls: [String] {
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

extension CompletionSandbox {
    /// What zsh completes for `line` (Tab at its end), in an interactive zsh on a pseudo-terminal
    /// (`zsh/zpty`) with the script in `fpath` and `compinit` run: each candidate `compadd`
    /// adds, in order.
    func completeInZsh(_ line: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder + "/zfunc", withIntermediateDirectories: true)
        try CompletionScript.render(for: .zsh).write(toFile: folder + "/zfunc/_todo", atomically: true, encoding: .utf8)
        try Self.zshSetup.replacing("FOLDER", with: folder).write(
            toFile: folder + "/setup.zsh", atomically: true, encoding: .utf8)
        try Self.zshDriver.write(toFile: folder + "/driver.zsh", atomically: true, encoding: .utf8)
        let zsh = ["zsh", "-f", folder + "/driver.zsh", folder + "/setup.zsh", line]
        // At most 30 s: a completion that never ends fails the test instead of hanging it.
        let (program, arguments) =
            Shell.isInstalled("timeout") ? ("timeout", ["30"] + zsh) : ("zsh", Array(zsh.dropFirst()))
        let result = try Shell.run(
            program, arguments, in: folder, environment: ["PATH": folder + "/bin:/usr/bin:/bin", "HOME": folder])
        #expect(result.status == 0, "zsh failed (\(result.status)): \(result.error)")
        // Lines end with "\r\n" on the terminal (one Character, a new line).
        return result.output.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// What fish completes for `line` (`complete -C`), with the script sourced: each
    /// candidate, without its description.
    func completeInFish(_ line: String) throws -> [String] {
        try CompletionScript.render(for: .fish).write(toFile: folder + "/todo.fish", atomically: true, encoding: .utf8)
        let result = try Shell.run(
            "fish", ["--no-config", "-c", "source todo.fish; complete -C \(CompletionScript.shellQuoted(line))"],
            in: folder, environment: ["PATH": folder + "/bin:/usr/bin:/bin", "HOME": folder])
        #expect(result.status == 0, "fish failed: \(result.error)")
        return result.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    /// Sourced by the zsh on the pseudo-terminal: no prompt, the completion system, markers
    /// (a NUL line) before and after the completion, which then ends the shell, and a `compadd`
    /// that prints what it adds.
    private static let zshSetup = """
        PROMPT=
        RPROMPT=
        fpath=(FOLDER/zfunc $fpath)
        autoload -U compinit && compinit -u -D
        bindkey '^I' complete-word
        zstyle ':completion:*' list-grouped false
        zstyle ':completion:*' insert-tab false
        todo-mark() { print -n -- $'\\0\\n' }
        compprefuncs=(todo-mark)
        comppostfuncs=(todo-mark exit)
        compadd() {
            # Calls that only compute (into arrays) are left alone.
            if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then
                builtin compadd "$@"
                return $?
            fi
            local -a added
            builtin compadd -A added "$@"
            (( $#added )) || return 1
            print -rl -- $added
        }
        print ready

        """

    /// Runs zsh on a pseudo-terminal, sources `$1` in it, types `$2` and Tab, and prints what
    /// is printed between the two markers.
    private static let zshDriver = """
        zmodload zsh/zpty || exit 3
        zpty todo zsh -f -i
        zpty -w todo "source ${(q)1}"
        local line
        integer ready=0
        repeat 200; do
            zpty -r todo line || break
            if [[ $line == ready* ]]; then
                ready=1
                break
            fi
        done
        (( ready )) || exit 4
        zpty -w -n todo "$2"$'\\t'
        integer marks=0
        while zpty -r todo line; do
            if [[ $line == *$'\\0'* ]]; then
                (( marks++ )) && break
                continue
            fi
            (( marks )) && print -r -- "${line%$'\\r'}"
        done
        zpty -d todo

        """
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
