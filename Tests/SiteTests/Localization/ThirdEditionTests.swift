import Catalogue
import Foundation
import Testing

@testable import Site

/// An edition is files only: the French edition in `Tests/Fixtures/editions/fr` (its tables and an
/// `editions.json` listing it, en, fr) is added to a copy of `Resources/`, and the sample builds with it, with
/// no Swift written for French. The assertions read the pages written.
@Suite struct ThirdEditionTests {
    static let narrowSpace = "\u{202F}"

    /// A copy of `Resources/` with the fixture's files added to `i18n/`; returns the copy's path.
    static func resourcesWithFrench(in folder: String) throws -> String {
        let resources = folder + "/Resources"
        try FileManager.default.copyItem(atPath: SiteFixtures.repositoryRoot + "/Resources", toPath: resources)
        let fixture = SiteFixtures.repositoryRoot + "/Tests/Fixtures/editions/fr"
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture) {
            let target = resources + "/i18n/" + name
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: fixture + "/" + name, toPath: target)
        }
        return resources
    }

    /// The sample built with the French edition, once for the suite: (output folder, resources folder).
    static let built: (out: String, resources: String)? = {
        let folder = SiteFixtures.temporaryFolder()
        guard let resources = try? resourcesWithFrench(in: folder) else { return nil }
        var options = SiteFixtures.buildOptions(output: folder + "/site", base: "https://example.org/guzzi/")
        options.resourcesPath = resources
        guard (try? SiteBuilder.build(options)) != nil else { return nil }
        return (folder + "/site", resources)
    }()

    static func sample() throws -> [Motorcycle] {
        try Catalogue.load(contentsOf: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json")
            .catalogue.motorcycles
    }

    /// Each sample motorcycle with its page in `edition` of the site built in `out`.
    static func bikePages(_ out: String, edition: String) throws -> [(bike: Motorcycle, html: String)] {
        let bikes = try sample()
        let slugs = Permalinks.slugs(for: bikes)
        return bikes.map { ($0, SiteFixtures.read(out + "/\(edition)/moto/\(slugs[$0.id]!)/index.html")) }
    }

    static func htmlFiles(_ out: String) -> [String] {
        (FileManager.default.subpaths(atPath: out) ?? []).filter { $0.hasSuffix(".html") && !$0.hasPrefix("assets/") }
            .sorted()
    }

    static func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func everyMotorcycleHasAFrenchPageWithFrenchLabels() throws {
        let (out, _) = try #require(Self.built)
        for ((bike, html), (_, italian)) in zip(
            try Self.bikePages(out, edition: "fr"), try Self.bikePages(out, edition: "it"))
        {
            #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"fr\">"), "\(bike.id)")
            #expect(html.contains(">Informations générales<"), "\(bike.id)")
            #expect(html.contains(">Retour au catalogue<"), "\(bike.id)")
            // hreflang for the three editions and x-default; og:locale:alternate for the two others.
            for lang in ["it", "en", "fr", "x-default"] {
                #expect(Self.count("<link rel=\"alternate\" hreflang=\"\(lang)\"", in: html) == 1, "\(bike.id) \(lang)")
            }
            #expect(html.contains(#"<meta property="og:locale" content="fr_FR">"#))
            #expect(
                html.contains(
                    #"<meta property="og:locale:alternate" content="it_IT">"# + "\n"
                        + #"<meta property="og:locale:alternate" content="en_US">"#))
            #expect(Self.count(#"<meta property="og:locale:alternate""#, in: italian) == 2)
        }
        // The French folder names come from the French tables.
        for folder in ["fr/parcourir", "fr/graphiques", "fr/familles", "fr/cylindree"] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + folder + "/index.html"), "\(folder)")
        }
    }

    /// The sample's GT Norge: 498.4 cm³ and 22 hp at 3800 rpm; French writes a decimal comma and groups four
    /// digits with a narrow no-break space, Italian does not group them.
    @Test func numbersFollowTheFrenchConventions() throws {
        let (out, _) = try #require(Self.built)
        let bikes = try Self.sample()
        let norge = try #require(bikes.first { $0.general.name.contains("Norge") })
        #expect(norge.engine.displacementReal == 498.4)
        #expect(norge.engine.power?.rpm == 3800)
        let slug = Permalinks.slugs(for: bikes)[norge.id]!
        let french = SiteFixtures.read(out + "/fr/moto/\(slug)/index.html")
        #expect(french.contains("498,4 cm³"))
        #expect(french.contains("à 3" + Self.narrowSpace + "800 tr/min"))
        let italian = SiteFixtures.read(out + "/it/moto/\(slug)/index.html")
        #expect(italian.contains("a 3800 giri/min"))
        let english = SiteFixtures.read(out + "/en/moto/\(slug)/index.html")
        #expect(english.contains("at 3,800 rpm"))
    }

    /// French puts 0 and 1 in the singular (`"one": "i = 0 or i = 1"` in fr.json), English only 1.
    @Test func pluralsFollowTheFrenchRules() throws {
        let (out, resources) = try #require(Self.built)
        var singular = 0
        var plural = 0
        for file in Self.htmlFiles(out) where file.hasPrefix("fr/") {
            let html = SiteFixtures.read(out + "/" + file)
            singular += Self.count(">1 moto<", in: html) + Self.count(" 1 moto ", in: html)
            plural += html.ranges(of: /[^0-9]([2-9]|[1-9][0-9]+) motos[^a-z]/).count
            #expect(!html.contains(">1 motos"), "\(file)")
            #expect(html.firstMatch(of: /[^0-9,]([2-9]|[1-9][0-9]+) moto[^as]/) == nil, "\(file)")
        }
        #expect(singular > 0)
        #expect(plural > 0)
        let editions = try Editions.load(directory: resources + "/i18n")
        let french = try #require(editions["fr"])
        #expect(french.plural("motorcycles", count: 0) == "0 moto")
        #expect(french.plural("motorcycles", count: 1) == "1 moto")
        #expect(french.plural("motorcycles", count: 2) == "2 motos")
        #expect(french.plural("motorcycles", count: 1234) == "1" + Self.narrowSpace + "234 motos")
        #expect(editions["en"]?.plural("motorcycles", count: 0) == "0 motorcycles")
        #expect(editions["it"]?.plural("images", count: 0) == "0 foto")
    }

    /// The dataset has no French: texts fall back along fr.json's `["en", "it"]`, marked with their language.
    @Test func datasetTextsFallBackToEnglishThenItalian() throws {
        let (out, _) = try #require(Self.built)
        let pages = try Self.bikePages(out, edition: "fr")
        for (bike, html) in pages {
            if let configuration = bike.engine.configuration["en"] {
                let escaped = configuration.replacingOccurrences(of: "&", with: "&amp;")
                    .replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "\"", with: "&quot;")
                #expect(html.contains("<span lang=\"en\">\(escaped)</span>"), "\(bike.id)")
            }
            if bike.notes["en"] == nil, let notes = bike.notes["it"] {
                #expect(html.contains("<p lang=\"it\">"), "\(bike.id): \(notes)")
            }
        }
        #expect(
            pages.contains { $0.bike.notes["en"] == nil && $0.bike.notes["it"] != nil },
            "the sample has an Italian-only note")
    }

    /// Every edition page lists the two other editions in the switch, each named in its own language; the
    /// root page offers the three editions.
    @Test func theLanguageSwitchListsTheOtherEditions() throws {
        let (out, _) = try #require(Self.built)
        let names = ["it": "Italiano", "en": "English", "fr": "Français"]
        let labels = [
            "it": "Leggi questa pagina in italiano", "en": "Read this page in English",
            "fr": "Lire cette page en français",
        ]
        var checked = 0
        for file in Self.htmlFiles(out) {
            guard let lang = names.keys.first(where: { file.hasPrefix($0 + "/") }) else { continue }
            let html = SiteFixtures.read(out + "/" + file)
            #expect(Self.count("class=\"lang-switch\"", in: html) == 2, "\(file)")
            for other in ["it", "en", "fr"] where other != lang {
                #expect(
                    html.contains(
                        "hreflang=\"\(other)\" lang=\"\(other)\" aria-label=\"\(labels[other]!)\">\(names[other]!)</a>"),
                    "\(file) → \(other)")
            }
            checked += 1
        }
        #expect(checked > 3 * 50)
        let root = SiteFixtures.read(out + "/index.html")
        for lang in ["it", "en", "fr"] { #expect(root.contains("lang=\"\(lang)\""), "\(lang)") }
        #expect(root.contains("<span class=\"language-name\">Français</span>"))
    }

    @Test func sitemapAlternatesCoverTheThreeEditions() throws {
        let (out, _) = try #require(Self.built)
        let sitemap = SiteFixtures.read(out + "/sitemap.xml")
        let urls = sitemap.components(separatedBy: "<url>").dropFirst()
        // every page but the 404 and the editions' offline pages
        #expect(urls.count == Self.htmlFiles(out).filter { !$0.hasSuffix("/offline/index.html") }.count - 1)
        for url in urls {
            for lang in ["en", "fr", "it", "x-default"] {
                #expect(Self.count("hreflang=\"\(lang)\"", in: url) == 1, "\(url.prefix(80)) \(lang)")
            }
        }
        #expect(sitemap.contains("<loc>https://example.org/guzzi/fr/parcourir/</loc>"))
    }

    /// The browser's strings are the French ones, as JSON the page's script can parse.
    @Test func theScriptStringsAreFrench() throws {
        let (out, _) = try #require(Self.built)
        let html = SiteFixtures.read(out + "/fr/index.html")
        let start = try #require(html.range(of: " id=\"ui-strings\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let strings = try #require(
            try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
                as? [String: Any])
        #expect(strings["lang"] as? String == "fr")
        #expect(strings["locale"] as? String == "fr_FR")
        #expect(strings["results_one"] as? String == "{n} résultat")
        #expect(strings["results_other"] as? String == "{n} résultats")
        #expect((strings["units"] as? [String: String])?["l"] == "gal US")
    }
}
