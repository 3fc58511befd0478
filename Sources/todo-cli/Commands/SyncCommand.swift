import Dispatch
import TodoCore
import TodoSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `todo sync`: two-way sync with the vdir folder or CalDAV collection of `sync.url`
/// (TodoSync's engine); `--dry-run` says what would happen and changes nothing.
struct SyncCommand {
    /// Work out what would happen, and change nothing, here or there.
    var dryRun = false
    /// Print each todo created, changed or deleted on either side.
    var verbose = false
    /// `--setup URL`: find the collections there and write the settings instead of syncing.
    var setup: SyncSetup?
}

extension OptionSpec {
    /// `-n, --dry-run` (sync)
    static let dryRun = OptionSpec(
        long: "dry-run", short: "n", help: "Say what a sync would do, and change nothing, here or there.")
    /// `-v, --verbose` (sync)
    static let verbose = OptionSpec(
        long: "verbose", short: "v", help: "List each todo created, changed or deleted, here or there.")
    /// `--setup <url>` (sync)
    static let setup = OptionSpec(
        long: "setup", value: ValueSpec(name: "url", kind: .text),
        help: "Find the todo collections of a CalDAV server (or a folder) and write the sync settings.")
    /// `--user <name>` (sync)
    static let user = OptionSpec(
        long: "user", value: ValueSpec(name: "name", kind: .text),
        help: "The user name on the server, for --setup (written as sync.username).")
    /// `--collection <name>` (sync)
    static let collection = OptionSpec(
        long: "collection", value: ValueSpec(name: "name", kind: .text),
        help: "The collection to sync, for --setup: its last path segment or its display name.")
}

extension SyncCommand: TodoSubcommand {
    /// `todo sync [--dry-run] [--verbose]`
    static let spec = CommandSpec(
        name: "sync",
        overview: "Sync with a CalDAV collection or a vdir folder.",
        discussion: """
            sync.url in the config file says where: file:///path/to/folder for a folder of .ics \
            files (vdirsyncer, todoman, khal), or a CalDAV collection's https:// URL. Changes made \
            on either side since the last sync go to the other; a field changed on both sides \
            takes the later change and keeps the other value in an annotation. Exit codes: 69 the \
            server or folder cannot be reached, 76 it answered something that is not CalDAV or \
            iCalendar, 77 it refused the credentials, 78 the sync settings are missing or invalid.

            'todo sync --setup URL' finds the collections that hold todos on a CalDAV server \
            (from its address, as RFC 6764 discovery does), checks the credentials, and writes \
            sync.url and sync.username to the config file. The password is never written: it \
            comes from sync.password_command, ~/.netrc or TODO_SYNC_PASSWORD.

            Examples:
              todo sync --setup https://dav.example.com/ --user ann
              todo sync --setup https://dav.example.com/ --user ann --collection tasks
              todo sync --setup file:///home/ann/.calendars/tasks
              todo sync
              todo sync --dry-run
            """,
        options: [.dryRun, .verbose, .setup, .user, .collection],
        conflicts: [
            OptionConflict(first: .dryRun, second: .setup, reason: "--setup changes only the config file")
        ])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        dryRun = values.isSet(.dryRun)
        verbose = values.isSet(.verbose)
        let user = values.value(of: .user)?.text
        let collection = values.value(of: .collection)?.text
        if let url = values.value(of: .setup)?.text {
            setup = SyncSetup(url: url, user: user, collection: collection)
        } else if user != nil || collection != nil {
            throw ArgumentProblem("'--\(user != nil ? "user" : "collection")' goes with --setup URL")
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        if let setup { return setup.run(in: context) }
        let settings = context.config.sync
        guard let url = settings.url else {
            context.output.err(
                "Error: sync.url is not set; set it with todo config sync.url https://server/path/to/collection/ "
                    + "(a CalDAV collection) or todo config sync.url file:///path/to/folder (a vdir)\n")
            return .config
        }
        if let service = context.syncService, !dryRun {
            // In todo shell: through the shell's sync, so that the live counts follow.
            return report(of: service, in: context)
        }
        let transport: any SyncTransport
        do throws(SyncError) {
            transport = try Self.transport(url: url, settings: settings, environment: context.terminal.environment)
        } catch {
            return Self.fail(error, in: context)
        }
        let storage = context.provider.storageService
        let clock = context.provider.clock
        let progress = SyncProgressLine(output: context.output, isShown: context.terminal.errorIsTerminal)
        let engine = SyncEngine(
            storage: storage, state: SyncStateFile(path: SyncStateFile.path(besideStore: storage.location)),
            transport: transport, url: url,
            options: SyncEngine.Options(
                localName: Self.deviceName(), now: clock.now, utcOffset: clock.utcOffset,
                progress: { progress.show($0) }))
        let report: SyncReport
        do {
            report = try engine.sync(dryRun: dryRun)
            progress.clear()
        } catch let error as SyncError {
            progress.clear()
            return Self.fail(error, in: context)
        } catch let error as TodoError {
            progress.clear()
            return context.fail(error, command: "sync")
        } catch {
            progress.clear()
            context.output.err("Error: \(error)\n")
            return .failure
        }
        return show(report, in: context)
    }

