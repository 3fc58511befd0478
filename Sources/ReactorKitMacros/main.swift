// The compiler plugin behind ReactorKit's `@ObservableState` and `@ObservableStateIgnored`,
// written without swift-syntax (a package dependency): it speaks the compiler's plugin
// protocol itself. The compiler starts it and sends messages on standard input — each an
// 8-byte little-endian length, then that many bytes of JSON — and reads the answers, framed
// the same way, on standard output.
//
// The expansions are small enough to write as text: `@ObservableState` adds the
// conformances the compiler asks for (`extension T: ReactorKit.ObservableState {}`, or
// nothing when `T` conforms already), and `@ObservableStateIgnored` adds nothing.
import Foundation

/// The protocol version this plugin speaks (the compiler's `expandMacroResult` answers).
let protocolVersion = 7

/// Reads exactly `count` bytes of standard input, or `nil` at its end.
func readExactly(_ count: Int) -> Data? {
    var data = Data()
    while data.count < count {
        guard let chunk = try? FileHandle.standardInput.read(upToCount: count - data.count), !chunk.isEmpty else {
            return nil
        }
        data += chunk
    }
    return data
}

/// The next message from the compiler, or `nil` when it closed the connection.
func readMessage() -> [String: Any]? {
    guard let header = readExactly(8) else { return nil }
    let size = header.enumerated().reduce(0) { $0 | (Int($1.element) << (8 * $1.offset)) }
    guard let body = readExactly(size) else { return nil }
    return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
}

/// Sends `message` to the compiler.
func send(_ message: [String: Any]) {
    guard let body = try? JSONSerialization.data(withJSONObject: message) else { return }
    var size = UInt64(body.count).littleEndian
    let header = withUnsafeBytes(of: &size) { Data($0) }
    FileHandle.standardOutput.write(header + body)
}

/// The source an attached macro expands to.
func expansion(of request: [String: Any]) -> String {
    let macro = request["macro"] as? [String: Any]
    guard macro?["typeName"] as? String == "ObservableStateMacro", request["macroRole"] as? String == "extension",
        let type = (request["extendedTypeSyntax"] as? [String: Any])?["source"] as? String,
        let list = (request["conformanceListSyntax"] as? [String: Any])?["source"] as? String,
        let colon = list.firstIndex(of: ":"), let brace = list.lastIndex(of: "{"), colon < brace
    else {
        return ""  // @ObservableStateIgnored, or a type that conforms already
    }
    let conformances = list[list.index(after: colon)..<brace].trimmingCharacters(in: .whitespacesAndNewlines)
    return "extension \(type.trimmingCharacters(in: .whitespacesAndNewlines)): \(conformances) {}"
}

while let message = readMessage() {
    if message["getCapability"] != nil {
        send(["getCapabilityResult": ["capability": ["protocolVersion": protocolVersion]]])
    } else if let request = message["expandAttachedMacro"] as? [String: Any] {
        send(["expandMacroResult": ["expandedSource": expansion(of: request), "diagnostics": [Any]()]])
    } else {
        send(["expandMacroResult": ["expandedSource": "", "diagnostics": [Any]()]])
    }
}
