import Foundation
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The hand-written JSON reader and writer, and the todo object they write.
@Suite struct JSONCodecTests {
    func read<T>(_ text: String, _ body: (inout JSONReader) throws(JSONError) -> T) -> Result<T, JSONError> {
        Array(text.utf8).withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            return Result { () throws(JSONError) in
                let value = try body(&reader)
                try reader.expectEnd()
                return value
            }
        }
    }

    @Test func stringsWithEveryKindOfEscape() throws {
        let text = #""a\"b\\c\/d\b\f\n\r\t \u00e9 \ud83d\ude00 ✓""#
        #expect(try read(text) { r throws(JSONError) in try r.readString() }.get() == "a\"b\\c/d\u{8}\u{c}\n\r\t é 😀 ✓")
    }

    @Test func malformedJSONIsRefusedWithItsOffset() {
        let cases: [(String, String)] = [
            (#""abc"#, "unexpected end of data in a string"),
            ("\"a\u{1}b\"", "a control character inside a string"),
            (#""\ud83d x""#, "a lone surrogate in a \\u escape"),
            (#""\x""#, "an unknown escape in a string"),
            ("[1,]", "expected a value"),
            ("[1 2]", "expected ',' or ']' in an array"),
            ("{\"a\" 1}", "expected ':' after a key"),
            ("{\"a\":1,}", "expected a key (a string in double quotes)"),
            ("01", "a malformed number"),
            ("[1] x", "unexpected data after the end of the document"),
            ("tru", "expected true"),
        ]
        for (text, message) in cases {
            let result = read(text) { r throws(JSONError) in try r.skipValue() }
            #expect(throws: JSONError.self, "\(text)") { try result.get() }
            if case .failure(let error) = result {
                #expect(error.message.hasPrefix(message), "\(text): \(error.message)")
            }
        }
    }

    @Test func invalidUTF8InAStringIsRefused() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
        let result: Result<String, JSONError> = bytes.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            return Result { () throws(JSONError) in try reader.readString() }
        }
        #expect(throws: JSONError.self) { try result.get() }
    }

    @Test func deepNestingIsRefusedNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let result = read(deep) { r throws(JSONError) in try r.skipValue() }
        #expect(throws: JSONError.self) { try result.get() }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try read(fine) { r throws(JSONError) in try r.skipValue() }.get() }
    }

    @Test func integersAreCheckedForOverflow() throws {
        func int(_ text: String) -> Result<Int, JSONError> {
            read(text) { r throws(JSONError) in try r.readInt() }
        }
        #expect(try int("9223372036854775807").get() == Int.max)
        #expect(try int("-9223372036854775808").get() == Int.min)
        #expect(throws: JSONError.self) { try int("9223372036854775808").get() }
        #expect(throws: JSONError.self) { try int("1.5").get() }
    }

    @Test func aTodoObjectCarriesEveryKeyAndReadsBack() throws {
        var todo = Todo.fixture(7, "Say \"hi\"\n\\ now", priority: .medium, due: "2030-02-01", tags: ["b", "a"])
        todo.note = "é\u{0}\u{1f}"
        todo.recurrence = .everyWeeks(2)
        todo.completedAt = nil
        let json = todo.testJSON
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(
            Set(object.keys)
                == [
                    "id", "uuid", "title", "note", "isDone", "priority", "due", "tags", "createdAt", "updatedAt",
                    "completedAt", "recurrence", "project", "wait", "scheduled", "depends", "annotations", "startedAt",
                    "status", "isBlocked", "isBlocking", "urgency",
                ])
        #expect(object["tags"] as? [String] == ["a", "b"])
        #expect(object["completedAt"] is NSNull)
        #expect(object["priority"] as? String == "medium")
        #expect(object["due"] as? String == "2030-02-01")
        #expect(object["uuid"] as? String == "00000000-0000-0000-0000-000000000007")
        // The derived keys are read over in an import (worked out again), refused in the store.
        let back = read(json) { r throws(JSONError) in
            try Todo.read(from: &r, defaultPosition: todo.position, strict: false)
        }
        #expect(try back.get() == todo)
        #expect(throws: JSONError.self) {
            try read(json) { r throws(JSONError) in try Todo.read(from: &r, defaultPosition: 0, strict: true) }.get()
        }
    }

    @Test func uuidsAreReadInEitherCaseAndCheckedDigitByDigit() {
        func parse(_ text: String) -> UUID? { Todo.parseUUID(text) }
        let lower = "6ba7b810-9dad-11d1-80b4-00c04fd430c8"
        #expect(parse(lower) == UUID(uuidString: lower))
        #expect(parse(lower.uppercased()) == UUID(uuidString: lower))
        #expect(parse("6BA7b810-9DAD-11d1-80B4-00c04FD430C8") == UUID(uuidString: lower))
        for index in lower.indices where lower[index] != "-" {
            for bad in ["g", "G", ":", "`", "@", "/", " ", "é", "\u{0}"] {
                var text = lower
                text.replaceSubrange(index...index, with: bad)
                #expect(parse(text) == nil, "\(text)")
            }
        }
        #expect(parse("6ba7b810x9dad-11d1-80b4-00c04fd430c8") == nil)
        #expect(parse("6ba7b810-9dad-11d1-80b4-00c04fd430c") == nil)
    }
}

/// The random UUID source: version 4, RFC 4122 variant, all different.
@Test func randomUUIDsAreVersionFourAndUnique() {
    var seen = Set<UUID>()
    for _ in 0..<5_000 {
        let uuid = UUIDSource.random.next()
        #expect(uuid.uuid.6 >> 4 == 4)
        #expect(uuid.uuid.8 >> 6 == 2)
        seen.insert(uuid)
    }
    #expect(seen.count == 5_000)
}
