import Catalogue
import Foundation
import Testing

@testable import Site

/// The real Guzzi Tracker dataset, when it is beside the repository (it always is in CI).
@Suite(.serialized) struct RealCatalogueTests {
    static let built: (out: String, catalogue: Catalogue)? = {
        guard let data = SiteFixtures.realDatasetPath else { return nil }
        let out = SiteFixtures.temporaryFolder() + "/real"
        guard (try? SiteBuilder.build(BuildTests.options(data: data, output: out))) != nil,
            let loaded = try? Catalogue.load(contentsOf: data)
        else { return nil }
        return (out, loaded.catalogue)
    }()

    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func buildsA148PageEditionPerLanguage() throws {
        let built = try #require(Self.built)
        #expect(built.catalogue.motorcycles.count == 148)
        for lang in ["it", "en"] {
            let pages = try FileManager.default.contentsOfDirectory(atPath: built.out + "/\(lang)/moto")
            #expect(pages.count == 148)
        }
    }

    func page(_ lang: String, id: Int) throws -> String {
        let built = try #require(Self.built)
        let slug = Permalinks.slugs(for: built.catalogue.motorcycles)[id]!
        return SiteFixtures.read(built.out + "/\(lang)/moto/\(slug)/index.html")
    }

    /// Figures checked against the JSON itself, read here with Foundation's own parser.
    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil), arguments: [1, 40, 100, 148])
    func figuresMatchTheJSON(id: Int) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: SiteFixtures.realDatasetPath!))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let elements = try #require(root["elements"] as? [[String: Any]])
        let element = try #require(elements.first { ($0["id"] as? Int) == id })
        let engine = try #require(element["engine"] as? [String: Any])
        let displacement = try #require(engine["displacement"] as? [String: Any])
        let real = try #require((displacement["real"] as? NSNumber)?.doubleValue)
        let bore = try #require((engine["bore"] as? NSNumber)?.doubleValue)
        let general = try #require(element["general_info"] as? [String: Any])
        let name = try #require(general["name"] as? String)
        let it = try page("it", id: id), en = try page("en", id: id)
        #expect(it.contains(NumberFormat.italian.string(real) + " cm³"))
        #expect(en.contains(NumberFormat.english.string(real) + " cm³"))
        #expect(en.contains(NumberFormat.english.string(bore) + " mm"))
        let escapedName = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#39;")
        #expect(en.contains(escapedName))
        if let power = engine["power"] as? [String: Any], let peak = (power["peak"] as? NSNumber)?.doubleValue,
            let rpm = (power["rpm"] as? NSNumber)?.doubleValue
        {
            #expect(
                it.contains("\(NumberFormat.italian.string(peak)) CV a \(NumberFormat.italian.string(rpm)) giri/min"))
            #expect(en.contains("\(NumberFormat.english.string(peak)) hp at \(NumberFormat.english.string(rpm)) rpm"))
        }
    }

    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func theFirstBikeInBothLanguages() throws {
        let it = try page("it", id: 1), en = try page("en", id: 1)
        #expect(it.contains("498,4 cm³") && en.contains("498.4 cm³"))
        #expect(it.contains("8,5 CV a 3400 giri/min") && en.contains("8.5 hp at 3,400 rpm"))
        #expect(it.contains("4 : 1") && en.contains("88 mm"))
        #expect(en.contains("2 photos") && it.contains("2 foto"))
        #expect(it.contains("Monociclindrico orizzontale 4 tempi"))
    }
}
