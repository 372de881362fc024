import Foundation
import Testing

@testable import Site

/// No dataset value may inject markup or script: hostile names, texts and URLs come out escaped or refused.
@Suite struct EscapingTests {
    /// A one-bike dataset in the Guzzi Tracker schema with the given hostile values.
    static func dataset(name: String, text: String, image: String, family: String = "Fam") throws -> String {
        func json(_ value: Any) throws -> String {
            String(
                decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self
            )
        }
        let texts = Dictionary(
            uniqueKeysWithValues: [
                "engine_configuration", "engine_feed", "engine_ignition", "transmission_gearbox", "transmission_clutch",
                "transmission_final_drive", "frame_type", "frame_front_suspension", "frame_rear_suspension",
                "brakes_type", "brakes_notes", "notes",
            ].map { ($0, ["it": text, "en": text]) })
        return """
            {"version": 3, "texts": {"7": \(try json(texts))}, "elements": [
              {"id": 7, "general_info": {"family": \(try json(family)), "name": \(try json(name)), "first_year": 1950,
                 "last_year": 1960},
               "engine": {"configuration": "engine_configuration", "stroke_cycle": 4, "bore": 88, "stroke": 82,
                          "displacement": {"real": 498.4, "nominal": 500}, "compression": 4,
                          "power": {"peak": 8.5, "rpm": 3400}, "feed": "engine_feed", "ignition": "engine_ignition"},
               "transmission": {"type": "transmission_gearbox", "clutch": "transmission_clutch",
                                "final_drive": "transmission_final_drive"},
               "frame": {"type": "frame_type", "front_suspension": "frame_front_suspension",
                         "rear_suspension": "frame_rear_suspension", "wheelbase": 1380, "wheels": \(try json(text)),
                         "tyres": "3.00 x 19"},
               "brakes": {"type": "brakes_type", "front_size": 180, "rear_size": null, "notes": "brakes_notes"},
               "capacities_performances": {"fuel_capacity": 10, "lubricant_capacity": 2.5, "weight": 130,
                                           "max_speed": 85, "fuel_consumption": 3.5},
               "notes": "notes", "images": [\(try json(image))]}
            ]}
            """
    }

    static func build(name: String, text: String, image: String, family: String = "Fam") throws -> (
        out: String, error: String?
    ) {
        let folder = SiteFixtures.temporaryFolder()
        try dataset(name: name, text: text, image: image, family: family)
            .write(toFile: folder + "/data.json", atomically: false, encoding: .utf8)
        let out = folder + "/site"
        do {
            _ = try SiteBuilder.build(SiteFixtures.buildOptions(data: folder + "/data.json", output: out))
            return (out, nil)
        } catch {
            return (out, "\(error)")
        }
    }

    /// Every HTML file of a build, concatenated.
    static func allHTML(_ out: String) -> String {
        (FileManager.default.subpaths(atPath: out) ?? []).filter { $0.hasSuffix(".html") }.sorted()
            .map { SiteFixtures.read(out + "/" + $0) }.joined(separator: "\n")
    }

    @Test func scriptInANameAndATextIsEscaped() throws {
        let evil = "<script>alert(1)</script>\"'&"
        let built = try Self.build(
            name: evil, text: "x </script><img src=x onerror=alert(2)> \u{2028}", image: "https://example.org/a.jpg",
            family: evil)
        #expect(built.error == nil, "\(built.error ?? "")")
        let html = Self.allHTML(built.out)
        #expect(!html.contains("<script>alert(1)"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"))
        #expect(html.contains("&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;"))
    }

    @Test func quoteInAnImageURLStaysInsideItsAttribute() throws {
        // A quote is legal in a URL's path, so the URL is accepted; it must stay inside its attribute.
        let built = try Self.build(name: "N", text: "t", image: "https://example.org/a\"onerror=\"alert(1).jpg")
        #expect(built.error == nil, "\(built.error ?? "")")
        let html = Self.allHTML(built.out)
        #expect(!html.isEmpty)
        #expect(!html.contains("\"onerror=\"alert(1)"))
        #expect(html.contains("a&quot;onerror=&quot;alert(1).jpg"))
    }

    @Test func javascriptURLIsRefused() throws {
        let built = try Self.build(name: "N", text: "t", image: "javascript:alert(1)")
        #expect(built.error?.contains("elements[0].images[0]") == true)
        #expect(!FileManager.default.fileExists(atPath: built.out))
    }
}
