import Catalogue
import Foundation
import Testing

@testable import Site

/// The script data of each edition (`<lang>/data/*.js`) and the plain catalogue pages of a long catalogue.
@Suite struct BrowserDataTests {
    /// The JSON a data script assigns: from the `{` of ` = {` to the `}` of the first `};` at the end of a line (a
    /// line break inside the JSON's strings is always escaped).
    static func json(ofScript bytes: [UInt8]) throws -> Any {
        try json(ofScript: String(decoding: bytes, as: UTF8.self))
    }

    static func json(ofScript text: String) throws -> Any {
        let start = try #require(text.range(of: " = {"))
        let end = try #require(text.range(of: "};\n", range: start.upperBound..<text.endIndex))
        return try JSONSerialization.jsonObject(
            with: Data(text[text.index(before: start.upperBound)..<end.upperBound].dropLast(2).utf8))
    }

    static func catalogue(_ count: Int) -> Catalogue {
        Catalogue(
            version: 1,
            motorcycles: (1...count).map {
                SiteFixtures.bike(id: $0 * 3, name: "Bike \($0)", firstYear: 1920 + $0 % 90, family: "F\($0 % 7)")
            })
    }

    /// The ids in the app's default order, worked out here: newest first, then by name, then by id.
    static func newestFirst(_ catalogue: Catalogue) -> [Int] {
        catalogue.motorcycles.sorted {
            ($0.general.firstYear, $1.general.name.lowercased(), $1.id)
                > ($1.general.firstYear, $0.general.name.lowercased(), $0.id)
        }
        .map(\.id)
    }

    static func editions() throws -> Editions {
        try SiteBuilder.loadInputs(SiteFixtures.buildOptions(output: "/nonexistent")).editions
    }

