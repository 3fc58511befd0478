// todo-caldav: the helper `todo sync` starts for a sync, serving its transport (TodoSync's
// TransportServer) on standard input and output, so that `todo` itself never loads networking
// or XML. Not a command for people: `todo sync` runs it.
//
// http(s) URLs are CalDAV collections or servers (TodoCalDAV); file:// URLs are vdir folders.
import TodoCalDAV
import TodoSync

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

guard CommandLine.arguments.dropFirst().first == "serve" else {
    print("todo-caldav is the helper todo sync starts; run todo sync instead")
    exit(64)
}

/// The kind of `sync.url`.
enum Scheme {
    case folder, caldav

    init(_ url: String) throws(SyncError) {
        let lowered = url.lowercased()
        if lowered.hasPrefix("file:") {
            self = .folder
        } else if lowered.hasPrefix("https:") || lowered.hasPrefix("http:") {
            self = .caldav
        } else {
            throw .settings(
                key: "sync.url", problem: "'\(url)' is neither an http(s):// nor a file:/// URL",
                fix: "set sync.url to your CalDAV server's https:// URL or to file:///path/to/folder")
        }
    }
}

TransportServer.serve(
    open: { endpoint throws(SyncError) in
        switch try Scheme(endpoint.url) {
        case .folder: return try VdirTransport(url: endpoint.url)
        case .caldav: return try CalDAVTransport(endpoint)
        }
    },
    discover: { endpoint throws(SyncError) in
        switch try Scheme(endpoint.url) {
        case .folder:
            // A folder is its own one collection, once it can be read.
            _ = try VdirTransport(url: endpoint.url).list(since: nil)
            return [SyncCollection(url: endpoint.url, displayName: nil, holdsTodos: true)]
        case .caldav: return try CalDAVDiscovery.collections(endpoint)
        }
    })
