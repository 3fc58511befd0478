/// The XML bodies of the WebDAV and CalDAV requests the transport sends.
enum DAVRequestBody {
    private static let header = #"<?xml version="1.0" encoding="utf-8"?>"#

    /// A `PROPFIND` for the properties `names`.
    static func propfind(_ names: [DAVName]) -> String {
        header + #"<D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" "#
            + #"xmlns:CS="http://calendarserver.org/ns/"><D:prop>"# + names.map(element).joined()
            + "</D:prop></D:propfind>"
    }

    /// A `sync-collection` REPORT (RFC 6578) from `token` (`nil`: the initial, full listing).
    static func syncCollection(token: String?, properties: [DAVName]) -> String {
        header + #"<D:sync-collection xmlns:D="DAV:">"# + "<D:sync-token>\(escaped(token ?? ""))</D:sync-token>"
            + "<D:sync-level>1</D:sync-level><D:prop>" + properties.map(element).joined()
            + "</D:prop></D:sync-collection>"
    }

    /// A `calendar-multiget` REPORT (RFC 4791 §7.9) of `hrefs`: their etags and data.
    static func calendarMultiget(_ hrefs: [String]) -> String {
        header + #"<C:calendar-multiget xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">"#
            + "<D:prop><D:getetag/><C:calendar-data/></D:prop>"
            + hrefs.map { "<D:href>\(escaped($0))</D:href>" }.joined() + "</C:calendar-multiget>"
    }

    /// `<P:name/>` with the prefix of its namespace.
    private static func element(_ name: DAVName) -> String {
        let prefix: String
        switch name.namespace {
        case DAVName.caldav: prefix = "C"
        case DAVName.calendarServer: prefix = "CS"
        default: prefix = "D"
        }
        return "<\(prefix):\(name.name)/>"
    }

    /// `text` with `&`, `<`, `>` and quotes as entities.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
