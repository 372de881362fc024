import Catalogue
import Foundation
import PhotoSidecar
import Testing

@testable import Site

/// The facet pages of the real catalogue add up: read back from the HTML written, not from the plan.
@Suite(.serialized) struct FacetTests {
    static let built: (out: String, catalogue: Catalogue)? = {
        guard let data = SiteFixtures.realDatasetPath else { return nil }
        let out = SiteFixtures.temporaryFolder() + "/facets"
        guard
            (try? SiteBuilder.build(SiteFixtures.buildOptions(data: data, output: out, base: "https://g.example/")))
                != nil,
            let loaded = try? Catalogue.load(contentsOf: data)
        else { return nil }
        return (out, loaded.catalogue)
    }()

    /// Motorcycle ids listed on a value page (`<li class="bike-item" data-id="…">`).
    static func ids(_ path: String) -> [Int] {
        SiteFixtures.read(path).components(separatedBy: "<li class=\"bike-item\" data-id=\"").dropFirst()
            .compactMap { Int($0.prefix { $0.isNumber }) }
    }

    /// Every value page of a facet folder: value slug → ids.
    static func valuePages(_ out: String, _ folder: String) throws -> [String: [Int]] {
        var pages: [String: [Int]] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: out + "/" + folder)
        where entry != "index.html" {
            pages[entry] = ids(out + "/" + folder + "/" + entry + "/index.html")
        }
        return pages
    }

    @Test(
        .enabled(if: SiteFixtures.realDatasetPath != nil),
        arguments: [
            "en/families", "en/engine-cycle", "en/displacement", "en/power", "en/weight", "en/bore", "en/stroke",
            "en/wheelbase", "it/famiglie", "it/ciclo", "it/cilindrata", "it/potenza", "it/peso", "it/alesaggio",
            "it/corsa", "it/interasse",
        ])
    func everyMotorcycleIsOnExactlyOneValuePage(folder: String) throws {
        let built = try #require(Self.built)
        let pages = try Self.valuePages(built.out, folder)
        #expect(pages.count >= 2)
        let all = pages.values.flatMap { $0 }
        #expect(all.count == built.catalogue.motorcycles.count, "\(folder)")
        #expect(Set(all) == Set(built.catalogue.motorcycles.map(\.id)))
    }

    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil), arguments: ["en/decades", "it/decenni"])
    func decadePagesCoverEveryYearOfEveryBike(folder: String) throws {
        let built = try #require(Self.built)
        let pages = try Self.valuePages(built.out, folder)
        let latest = built.catalogue.motorcycles.map { max($0.general.firstYear, $0.general.lastYear ?? 0) }.max()!
        for bike in built.catalogue.motorcycles {
            let last = bike.general.lastYear ?? latest
            let expected = Set(stride(from: bike.general.firstYear / 10 * 10, through: last / 10 * 10, by: 10))
            let found = Set(pages.filter { $0.value.contains(bike.id) }.keys.compactMap(Int.init))
            #expect(found == expected, "\(bike.general.name)")
        }
    }

    /// The overview's "N motorcycles" next to each value equals the length of that value's page.
    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil), arguments: ["en/families", "en/power", "it/decenni"])
    func overviewCountsEqualPageLengths(folder: String) throws {
        let built = try #require(Self.built)
        let overview = SiteFixtures.read(built.out + "/" + folder + "/index.html")
        let pages = try Self.valuePages(built.out, folder)
        for (slug, ids) in pages {
            let marker = "<a href=\"../../\(folder)/\(slug)/index.html\">"
            let after = try #require(overview.components(separatedBy: marker).dropFirst().first, "\(slug)")
            let countText = try #require(after.components(separatedBy: "<span class=\"count\">").dropFirst().first)
            let number = Int(countText.prefix { $0.isNumber })
            #expect(number == ids.count, "\(folder)/\(slug)")
        }
    }

    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func bikesWithoutAFigureHaveTheirOwnValue() throws {
        let built = try #require(Self.built)
        let noPower = built.catalogue.motorcycles.filter { $0.engine.power == nil }.map(\.id)
        #expect(!noPower.isEmpty)
        #expect(Set(Self.ids(built.out + "/en/power/not-stated/index.html")) == Set(noPower))
        #expect(Set(Self.ids(built.out + "/it/potenza/non-indicato/index.html")) == Set(noPower))
        let noFamily = built.catalogue.motorcycles.filter { $0.general.family == nil }.map(\.id)
        #expect(Set(Self.ids(built.out + "/en/families/not-stated/index.html")) == Set(noFamily))
    }

    /// Rows from the 21st on are laid out only near the screen (`data-lazy`, style.css), on the catalogue and on
    /// the facet pages alike; the first twenty, which a screen can show at load, never are.
    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func rowsPastTheFirstScreenAreMarkedLazy() throws {
        let built = try #require(Self.built)
        let cycle = try #require(
            try Self.valuePages(built.out, "en/engine-cycle").max { $0.value.count < $1.value.count })
        for path in ["en/index.html", "en/engine-cycle/\(cycle.key)/index.html"] {
            let rows = SiteFixtures.read(built.out + "/" + path)
                .components(separatedBy: "<li class=\"bike-item\" data-id=\"").dropFirst()
                .filter { $0.first?.isNumber == true }  // not the script's empty row (<template id="bike-row">)
            let lazy: [Bool] = rows.map { $0.prefix { $0 != ">" }.hasSuffix("\" data-lazy") }
            #expect(rows.count > 20, "\(path)")
            #expect(lazy == (0..<rows.count).map { $0 >= 20 }, "\(path)")
        }
    }

    /// The catalogue's rows come in groups of 20 with an empty data block between groups, where Chromium's parser
    /// pauses (pages/catalogue.html): none before the first row, none after the last, a row never split.
    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func catalogueRowsComeInGroupsWithParserPauses() throws {
        let built = try #require(Self.built)
        let page = SiteFixtures.read(built.out + "/it/index.html")
        let list = try #require(
            page.components(separatedBy: "id=\"bike-list\"").dropFirst().first?.components(separatedBy: "</ol>").first)
        let pause = "<script type=\"text/plain\" class=\"parser-pause\"></script>"
        let groups = list.components(separatedBy: pause)
        let sizes = groups.map { $0.components(separatedBy: "<li class=\"bike-item\"").count - 1 }
        let count = built.catalogue.motorcycles.count
        #expect(count > 40)
        #expect(sizes == (0..<((count + 19) / 20)).map { min(20, count - $0 * 20) })
        #expect(groups.dropLast().allSatisfy { $0.hasSuffix("</li>\n") })
    }

    /// Each motorcycle page links to one value of every facet but decades (and to every decade it spans), and each
    /// linked value page lists the motorcycle back.
    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func motorcyclePagesLinkToTheirFacets() throws {
        let built = try #require(Self.built)
        let slugs = Permalinks.slugs(for: built.catalogue.motorcycles)
        for bike in built.catalogue.motorcycles.prefix(40) {
            let page = SiteFixtures.read(built.out + "/en/moto/\(slugs[bike.id]!)/index.html")
            let facetBlock = try #require(page.components(separatedBy: "<dl class=\"facet-links\">").last)
            let links = facetBlock.components(separatedBy: "href=\"../../../").dropFirst()
                .map { String($0.prefix { $0 != "\"" }) }
            for folder in [
                "families", "engine-cycle", "displacement", "power", "weight", "bore", "stroke", "wheelbase",
            ] {
                let here = links.filter { $0.hasPrefix("en/\(folder)/") }
                #expect(here.count == 1, "\(bike.id) \(folder)")
                for link in here { #expect(Self.ids(built.out + "/" + link).contains(bike.id), "\(link)") }
            }
            let decade = bike.general.firstYear / 10 * 10
            #expect(links.contains("en/decades/\(decade)/index.html"), "\(bike.id)")
            let cycle = bike.engine.strokeCycle == 2 ? "2-stroke" : "4-stroke"
            #expect(links.contains("en/engine-cycle/\(cycle)/index.html"))
            let italian = SiteFixtures.read(built.out + "/it/moto/\(slugs[bike.id]!)/index.html")
            #expect(italian.contains("href=\"../../../it/decenni/\(decade)/index.html\""))
        }
    }

    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func sitemapListsEveryPageButThe404AndTheOfflinePages() throws {
        let built = try #require(Self.built)
        let xml = try Data(contentsOf: URL(fileURLWithPath: built.out + "/sitemap.xml"))
        let locs = SitemapReader.locations(xml)
        #expect(locs != nil, "sitemap.xml is not well-formed XML")
        // every HTML file but the 404 page, the offline pages (the worker's, for pages never kept) and the storage
        // frame of pages opened from disk (assets/storage.html)
        let html = (FileManager.default.subpaths(atPath: built.out) ?? []).filter {
            $0.hasSuffix(".html") && !$0.hasPrefix("assets/") && !$0.hasSuffix("/offline/index.html")
        }
        let expected = Set(
            html.filter { $0 != "404.html" }.map { path in
                "https://g.example/" + (path == "index.html" ? "" : String(path.dropLast("index.html".count)))
            })
        #expect(Set(locs ?? []) == expected)
        #expect(SiteFixtures.read(built.out + "/robots.txt").contains("Sitemap: https://g.example/sitemap.xml"))
    }

    @Test(.enabled(if: SiteFixtures.realDatasetPath != nil))
    func galleriesLinkFlickrAndEveryPhoto() throws {
        let built = try #require(Self.built)
        let slugs = Permalinks.slugs(for: built.catalogue.motorcycles)
        let bike = try #require(built.catalogue.motorcycles.first { $0.images.count >= 2 })
        let slug = slugs[bike.id]!
        let page = SiteFixtures.read(built.out + "/en/moto/\(slug)/gallery/index.html")
        for url in bike.images {
            // without a photo sidecar: the photo's link, never an original loaded unasked
            #expect(page.contains("<a class=\"photo-link\" href=\"\(url)\">"))
            if UnsizedPhoto(url) == .original { #expect(!page.contains("src=\"\(url)\"")) }
            if let link = FlickrURL.shortLink(url) { #expect(page.contains("href=\"\(link)\"")) }
        }
        let count = bike.images.count
        #expect(page.contains("photo \(count) of \(count)"))
        let html = SiteFixtures.read(built.out + "/en/moto/\(slug)/index.html")
        #expect(html.contains("href=\"../../../en/moto/\(slug)/gallery/index.html\""))
        #expect(html.contains("<meta property=\"og:image\" content=\"\(bike.images[0])\""))
        #expect(html.contains("\"@type\":\"Motorcycle\""))
    }
}