    /// Syncs through `service` (after the sync it is running, if any) and prints the report.
    private func report(of service: SyncServiceType, in context: CommandContext) -> ExitCode {
        let done = DispatchSemaphore(value: 0)
        let outcome = SyncOutcomeBox()
        let subscription = service.sync().subscribe(
            onNext: { outcome.set(.success($0)) }, onError: { error in outcome.set(.failure(error)) },
            onDisposed: { done.signal() })
        done.wait()
        subscription.dispose()
        switch outcome.value {
        case .success(let report)?:
            return show(report, in: context)
        case .failure(let failure as SyncFailure)?:
            if let error = failure.error { return Self.fail(error, in: context) }
            if let error = failure.storeError { return context.fail(error, command: "sync") }
            context.output.err("Error: \(failure.message.shownOnOneLine)\n")
            return .failure
        case .failure(let error)?:
            context.output.err("Error: \(error)\n")
            return .failure
        case nil:
            return .failure
        }
    }

    /// Prints what a sync did; 76 when it skipped resources it could not read.
    private func show(_ report: SyncReport, in context: CommandContext) -> ExitCode {
        if context.options.json {
            context.printJSON(SyncReportJSON.json(report, dryRun: dryRun) + "\n")
        } else {
            let text = SyncReportText(report: report, dryRun: dryRun, verbose: verbose || dryRun)
            // The summary stays one line, for scripts that look for it; the rest is wrapped.
            if !context.options.quiet { context.output.out(text.summary.shownOnOneLine + "\n") }
            if !text.details.isEmpty { context.say(text.details) }
        }
        for skipped in report.skipped {
            context.output.err("Error: \(skipped.href): \(skipped.reason); it was left as it is there\n")
        }
        return report.skipped.isEmpty ? .success : .protocolError
    }

    /// The transport for `url`: a folder here, or the CalDAV helper.
    static func transport(
        url: String, settings: SyncSettings, environment: [String: String]
    ) throws(SyncError) -> any SyncTransport {
        // Plain http:// to another machine is refused when the config is read (78).
        var settings = settings
        settings.url = url
        return try SyncConnector(settings: settings, environment: environment).open()
    }

    /// This machine's name, for conflict annotations (`sync conflict: due was … on laptop`).
    static func deviceName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "this device" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "this device" : name
    }

    static func fail(_ error: SyncError, in context: CommandContext) -> ExitCode {
        context.output.err("Error: \(error.description.shownOnOneLine)\n")
        return ExitCode(error)
    }
}

/// The outcome of a sync run through the shell's sync service, set on its thread and read on
/// the shell's.
private final class SyncOutcomeBox: @unchecked Sendable {
    // @unchecked Sendable: `outcome` is guarded by lock
    private let lock = PosixMutex()
    private var outcome: Result<SyncReport, any Error>?

    func set(_ outcome: Result<SyncReport, any Error>) { lock.withLock { self.outcome = outcome } }

    var value: Result<SyncReport, any Error>? { lock.withLock { outcome } }
}
