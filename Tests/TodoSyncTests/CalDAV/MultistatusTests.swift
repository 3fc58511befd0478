import Testing
import TodoSync

@testable import TodoCalDAV

/// The multistatus reader against hand-written answers: any prefix, white space, missing
/// properties, 404s; and malformed answers refused with the resource named.
struct MultistatusTests {
    func parse(_ text: String) throws(SyncError) -> Multistatus {
        try Multistatus(Array(text.utf8), resource: "/cal/tasks/")
    }

    @Test func prefixesDefaultNamespacesAndWhiteSpaceReadAlike() throws {
        let answers = [
            """
            <?xml version="1.0" encoding="utf-8"?>
            <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">
              <d:response>
                <d:href>
                  /cal/tasks/a.ics
                </d:href>
                <d:propstat>
                  <d:prop><d:getetag>"1"</d:getetag><cal:calendar-data>BEGIN:VCALENDAR</cal:calendar-data></d:prop>
                  <d:status>HTTP/1.1 200 OK</d:status>
                </d:propstat>
              </d:response>
              <d:sync-token> http://example.com/sync/7 </d:sync-token>
            </d:multistatus>
            """,
            """
            <multistatus xmlns="DAV:"><response><href>/cal/tasks/a.ics</href><propstat>\
            <status>HTTP/1.1 200 OK</status><prop><getetag>"1"</getetag>\
            <calendar-data xmlns="urn:ietf:params:xml:ns:caldav"><![CDATA[BEGIN:VCALENDAR]]></calendar-data>\
            </prop></propstat></response><sync-token>http://example.com/sync/7</sync-token></multistatus>
            """,
            """
            <ns0:multistatus xmlns:ns0="DAV:" xmlns:ns1="urn:ietf:params:xml:ns:caldav" xmlns:x="http://example.com/x">\
            <ns0:response><x:unknown>ignored</x:unknown><ns0:href>/cal/tasks/a.ics</ns0:href><ns0:propstat>\
            <ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>"1"</ns0:getetag>\
            <ns1:calendar-data>BEGIN:VCALENDAR</ns1:calendar-data></ns0:prop></ns0:propstat>\
            <ns0:responsedescription>fine</ns0:responsedescription></ns0:response>\
            <ns0:sync-token>http://example.com/sync/7</ns0:sync-token></ns0:multistatus>
            """,
        ]
        for answer in answers {
            let parsed = try parse(answer)
            #expect(parsed.syncToken == "http://example.com/sync/7")
            #expect(parsed.responses.count == 1)
            let response = try #require(parsed.responses.first)
            #expect(response.href == "/cal/tasks/a.ics")
            #expect(response.property(.getetag)?.trimmedText == "\"1\"")
            #expect(response.property(.calendarData)?.text == "BEGIN:VCALENDAR")
        }
    }

    @Test func aMissingEtagAndA404PropstatAreNotFound() throws {
        let parsed = try parse(
            """
            <D:multistatus xmlns:D="DAV:"><D:response><D:href>/cal/tasks/b.ics</D:href>
            <D:propstat><D:prop><D:getcontenttype>text/calendar</D:getcontenttype></D:prop>
            <D:status>HTTP/1.1 200 OK</D:status></D:propstat>
            <D:propstat><D:prop><D:getetag/></D:prop><D:status>HTTP/1.1 404 Not Found</D:status></D:propstat>
            </D:response></D:multistatus>
            """)
        let response = try #require(parsed.responses.first)
        #expect(response.property(.getetag) == nil, "a property in a 404 propstat is not found")
        #expect(response.property(.getcontenttype)?.trimmedText == "text/calendar")
        #expect(response.propstats.map(\.status) == [200, 404])
        #expect(parsed.syncToken == nil)
    }

