import Foundation
import TestSupport
import Testing

@testable import Templating

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `{{ }}` escapes for the content type of the file it is written in, chosen by the file's extension.
@Suite struct ContentTypeTests {
    static let hostile = "Tom & \"Jerry's\" <b>\u{1}\u{2028}</script>"

    static func render(_ name: String, _ template: String, others: [String: String] = [:]) throws -> String {
        var sources = others
        sources[name] = template
        let library = try TemplateLibrary(source: MemoryTemplateSource(sources))
        return try library.renderText(name, context: ["s": .text(hostile), "n": 4.01], environment: english)
    }

    @Test func extensionsChooseTheType() {
        #expect(ContentType.of(templateNamed: "pages/a.html") == .html)
        #expect(ContentType.of(templateNamed: "sitemap.xml") == .xml)
        #expect(ContentType.of(templateNamed: "partials/strings.json") == .json)
        #expect(ContentType.of(templateNamed: "sw.js") == .json)
        #expect(ContentType.of(templateNamed: "manifest.webmanifest") == .json)
        #expect(ContentType.of(templateNamed: "robots.txt") == .text)
        #expect(ContentType.of(templateNamed: "chart.svg") == .html)
        #expect(ContentType.of(templateNamed: "README") == .html)
        #expect(ContentType.of(templateNamed: "a.json/b") == .html)
        #expect(ContentType.of(templateNamed: "UPPER.XML") == .xml)
    }

    @Test func htmlEscapesTheFiveCharacters() throws {
        #expect(
            try Self.render("a.html", "{{ s }}")
                == "Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;\u{1}\u{2028}&lt;/script&gt;")
    }

    /// XML also drops the controls XML 1.0 forbids, so the file always parses.
    @Test func xmlEscapesAndDropsForbiddenCharacters() throws {
        let output = try Self.render("a.xml", "<t a=\"{{ s }}\">{{ s }}</t>")
        let escaped = "Tom &amp; &quot;Jerry&#39;s&quot; &lt;b&gt;\u{2028}&lt;/script&gt;"
        #expect(output == "<t a=\"\(escaped)\">\(escaped)</t>")
        let parser = XMLParser(data: Data(output.utf8))
        #expect(parser.parse())
    }

    /// JSON: the inside of a string, safe in a `<script>` element; the JSON parses back to the same text.
    @Test func jsonEscapesTheInsideOfAString() throws {
        let output = try Self.render("a.json", #"{"s": "{{ s }}", "n": {{ n }}}"#)
        #expect(!output.contains("<") && !output.contains("\u{2028}"))
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(parsed["s"] as? String == Self.hostile)
        #expect((parsed["n"] as? NSNumber)?.doubleValue == 4.01)
    }

    @Test func textEscapesNothing() throws {
        #expect(try Self.render("a.txt", "{{ s }}") == Self.hostile)
    }

    /// A JSON partial included inside an HTML `<script>` element escapes for JSON, as its own file says.
    @Test func anIncludedFileKeepsItsOwnType() throws {
        let output = try Self.render(
            "page.html", #"<p>{{ s }}</p><script type="application/json">{% include "strings.json" %}</script>"#,
            others: ["strings.json": #"{"s": "{{ s }}"}"#])
        let json = try #require(
            output.components(separatedBy: "<script type=\"application/json\">").last?
                .components(separatedBy: "</script>").first)
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(parsed["s"] as? String == Self.hostile)
        #expect(output.hasPrefix("<p>Tom &amp; "))
    }

    /// Trusted markup made by Swift (`Value.html`) is printed as it is in every type.
    @Test func trustedMarkupIsNeverEscaped() throws {
        let library = try TemplateLibrary(sources: ["a.xml": "{{ m }}", "a.json": "{{ m }}"])
        for name in ["a.xml", "a.json"] {
            #expect(try library.renderText(name, context: ["m": .html("<g/>")], environment: english) == "<g/>")
        }
    }

    @Test func aFolderSourceNamesFilesByTheirPath() throws {
        let folder = ScratchFolders.make("guzzi-templates")
        try FileManager.default.createDirectory(atPath: folder + "/partials", withIntermediateDirectories: true)
        try "{{ s }}".write(toFile: folder + "/partials/a.xml", atomically: false, encoding: .utf8)
        try "{{ x.y }}".write(toFile: folder + "/b.txt", atomically: false, encoding: .utf8)
        let source = DirectoryTemplateSource(directory: folder)
        #expect(try source.templates().map(\.name) == ["b.txt", "partials/a.xml"])
        let library = try TemplateLibrary(source: source)
        #expect(try library.renderText("partials/a.xml", context: ["s": "<"], environment: english) == "&lt;")
        #expect {
            _ = try library.renderText("b.txt", context: ["x": [:]], environment: english)
        } throws: { error in
            (error as? TemplateError)?.file == folder + "/b.txt"
        }
    }
}
