import TodoCore
import TodoSync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `todo sync --setup URL [--user NAME] [--collection NAME]`: finds the collections of a CalDAV
/// server that hold todos (RFC 6764 discovery, through the `todo-caldav` helper), checks the
/// credentials, and writes `sync.url` (and `sync.username`) to the config file; for a
/// `file:///` URL, makes the folder if it is not there and writes `sync.url`.
struct SyncSetup: Equatable, Sendable {
    /// The server's (or a collection's, or a folder's) URL.
    var url: String
    /// `--user`: the user name, written as `sync.username`.
    var user: String?
    /// `--collection`: the collection's last path segment or display name.
    var collection: String?

    func run(in context: CommandContext) -> ExitCode {
        guard let file = context.config.file else {
            context.output.err("Error: there is no config file to write: HOME is not set; set TODO_CONFIG or HOME\n")
            return .ioError
        }
        let settings: SyncSettings
        do throws(TodoConfigError) {
            // The URL as the config file would take it (plain http:// only to this machine…).
            var text = "sync.url = \(url)\n"
            if context.config.sync.allowInsecure { text += "sync.allow_insecure = yes\n" }
            if let passwordCommand = context.config.sync.passwordCommand {
                text += "sync.password_command = \(passwordCommand)\n"
            }
            if let username = user ?? context.config.sync.username { text += "sync.username = \(username)\n" }
            settings = try TodoConfig(file: file, text: text).sync
        } catch {
            let fix = error.fix.isEmpty ? "" : "; \(error.fix)"
            context.output.err("Error: --setup \(url.shownOnOneLine): \(error.problem.shownOnOneLine)\(fix)\n")
            return .config
        }
        if settings.isFolder { return setUpFolder(in: context, file: file) }
        let collections: [SyncCollection]
        do throws(SyncError) {
            let environment = context.terminal.environment
            let password = try SyncPassword.find(
                settings: settings, host: settings.host ?? "", environment: environment)
            let endpoint = SyncEndpoint(
                url: url, username: settings.username, password: password, allowInsecure: settings.allowInsecure)
            collections = try ProcessTransport.discover(
                endpoint, helper: try ProcessTransport.helperPath(environment: environment))
        } catch {
            return SyncCommand.fail(error, in: context)
        }
        let host = settings.host ?? url
        let todoLists = collections.filter(\.holdsTodos)
        guard let chosen = choose(among: todoLists, in: context, host: host) else { return .failure }
        do throws(TodoConfigError) {
            try TodoConfigFile(path: file).set("sync.url", to: chosen.url)
            if let user { try TodoConfigFile(path: file).set("sync.username", to: user) }
        } catch {
            context.output.err("Error: \(error.description.shownOnOneLine)\n")
            return ExitCode(error)
        }
        if context.options.json {
            context.printJSON(json(chosen: chosen.url, collections: collections, file: file) + "\n")
            return .success
        }
        var lines = ["Collections on \(host) that hold todos:"]
        for item in todoLists {
            lines.append((item == chosen ? "* " : "  ") + Self.name(of: item) + "  " + item.url)
        }
        lines.append(
            "Wrote sync.url = \(chosen.url)" + (user.map { " and sync.username = \($0)" } ?? "") + " to \(file).")
        lines.append(
            "Run todo sync to sync; the password comes from sync.password_command, ~/.netrc or TODO_SYNC_PASSWORD.")
        context.say(lines.joined(separator: "\n"))
        return .success
    }

    /// The collection `--collection` names, or the only one; `nil` (having said why) otherwise.
    private func choose(among lists: [SyncCollection], in context: CommandContext, host: String) -> SyncCollection? {
        let names = lists.map { "\(Self.segment(of: $0.url))" + ($0.displayName.map { " (\($0))" } ?? "") }
        if let collection {
            let wanted = collection.lowercased()
            if let found = lists.first(where: { Self.segment(of: $0.url) == collection })
                ?? lists.first(where: { $0.displayName == collection })
                ?? lists.first(where: {
                    $0.displayName?.lowercased() == wanted || Self.segment(of: $0.url).lowercased() == wanted
                })
            {
                return found
            }
            let known = names.isEmpty ? "none holds todos" : "those that hold todos: " + names.joined(separator: ", ")
            context.output.err(
                "Error: no collection on \(host) is named '\(collection.shownOnOneLine)' (\(known)); "
                    + "give one of those to --collection\n")
            return nil
        }
        if lists.count == 1 { return lists[0] }
        if lists.isEmpty {
            context.output.err(
                "Error: no collection on \(host) holds todos; make a task list in the server's web interface or "
                    + "another app, then run todo sync --setup again\n")
        } else {
            context.output.err(
                "Error: \(lists.count) collections on \(host) hold todos: \(names.joined(separator: ", ")); "
                    + "choose one with --collection NAME\n")
        }
        return nil
    }

    /// A folder: made if it is not there, then written as `sync.url`.
    private func setUpFolder(in context: CommandContext, file: String) -> ExitCode {
        let folder: VdirTransport
        do throws(SyncError) {
            folder = try VdirTransport(url: url)
        } catch {
            return SyncCommand.fail(error, in: context)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder.folder, withIntermediateDirectories: true)
        } catch {
            context.output.err("Error: cannot make the folder \(folder.folder.shownOnOneLine): \(error)\n")
            return .ioError
        }
        do throws(TodoConfigError) {
            try TodoConfigFile(path: file).set("sync.url", to: url)
        } catch {
            context.output.err("Error: \(error.description.shownOnOneLine)\n")
            return ExitCode(error)
        }
        if context.options.json {
            context.printJSON(json(chosen: url, collections: [], file: file) + "\n")
        } else {
            context.say("Wrote sync.url = \(url) to \(file). Run todo sync to sync with the folder \(folder.folder).")
        }
        return .success
    }

    private func json(chosen: String, collections: [SyncCollection], file: String) -> String {
        let string = TodoJSONOutput.string
        let items = collections.map { item in
            "{\"url\":\(string(item.url)),\"displayName\":\(item.displayName.map(string) ?? "null"),"
                + "\"holdsTodos\":\(item.holdsTodos)}"
        }
        return
            "{\"url\":\(string(chosen)),\"collections\":[\(items.joined(separator: ","))],\"config\":\(string(file))}"
    }

    /// A collection's last path segment: `tasks` for `https://dav.example.com/ann/tasks/`.
    static func segment(of url: String) -> String {
        url.split(separator: "/").last.map(String.init) ?? url
    }

    /// `tasks (Tasks)`: its segment and display name.
    static func name(of collection: SyncCollection) -> String {
        segment(of: collection.url) + (collection.displayName.map { " (\($0.shownOnOneLine))" } ?? "")
    }
}
