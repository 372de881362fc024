import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads the `<loc>` entries of a sitemap with a real XML parser, so a malformed sitemap fails the test.
final class SitemapReader: NSObject, XMLParserDelegate {
    private var locations: [String] = []
    private var text = ""
    private var inLocation = false

    static func locations(_ data: Data) -> [String]? {
        let reader = SitemapReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        return parser.parse() ? reader.locations : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        inLocation = name == "loc"
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inLocation { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "loc" { locations.append(text) }
        inLocation = false
    }
}
