import Foundation
import Testing

@testable import Site

/// The catalogue's rows carry the columns a wide screen shows as a table (family, weight, top speed; style.css
/// hides them on a phone), each figure with its metric value for the unit switch, and the list's head has a
/// column over each cell of a row, those with an ordering naming it. Exact figures of the bundled sample.
@Suite struct CatalogueTableTests {
    static func catalogue(_ lang: String) throws -> String {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        return SiteFixtures.read(out + "/\(lang)/index.html")
    }

    /// The `<li>` of the motorcycle whose link text is `name`.
    static func row(_ name: String, in html: String) throws -> String {
        let rows = html.components(separatedBy: "<li class=\"bike-item\"").dropFirst()
        return try #require(rows.first { $0.contains(">\(name)</a>") }, "\(name)")
    }

    @Test func rowsCarryFamilyWeightAndTopSpeedInEachEdition() throws {
        let english = try Self.catalogue("en")
        let leMans = try Self.row("850 Le Mans", in: english)
        #expect(leMans.contains("<dt>Family</dt><dd data-field=\"family\">Le Mans</dd>"))
        #expect(leMans.contains("<dd data-field=\"weight\" data-unit=\"kg\" data-value=\"198\">198 kg</dd>"))
        #expect(leMans.contains("<dd data-field=\"max_speed\" data-unit=\"kmh\" data-value=\"210\">210 km/h</dd>"))
        // a figure the data does not state: the accessible dash, and nothing to convert
        let stone = try Self.row("V7 Stone", in: english)
        #expect(stone.contains("<dd data-field=\"max_speed\" data-unit=\"kmh\" data-value=\"\"><span"))
        let motoleggera = try Self.row("Motoleggera 65", in: english)
        #expect(motoleggera.contains("<dd data-field=\"family\"><span"))
        let italian = try Self.row("850 Le Mans", in: try Self.catalogue("it"))
        #expect(italian.contains("<dt>Famiglia</dt><dd data-field=\"family\">Le Mans</dd>"))
        #expect(italian.contains("<dt>Velocità massima</dt><dd data-field=\"max_speed\""))
    }

    @Test func theHeadHasAColumnOverEachCellAndTheOrderingsAmongThem() throws {
        let html = try Self.catalogue("en")
        let head = try #require(
            html.components(separatedBy: "<div class=\"list-head").dropFirst().first?
                .components(separatedBy: "</div>").first)
        #expect(head.contains("aria-hidden=\"true\""), "the rows' own labels are read, not the head")
        let columns = head.components(separatedBy: "<span class=\"col ").count - 1
        let row = try Self.row("850 Le Mans", in: html)
        let cells = row.components(separatedBy: "<dt>").count - 1
        let thumbnails = row.contains("class=\"bike-thumb\"") ? 1 : 0
        #expect(columns == thumbnails + 1 + cells + 1, "thumbnail, name, \(cells) figures, actions")
        let sorts = head.components(separatedBy: "data-sort=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
        #expect(sorts == ["name", "year", "family", "displacement", "power", "weight", "max_speed"])
        let menu = CatalogueControls.orderings.map(\.key)
        #expect(sorts.allSatisfy { menu.contains($0) }, "each column orders by a key of the menu")
    }
}
