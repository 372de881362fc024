/// What a template produces, decided by its file's extension, and so how `{{ }}` escapes text in it.
///
/// Why by extension: the sitemap, `robots.txt`, the JSON a page embeds, the web app manifest and the offline
/// worker are templates like the pages, and each needs its own escaping; a template cannot forget to choose one.
/// Text is escaped by the type of the file the tag is written in, also when that file is included in a file of
/// another type (a `.json` partial inside an HTML `<script>` element escapes for JSON).
public enum ContentType: String, Sendable, CaseIterable {
    /// `& < > " '` become entities: safe in element text and quoted attributes.
    case html
    /// The same five entities, and characters XML 1.0 forbids are dropped, so the file always parses.
    case xml
    /// The inside of a JSON string: quotes, backslashes and controls escaped, and `<`, `>`, `&`, U+2028 and
    /// U+2029 too, so the JSON is also safe inside a `<script>` element. The template writes the quotes. Also the
    /// type of scripts (`.js`) and web app manifests (`.webmanifest`): a JSON string is a JavaScript string.
    case json
    /// Nothing is escaped (`robots.txt`).
    case text

    /// The type of a template from its name: `.xml`, `.json` (and `.js`, `.webmanifest`) and `.txt` files are XML,
    /// JSON and plain text; every other template (`.html`, `.svg`, anything unknown) is escaped for HTML, the safe
    /// default.
    public static func of(templateNamed name: String) -> ContentType {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return .html }
        switch name[name.index(after: dot)...].lowercased() {
        case "xml": return .xml
        case "json", "js", "webmanifest": return .json
        case "txt": return .text
        default: return .html
        }
    }

    /// Appends `text` escaped for this type.
    func append(_ text: String, to output: inout ByteBuffer) {
        switch self {
        case .html: Escaping.appendHTML(text, to: &output)
        case .xml: Escaping.appendXML(text, to: &output)
        case .json: Escaping.appendJSONStringContent(text, to: &output)
        case .text: output.append(utf8: text)
        }
    }
}
