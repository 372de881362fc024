import Catalogue
import Testing

@testable import Site

@Suite struct PermalinksTests {
    @Test func slugify() {
        #expect(Permalinks.slugify("Airone Sport") == "airone-sport")
        #expect(Permalinks.slugify("V7 (old)") == "v7-old")
        #expect(Permalinks.slugify("G.T. 16") == "g-t-16")
        #expect(Permalinks.slugify("Caffè Nero") == "caffe-nero")
        #expect(Permalinks.slugify("  --  ") == "moto")
        #expect(Permalinks.slugify("<script>alert(1)</script>") == "script-alert-1-script")
    }

    @Test func collisionsKeepTheLowestIdPlain() {
        let bikes = [
            SiteFixtures.bike(id: 9, name: "Airone", firstYear: 1939),
            SiteFixtures.bike(id: 3, name: "Airone", firstYear: 1939),
            SiteFixtures.bike(id: 5, name: "Airone", firstYear: 1949),
        ]
        let slugs = Permalinks.slugs(for: bikes)
        #expect(slugs[3] == "airone-1939")
        #expect(slugs[9] == "airone-1939-9")
        #expect(slugs[5] == "airone-1949")
    }

    /// A suffixed slug never equals another bike's plain slug: "Airone" 1939 id 1950 and "Airone 1939" of 1950.
    @Test func suffixedSlugsStayUnique() {
        let bikes = [
            SiteFixtures.bike(id: 3, name: "Airone", firstYear: 1939),
            SiteFixtures.bike(id: 1950, name: "Airone", firstYear: 1939),
            SiteFixtures.bike(id: 7, name: "Airone 1939", firstYear: 1950),
        ]
        let slugs = Permalinks.slugs(for: bikes)
        #expect(slugs[7] == "airone-1939-1950")
        #expect(slugs[1950] == "airone-1939-1950-1950")
        #expect(Set(slugs.values).count == 3)
    }

    /// Adding or removing a motorcycle must never change another one's URL.
    @Test func stableWhenTheCatalogueChanges() {
        let base = [
            SiteFixtures.bike(id: 1, name: "Falcone", firstYear: 1950),
            SiteFixtures.bike(id: 2, name: "Falcone", firstYear: 1950),
            SiteFixtures.bike(id: 3, name: "Galletto", firstYear: 1950),
        ]
        let before = Permalinks.slugs(for: base)
        let added = Permalinks.slugs(for: base + [SiteFixtures.bike(id: 4, name: "Falcone", firstYear: 1950)])
        let removed = Permalinks.slugs(for: [base[0], base[1]])
        let reordered = Permalinks.slugs(for: base.reversed())
        for id in 1...3 {
            #expect(added[id] == before[id])
            #expect(reordered[id] == before[id])
        }
        #expect(removed[1] == before[1] && removed[2] == before[2])
    }
}
