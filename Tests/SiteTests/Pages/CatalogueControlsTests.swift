import Catalogue
import Foundation
import Templating
import Testing

@testable import Site

/// The catalogue's tools as the page draws them before its script runs: the script reads its ranges and
/// orderings from them, so they must be complete and agree with the data.
@Suite struct CatalogueControlsTests {
    static func controls(_ bikes: [Motorcycle], language: Language = "en") throws -> ValueMap {
        let editions = try BrowserDataTests.editions()
        let plan = SitePlan(catalogue: Catalogue(version: 1, motorcycles: bikes), editions: editions)
        return ValueMap(CatalogueControls(edition: editions[language]!, plan: plan).context())
    }

    static func list(_ value: Value?) -> [ValueMap] {
        guard case .list(let items)? = value else { return [] }
        return items.compactMap { if case .map(let map) = $0 { map } else { nil } }
    }

    @Test func familiesComeWithTheirCountsAndWithoutTheNotStatedValue() throws {
        let bikes = [
            SiteFixtures.bike(id: 1, name: "A", firstYear: 1950, family: "Falcone"),
            SiteFixtures.bike(id: 2, name: "B", firstYear: 1951, family: "Falcone"),
            SiteFixtures.bike(id: 3, name: "C", firstYear: 1952, family: "Airone"),
            SiteFixtures.bike(id: 4, name: "D", firstYear: 1953),
        ]
        let families = Self.list(try Self.controls(bikes)["families"])
        #expect(families.map { $0["name"] } == [.text("Airone"), .text("Falcone")])
        #expect(families.map { $0["count"] } == [.text("1"), .text("2")])
        #expect(families.map { $0["id"] } == [.text("f-family-1"), .text("f-family-2")])
    }

    @Test func eachRangeSpansItsFigureAndYearsSpanProduction() throws {
        let late = SiteFixtures.bike(
            id: 2, name: "B", firstYear: 1990, lastYear: 2004, power: Power(peak: 91, rpm: 8000), bore: 104)
        let bikes = [SiteFixtures.bike(id: 1, name: "A", firstYear: 1921, lastYear: 1924), late]
        let ranges = Self.list(try Self.controls(bikes)["ranges"])
        #expect(ranges.map { $0["key"] } == CatalogueControls.ranges.map { .text($0.key) })
        var bounds: [String: Value] = [:]
        for range in ranges {
            if case .text(let key)? = range["key"] { bounds[key] = range["bounds"] }
        }
        #expect(bounds["year"] == ["min": 1921, "max": 2004])
        #expect(bounds["bore"] == ["min": 88, "max": 104])
        #expect(bounds["power"] == ["min": 91, "max": 91])
        #expect(bounds["displacement"] == ["min": 500, "max": 500], "the nominal displacement")
        #expect(ranges.first { $0["key"] == "displacement" }?["field"] == .text("nominal"))
    }

    @Test func aFigureNoBikeStatesHasNoBounds() throws {
        let bike = SiteFixtures.bike(id: 1, name: "A", firstYear: 1950, bore: nil)
        let ranges = Self.list(try Self.controls([bike])["ranges"])
        #expect(ranges.first { $0["key"] == "bore" }?["bounds"] == .null)
    }

    /// The count and the compare bar say what the script would write for the whole catalogue.
    @Test func theCountAndTheCompareBarAreTheScripts() throws {
        let bikes = (1...3).map { SiteFixtures.bike(id: $0, name: "B\($0)", firstYear: 1950) }
        let en = try Self.controls(bikes)
        #expect(en["results_text"] == .text("3 results"))
        #expect(en["compare_text"] == .text("Compare (0)"))
        #expect(en["more_text"] == .text(""))
        let many = (1...600).map { SiteFixtures.bike(id: $0, name: "B\($0)", firstYear: 1950) }
        #expect(try Self.controls(many, language: "it")["more_text"] == .text("Mostra altre 250 (250 di 600 mostrate)"))
    }
}
