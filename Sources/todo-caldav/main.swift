// todo-caldav: the helper `todo sync` starts for a sync, serving its transport (TodoSync's
// TransportServer) on standard input and output, so that `todo` itself never loads networking
// or XML. Not a command for people: `todo sync` runs it.
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

TransportServer.serve(
    open: { endpoint throws(SyncError) in
        if endpoint.url.lowercased().hasPrefix("file:") { return try VdirTransport(url: endpoint.url) }
        throw .settings(
            key: "sync.url", problem: "CalDAV is not built into this todo-caldav", fix: "use a file:/// folder")
    },
    discover: { endpoint throws(SyncError) in
        throw .settings(
            key: "sync.url", problem: "CalDAV is not built into this todo-caldav", fix: "use a file:/// folder")
    })