    @Test func eachEditionHasItsCatalogueAndSpecScripts() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let sample = try Catalogue.load(contentsOf: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json")
        let bikes = sample.catalogue.motorcycles
        for lang in ["en", "it"] {
            let text = SiteFixtures.read(out + "/\(lang)/data/catalogue-0.js")
            #expect(text.contains("(G.catalogueParts = G.catalogueParts || [])[0] = {"))
            #expect(text.hasSuffix("})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));\n"))
            let data = try #require(try Self.json(ofScript: text) as? [String: Any])
            #expect(data["parts"] as? Int == 1 && data["start"] as? Int == 0)
            let fields = try #require(data["fields"] as? [String])
            let rows = try #require(data["motorcycles"] as? [[Any]])
            #expect(rows.count == bikes.count)
            #expect(rows.allSatisfy { $0.count == fields.count })
            // the default order, as the plain list: newest first
            let html = SiteFixtures.read(out + "/\(lang)/index.html")
            let listed = html.components(separatedBy: "<li class=\"bike-item\" data-id=\"").dropFirst()
                .compactMap { Int($0.prefix { $0.isNumber }) }
            #expect(rows.map { $0[fields.firstIndex(of: "id")!] as? Int } == listed.map { Optional($0) })
            // compare finds a motorcycle's chunk from its id, with the file name and size its page gives
            let compare = SiteFixtures.read(out + "/\(lang)/\(lang == "en" ? "compare" : "confronto")/index.html")
            #expect(
                compare.contains(
                    #"id="spec-chunks" data-specs="../../\#(lang)/data/specs-id-{n}.js" data-size="50" data-last="0""#))
            // before the stylesheet, which an inline script would wait for
            let early = try #require(compare.range(of: "id=\"spec-chunks\""))
            let style = try #require(compare.range(of: "rel=\"stylesheet\""))
            #expect(early.lowerBound < style.lowerBound)
            // the scripts make each page's address from the pattern, as the build makes the page's folder
            #expect(data["bike_url"] as? String == "moto/{slug}/index.html")
            let slug = try #require(rows.first?[fields.firstIndex(of: "slug")!] as? String)
            #expect(FileManager.default.fileExists(atPath: out + "/\(lang)/moto/\(slug)/index.html"))
            #expect(FileManager.default.fileExists(atPath: out + "/\(lang)/data/specs-id-0.js"))
        }
    }

    /// Compare shows exactly the rows of the motorcycle pages: the same keys, labels and texts, in order.
    @Test func specRowsAreTheMotorcyclePagesRows() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let sample = try Catalogue.load(contentsOf: SiteFixtures.repositoryRoot + "/Resources/sample/info_moto.json")
        let slugs = Permalinks.slugs(for: sample.catalogue.motorcycles)
        for lang in ["en", "it"] {
            let chunk = try #require(
                try Self.json(ofScript: SiteFixtures.read(out + "/\(lang)/data/specs-id-0.js")) as? [String: Any])
            let sections = try #require(chunk["sections"] as? [[String: Any]])
            let rows = sections.flatMap { ($0["rows"] as? [[String]]) ?? [] }
            let cells = try #require(chunk["motorcycles"] as? [String: [Any]])
            #expect(cells.count == sample.catalogue.motorcycles.count)
            for bike in sample.catalogue.motorcycles {
                let page = SiteFixtures.read(out + "/\(lang)/moto/\(slugs[bike.id]!)/index.html")
                let pageRows = page.components(separatedBy: "<tr class=\"row-").dropFirst().map {
                    row -> (key: String, label: String, cell: String) in
                    (
                        key: String(row.prefix { $0 != "\"" }),
                        label: String(row.components(separatedBy: "<th scope=\"row\">")[1].prefix { $0 != "<" }),
                        cell: String(row.components(separatedBy: "</th><td")[1].drop { $0 != ">" }.dropFirst())
                    )
                }
                let bikeCells = try #require(cells[String(bike.id)])
                #expect(pageRows.map(\.key) == rows.map { $0[0] }, "\(lang) \(bike.id)")
                #expect(pageRows.map(\.label) == rows.map { Self.escaped($0[1]) })
                for (row, cell) in zip(pageRows, bikeCells) {
                    if let text = cell as? String {
                        #expect(row.cell.hasPrefix(Self.escaped(text) + "</td>"), "\(row.key)")
                    } else if let object = cell as? [String: Any], let text = object["text"] as? String {
                        #expect(row.cell.contains(Self.escaped(text) + "</"), "\(row.key)")
                        if let unit = object["unit"] as? String {
                            #expect(page.contains("<tr class=\"row-\(row.key)\"><th scope=\"row\">"))
                            #expect(page.contains("data-unit=\"\(unit)\""))
                        }
                    } else {
                        #expect(cell is NSNull)
                        #expect(row.cell.hasPrefix("<span class=\"missing\">"), "\(row.key)")
                    }
                }
            }
        }
    }

    /// A chunk gives the sections and rows once, then each bike's cells in that order: a figure with its unit and
    /// metric value, a text in a fallback language with its `lang`, a dash as null, every text escaped for JSON.
    @Test func aChunkGivesTheRowsOnceAndEachBikesCellsInOrder() throws {
        typealias Sheet = SpecSheet
        func sheet(_ bore: Sheet.Cell, _ feed: Sheet.Cell, _ tyres: Sheet.Cell) -> [Sheet.Section] {
            [
                Sheet.Section(
                    id: "engine", title: "Engine",
                    rows: [
                        Sheet.Row(key: "bore", label: "Bore", cell: bore),
                        Sheet.Row(key: "feed", label: "Feed", cell: feed),
                    ]),
                Sheet.Section(
                    id: "frame", title: "Frame", rows: [Sheet.Row(key: "tyres", label: "Tyres <b>", cell: tyres)]),
            ]
        }
        let seven = sheet(
            Sheet.Cell(text: "88 mm", unit: "mm", raw: 88), Sheet.Cell(text: "Carburatore", lang: "it"), Sheet.Cell())
        let nine = sheet(Sheet.Cell(), Sheet.Cell(text: "Injection"), Sheet.Cell(text: "3.50\" </script>"))
        let script = SpecChunk.script(
            4, language: "en",
            sheets: [
                SpecChunk.Sheet(id: 7, head: ["Seven", "1971", "moto/seven/index.html"], sections: seven),
                SpecChunk.Sheet(id: 9, head: ["Nine </script>", "1972", "moto/nine/index.html"], sections: nine),
            ])
        let text = String(decoding: script, as: UTF8.self)
        #expect(text.contains("(G.specs = G.specs || {})[4] = "))
        #expect(!text.contains("<b>") && !text.contains("</script>"))
        let chunk = try #require(try Self.json(ofScript: script) as? [String: Any])
        let sections = try #require(chunk["sections"] as? [[String: Any]])
        #expect(sections.map { $0["id"] as? String } == ["engine", "frame"])
        #expect(
            sections.map { $0["rows"] as? [[String]] } == [
                [["bore", "Bore"], ["feed", "Feed"]], [["tyres", "Tyres <b>"]],
            ])
        let bikes = try #require(chunk["motorcycles"] as? [String: [Any]])
        let first = try #require(bikes["7"])
        #expect((first[0] as? [String: Any])?["raw"] as? Double == 88)
        #expect((first[0] as? [String: Any])?["unit"] as? String == "mm")
        #expect((first[1] as? [String: String]) == ["text": "Carburatore", "lang": "it"])
        #expect(first[2] is NSNull)
        let second = try #require(bikes["9"])
        #expect(second[0] is NSNull)
        #expect(second[1] as? String == "Injection")
        #expect(second[2] as? String == "3.50\" </script>")
        let heads = try #require(chunk["heads"] as? [String: [String]])
        #expect(
            heads == [
                "7": ["Seven", "1971", "moto/seven/index.html"],
                "9": ["Nine </script>", "1972", "moto/nine/index.html"],
            ])
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    /// One list of a motorcycle's fields: the scripts' data holds index.json's in the same order (and the spec chunk
    /// that holds the bike), with the same values.
    @Test func theScriptsFieldsAreIndexFieldsFromOneList() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let data = try #require(
            try Self.json(ofScript: SiteFixtures.read(out + "/en/data/catalogue-0.js")) as? [String: Any])
        let fields = try #require(data["fields"] as? [String])
        let rows = try #require(data["motorcycles"] as? [[Any]])
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(SiteFixtures.read(out + "/en/index.json").utf8))
                as? [String: Any])
        let bikes = try #require(index["motorcycles"] as? [[String: Any]])
        #expect(fields == BikeFields.fields(of: .index).map(\.name.description).filter(fields.contains))
        for (row, bike) in zip(rows, bikes) {
            for (position, field) in fields.enumerated() {
                #expect("\(row[position])" == "\(bike[field]!)", "\(field)")
            }
        }
    }

    /// The scripts make each record from a literal with every field the build can write for them
    /// (`emptyRecord` in js/core.js): a field missing there still works, but as a property added by a computed
    /// name, which past a dozen puts every record in V8's slow dictionary mode.
    @Test func theScriptsRecordLiteralNamesEveryFieldTheirDataCanHold() throws {
        let core = SiteFixtures.read(SiteFixtures.repositoryRoot + "/Resources/assets/js/core.js")
        let start = try #require(core.range(of: "function emptyRecord() {"))
        let end = try #require(core.range(of: "};", range: start.upperBound..<core.endIndex))
        let literal = core[start.upperBound..<end.lowerBound]
        let names = literal.split(separator: "\n").compactMap { line -> String? in
            let text = line.trimmingCharacters(in: .whitespaces)
            return text.hasSuffix(": null,") ? String(text.dropLast(": null,".count)) : nil
        }
        let written = BikeFields.fields(of: .scripts, thumbnails: true, history: true).map(\.name.description)
        #expect(Set(written).subtracting(names).isEmpty, "not in emptyRecord: \(Set(written).subtracting(names))")
        #expect(names.contains("position") && names.contains("url"))
    }

    /// A long catalogue's data comes in parts of `cataloguePartSize` bikes in the default order, each a script that
    /// runs on its own; every page names them all, from its own folder.
    @Test func aLongCatalogueComesInPartsThatEveryPageNames() throws {
        let catalogue = Self.catalogue(2_345)
        let editions = try Self.editions()
        let plan = SitePlan(catalogue: catalogue, editions: editions)
        let files = BrowserData.files(plan: plan, editions: editions).filter { $0.path.hasPrefix("en/data/catalogue") }
        #expect(files.map(\.path) == (0..<3).map { "en/data/catalogue-\($0).js" })
        var ids: [Int] = []
        for (number, file) in files.enumerated() {
            let data = try #require(try Self.json(ofScript: file.make()) as? [String: Any])
            #expect(data["parts"] as? Int == 3)
            #expect(data["start"] as? Int == number * BrowserData.cataloguePartSize)
            let rows = try #require(data["motorcycles"] as? [[Any]])
            #expect(rows.count == (number < 2 ? BrowserData.cataloguePartSize : 345))
            ids += rows.map { $0[0] as! Int }
            #expect(String(decoding: file.make(), as: UTF8.self).contains("catalogueParts || [])[\(number)] = {"))
        }
        #expect(ids == Self.newestFirst(catalogue))
        let options = SiteFixtures.buildOptions(output: "/nonexistent")
        let site = try Site(
            plan: plan, editions: editions, library: try SiteBuilder.loadInputs(options).library,
            assets: try SiteAssets(folder: options.resourcesPath + "/assets"))
        let page = try #require(plan.pages.first { $0.route.filePath == "it/moto/bike-1-1921/index.html" })
        let html = String(decoding: try site.render(page), as: UTF8.self)
        #expect(
            html.contains(
                "data-catalogue=\"../../../it/data/catalogue-0.js ../../../it/data/catalogue-1.js "
                    + "../../../it/data/catalogue-2.js\""))
    }

    /// A few hundred bikes are cut into chunks by id (its id divided by the chunk size, so the compare page finds
    /// a chunk from the ids in its address), each in one file per edition, never one file per bike.
    @Test func specsAreChunkedByIdAndCoverEveryBike() throws {
        let catalogue = Self.catalogue(601)  // ids 3, 6, … 1 803
        let editions = try Self.editions()
        let plan = SitePlan(catalogue: catalogue, editions: editions)
        let chunks = BrowserData.specChunks(plan)
        #expect(chunks.map(\.number) == Array(0...36))
        let ids = chunks.map { $0.indices.map { catalogue.motorcycles[$0].id } }
        for (chunk, inside) in zip(chunks, ids) {
            #expect(inside.allSatisfy { $0 / BrowserData.specChunkSize == chunk.number }, "chunk \(chunk.number)")
        }
        #expect(ids.flatMap { $0 } == catalogue.motorcycles.map(\.id).sorted())
        let files = BrowserData.files(plan: plan, editions: editions)
        let names: [String] = ["catalogue-0.js"] + (0...36).map { "specs-id-\($0).js" }
        let paths: [String] = editions.languages.flatMap { lang in names.map { "\(lang.rawValue)/data/\($0)" } }
        #expect(files.map(\.path) == paths)
        let catalogueData = try #require(try Self.json(ofScript: files[0].make()) as? [String: Any])
        #expect((catalogueData["fields"] as? [String])?.contains("specs") == false, "the page finds the chunk")
        for (chunk, inside) in zip(chunks, ids) {
            let data = try #require(try Self.json(ofScript: files[1 + chunk.number].make()) as? [String: Any])
            let rows = (data["motorcycles"] as? [String: Any]) ?? [:]
            let heads = (data["heads"] as? [String: [String]]) ?? [:]
            #expect(Set(rows.keys.compactMap { Int($0) }) == Set(inside))
            #expect(Set(heads.keys) == Set(rows.keys), "each motorcycle's name, years and page beside its rows")
        }
        let first = try #require(try Self.json(ofScript: files[1].make()) as? [String: Any])
        let head = try #require((first["heads"] as? [String: [String]])?["3"])
        #expect(
            head == [
                "Bike 1", plan.edition(editions.languages[0]).motorcycles[0].texts.years,
                "moto/\(try #require(Permalinks.slugs(for: catalogue.motorcycles)[3]))/index.html",
            ])
        // the same bytes every time
        #expect(files.map { $0.make() } == BrowserData.files(plan: plan, editions: editions).map { $0.make() })
    }

    @Test func aLongCatalogueIsSplitIntoPlainPagesInBothEditions() throws {
        let catalogue = Self.catalogue(601)
        let editions = try Self.editions()
        let plan = SitePlan(catalogue: catalogue, editions: editions)
        let paths = plan.pages.map(\.route.filePath)
        for path in ["en/index.html", "en/page/2/index.html", "en/page/3/index.html", "it/pagina/3/index.html"] {
            #expect(paths.contains(path), "\(path)")
        }
        #expect(!paths.contains("en/page/4/index.html") && !paths.contains("en/page/1/index.html"))
        let options = SiteFixtures.buildOptions(output: "/nonexistent")
        let library = try SiteBuilder.loadInputs(options).library
        let site = try Site(
            plan: plan, editions: editions, library: library,
            assets: try SiteAssets(folder: options.resourcesPath + "/assets"),
            publishing: Publishing(baseURL: "https://example.org/"))
        let page = try #require(plan.pages.first { $0.route.filePath == "it/pagina/2/index.html" })
        #expect(page.twins["en"]?.filePath == "en/page/2/index.html")
        let html = String(decoding: try site.render(page), as: UTF8.self)
        let listed = html.components(separatedBy: "<li class=\"bike-item\" data-id=\"").dropFirst()
            .compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(listed == Array(Self.newestFirst(catalogue)[250..<500]))
        #expect(html.contains("<title>Il catalogo, pagina 2 di 3 · Guzzi Tracker</title>"))
        #expect(html.contains("<a href=\"../../../it/pagina/2/index.html\" aria-current=\"page\">2</a>"))
        #expect(html.contains("<a href=\"../../../it/index.html\">1</a>"))
        #expect(!html.contains("catalogue-tools"), "the search tools are on the first page only")
        let first = try #require(plan.pages.first { $0.route.filePath == "en/index.html" })
        let firstHTML = String(decoding: try site.render(first), as: UTF8.self)
        #expect(firstHTML.contains("Motorcycles 1–250 of 601"))
        #expect(firstHTML.contains("<a href=\"../en/page/3/index.html\">3</a>"))
    }

    @Test func theSampleCatalogueIsOnePageWithoutAPager() throws {
        let out = SiteFixtures.temporaryFolder() + "/site"
        _ = try SiteBuilder.build(SiteFixtures.buildOptions(output: out))
        let html = SiteFixtures.read(out + "/en/index.html")
        #expect(!html.contains("catalogue-pager"))
        #expect(!FileManager.default.fileExists(atPath: out + "/en/page"))
        #expect(html.contains("<template id=\"bike-row\">"))
    }
}