    @Test func aRemovedMemberHasAStatusForItsHrefs() throws {
        let parsed = try parse(
            """
            <multistatus xmlns="DAV:"><response><href>/cal/tasks/gone.ics</href><href>/cal/tasks/also.ics</href>
            <status>HTTP/1.1 404 Not Found</status></response>
            <response><href>/cal/tasks/</href><status>HTTP/1.1 507 Insufficient Storage</status>
            <error><number-of-matches-within-limits/></error></response>
            <sync-token>t2</sync-token></multistatus>
            """)
        #expect(parsed.responses.map(\.status) == [404, 507])
        #expect(parsed.responses[0].hrefs == ["/cal/tasks/gone.ics", "/cal/tasks/also.ics"])
        #expect(parsed.responses[1].errors.map(\.name) == ["number-of-matches-within-limits"])
    }

    @Test func anEmptyMultistatusIsNothing() throws {
        #expect(try parse(#"<multistatus xmlns="DAV:"/>"#).responses.isEmpty)
    }

    @Test(arguments: [
        ("", "not XML"),
        ("<multistatus xmlns=\"DAV:\"><response>", "not XML"),
        ("not xml at all", "not XML"),
        ("<html><body>Service Unavailable</body></html>", "not {DAV:}multistatus"),
        ("<multistatus><response/></multistatus>", "not {DAV:}multistatus"),
        ("<D:multistatus xmlns:D=\"DAV:\"><E:response/></D:multistatus>", "not XML"),
        (
            "<multistatus xmlns=\"DAV:\"><response><status>HTTP/1.1 200 OK</status></response></multistatus>",
            "without an href"
        ),
        (
            "<multistatus xmlns=\"DAV:\"><response><href> </href><status>HTTP/1.1 200 OK</status></response></multistatus>",
            "without an href"
        ),
        ("<multistatus xmlns=\"DAV:\"><response><href>/a.ics</href></response></multistatus>", "neither"),
        (
            "<multistatus xmlns=\"DAV:\"><response><href>/a.ics</href><status>200</status></response></multistatus>",
            "not an HTTP status line"
        ),
        (
            "<multistatus xmlns=\"DAV:\"><response><href>/a.ics</href><propstat><prop/></propstat></response></multistatus>",
            "without a status"
        ),
        (
            "<multistatus xmlns=\"DAV:\"><response><href>/a.ics</href><propstat><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>",
            "without a prop"
        ),
        (
            "<multistatus xmlns=\"DAV:\"><response><href>/a.ics</href><status>HTTP/1.1 404 x</status><propstat><prop/><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>",
            "both"
        ),
        (
            "<multistatus xmlns=\"DAV:\"><response><href>/a.ics</href><href>/b.ics</href><propstat><prop/><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>",
            "several hrefs"
        ),
        (String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300), "nested deeper"),
        ("<multistatus xmlns=\"DAV:\"/><multistatus xmlns=\"DAV:\"/>", "not XML"),
    ])
    func malformedAnswersAreInvalidResponsesNamingTheRequest(_ answer: String, _ reason: String) {
        do {
            _ = try parse(answer)
            Issue.record("accepted: \(answer)")
        } catch {
            guard case .invalidResponse(let resource, let message) = error else {
                Issue.record("expected an invalid response, got \(error)")
                return
            }
            #expect(resource == "/cal/tasks/")
            #expect(message.contains(reason), "\(message)")
            #expect(error.exitCode == 76)
        }
    }

    @Test func externalEntitiesAreNotLoaded() throws {
        let answer = """
            <?xml version="1.0"?>
            <!DOCTYPE multistatus [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <multistatus xmlns="DAV:"><response><href>/a.ics&secret;</href><status>HTTP/1.1 404 x</status></response></multistatus>
            """
        if let parsed = try? parse(answer) {
            #expect(parsed.responses.first?.href == "/a.ics", "the entity stays unexpanded")
        }
    }

    @Test func requestBodiesEscapeHrefs() {
        let body = DAVRequestBody.calendarMultiget(["/cal/a&b<c>.ics"])
        #expect(body.contains("<D:href>/cal/a&amp;b&lt;c&gt;.ics</D:href>"))
        #expect(
            DAVRequestBody.syncCollection(token: nil, properties: [.getetag]).contains("<D:sync-token></D:sync-token>"))
    }
}
