import Catalogue
import Testing

@testable import Site

/// An edition's view of the plan: what the page models are handed instead of positions in the plan's tables.
@Suite struct EditionPlanTests {
    static let bikes = [
        SiteFixtures.bike(id: 7, name: "Falcone", firstYear: 1950, family: "Falcone"),
        SiteFixtures.bike(id: 3, name: "Airone", firstYear: 1939, family: "Airone"),
        SiteFixtures.bike(id: 12, name: "Astore", firstYear: 1950, lastYear: 1953, family: "Falcone"),
        SiteFixtures.bike(id: 5, name: "Galletto", firstYear: 1950),
    ]

    static func plan() throws -> SitePlan {
        SitePlan(catalogue: Catalogue(version: 1, motorcycles: bikes), editions: try BrowserDataTests.editions())
    }

    /// Newest first, then by name; each motorcycle with its own slug, its page in the edition's folder and its
    /// years in the edition's words.
    @Test func motorcyclesComeNewestFirstWithTheirAddressesAndTexts() throws {
        let plan = try Self.plan()
        let italian = plan.edition("it")
        #expect(italian.newestFirst.map(\.bike.id) == [12, 7, 5, 3])
        let astore = try #require(italian.motorcycle(id: 12))
        #expect(astore.slug == "astore-1950")
        #expect(astore.route.filePath == "it/moto/astore-1950/index.html")
        #expect(astore.texts.years == "1950–1953")
        #expect(plan.edition("en").motorcycle(planned: 12).route.filePath == "en/moto/astore-1950/index.html")
        #expect(italian.motorcycle(id: 99) == nil)
    }

    /// A motorcycle's facet values, one entry per facet in the plan's order, each value naming its members: the
    /// links of its page; a facet value's members are the motorcycles in the default order.
    @Test func facetValuesNameTheirMotorcyclesAndEachMotorcycleItsValues() throws {
        let plan = try Self.plan()
        let english = plan.edition("en")
        #expect(english.facets.map(\.facet.id) == plan.facets.map(\.id))
        let falcone = try #require(
            english.facets.first { $0.facet.id == "family" }?.values.first { $0.label == "Falcone" })
        #expect(falcone.members.map(\.bike.id) == [12, 7])
        #expect(falcone.route.filePath.hasPrefix("en/families/falcone/"))
        let links = english.facetValues(of: english.motorcycle(planned: 7))
        #expect(links.map(\.facet.facet.id) == plan.facets.map(\.id))
        for (facet, values) in links {
            #expect(!values.isEmpty, "every motorcycle is in a value of every facet (\(facet.facet.id))")
            for value in values { #expect(value.members.contains { $0.bike.id == 7 }) }
        }
        #expect(links.first { $0.facet.facet.id == "family" }?.values.map(\.label) == ["Falcone"])
        let galletto = english.facetValues(of: english.motorcycle(planned: 5))
        #expect(galletto.first { $0.facet.facet.id == "family" }?.values.map(\.label) == ["Not stated"])
    }
}
