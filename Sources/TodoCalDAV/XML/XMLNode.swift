/// An element of a parsed XML document: its namespace and local name, attributes, child
/// elements and the character data directly inside it.
struct XMLNode: Sendable, Hashable {
    /// The namespace URI (`DAV:`), or `""` for none.
    var namespace: String
    /// The local name (`href`).
    var name: String
    /// The attributes, by local name.
    var attributes: [String: String] = [:]
    /// The child elements, in order.
    var children: [XMLNode] = []
    /// The character data directly inside (CDATA included), as it was.
    var text: String = ""

    /// Whether this element is `name` in `namespace`.
    func `is`(_ name: DAVName) -> Bool { self.name == name.name && namespace == name.namespace }

    /// The first child that is `name`.
    func child(_ name: DAVName) -> XMLNode? { children.first { $0.is(name) } }

    /// The children that are `name`.
    func children(_ name: DAVName) -> [XMLNode] { children.filter { $0.is(name) } }

    /// ``text`` without the white space around it.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// The name of a WebDAV, CalDAV or CalendarServer element: a namespace and a local name.
struct DAVName: Sendable, Hashable {
    /// The namespace URI.
    var namespace: String
    /// The local name.
    var name: String

    static let dav = "DAV:"
    static let caldav = "urn:ietf:params:xml:ns:caldav"
    static let calendarServer = "http://calendarserver.org/ns/"

    static func dav(_ name: String) -> DAVName { DAVName(namespace: dav, name: name) }
    static func caldav(_ name: String) -> DAVName { DAVName(namespace: caldav, name: name) }
    static func calendarServer(_ name: String) -> DAVName { DAVName(namespace: calendarServer, name: name) }

    static let multistatus = dav("multistatus")
    static let response = dav("response")
    static let href = dav("href")
    static let status = dav("status")
    static let propstat = dav("propstat")
    static let prop = dav("prop")
    static let error = dav("error")
    static let syncToken = dav("sync-token")
    static let getetag = dav("getetag")
    static let getcontenttype = dav("getcontenttype")
    static let resourcetype = dav("resourcetype")
    static let collection = dav("collection")
    static let displayname = dav("displayname")
    static let currentUserPrincipal = dav("current-user-principal")
    static let supportedReportSet = dav("supported-report-set")
    static let syncCollection = dav("sync-collection")
    static let validSyncToken = dav("valid-sync-token")
    static let calendar = caldav("calendar")
    static let calendarData = caldav("calendar-data")
    static let calendarHomeSet = caldav("calendar-home-set")
    static let supportedCalendarComponentSet = caldav("supported-calendar-component-set")
    static let comp = caldav("comp")
    static let getctag = calendarServer("getctag")
}
