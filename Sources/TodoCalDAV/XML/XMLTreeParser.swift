import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Parses an XML document into ``XMLNode``s with FoundationXML's `XMLParser`, namespaces
/// resolved (so any prefix, or none, names the same element), external entities never loaded.
enum XMLTreeParser {
    /// Elements nest at most this deep; a deeper document is refused (no answer can make the
    /// walks over the tree overflow the stack).
    static let maximumDepth = 128

    /// The root element of `bytes`.
    ///
    /// - Throws: ``XMLTreeError`` with what is wrong, for anything that is not well-formed XML.
    static func parse(_ bytes: [UInt8]) throws(XMLTreeError) -> XMLNode {
        guard !bytes.isEmpty else { throw XMLTreeError(reason: "the body is empty") }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        let builder = TreeBuilder()
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure { throw XMLTreeError(reason: failure) }
        guard parsed, let root = builder.root else {
            let line = parser.lineNumber
            throw XMLTreeError(reason: "malformed XML" + (line > 0 ? " at line \(line)" : ""))
        }
        return root
    }
}

/// Why a body is not XML.
struct XMLTreeError: Error, Sendable {
    /// What is wrong.
    var reason: String
}

/// Builds the tree from the parser's events.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: XMLNode?
    var failure: String?
    private var stack: [XMLNode] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard stack.count < XMLTreeParser.maximumDepth else {
            failure = "elements nested deeper than \(XMLTreeParser.maximumDepth)"
            parser.abortParsing()
            return
        }
        guard root == nil || !stack.isEmpty else {
            failure = "more than one root element"
            parser.abortParsing()
            return
        }
        var named: [String: String] = [:]
        for (key, value) in attributes {
            named[key.split(separator: ":").last.map(String.init) ?? key] = value
        }
        let local = elementName.split(separator: ":").last.map(String.init) ?? elementName
        stack.append(XMLNode(namespace: namespaceURI ?? "", name: local, attributes: named))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        guard let element = stack.popLast() else { return }
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: block, as: UTF8.self)
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if failure == nil {
            let line = parser.lineNumber
            failure = "malformed XML" + (line > 0 ? " at line \(line)" : "")
        }
    }
}
