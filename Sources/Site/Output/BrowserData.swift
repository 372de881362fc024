import Catalogue
import Templating

/// The data the browser scripts read, written as classic scripts per edition (`<lang>/data/*.js`).
///
/// Why scripts and not JSON: a page opened from disk (`file://`) may not `fetch()` another file, but it may load
/// one with `<script src>`, in Chromium and Firefox alike. Each file assigns JSON (escaped by `JSONWriter`, so no
/// text can end the script) to the `GuzziTracker` namespace that `Resources/assets/js/*.js` read:
/// - `data/catalogue.js`: every motorcycle in the default order, one array per bike under `fields`, for the
///   catalogue, Garage and compare pages (figures raw and metric, texts formatted as on the pages; with the photo
///   sidecar, each row's thumbnail as `ListThumbnails` gives it);
/// - `data/specs-<n>.js`: the spec rows of the motorcycle pages (the same rows, labels and texts: both come
///   from `SpecSheet`), for compare, in chunks of `specChunkSize` bikes by id, so compare loads a few chunks and
///   the build writes a few files, not one per motorcycle. A bike with a higher id than all others lands in the
///   last chunk, so adding one rewrites one chunk.
struct BrowserData {
    /// Small enough that an edit of one motorcycle makes few others' spec rows again (a chunk is made from
    /// their page models), large enough that a comparison loads a handful of files.
    static let specChunkSize = 50

    let edition: Edition
    let plan: SitePlan
    /// For each motorcycle index, the spec chunk that holds it.
    let chunkOf: [Int]

    /// Motorcycle indices in id order, cut into chunks of `specChunkSize`.
    static func specChunks(_ plan: SitePlan) -> [[Int]] {
        let bikes = plan.catalogue.motorcycles
        let byID = bikes.indices.sorted { bikes[$0].id < bikes[$1].id }
        return stride(from: 0, to: byID.count, by: specChunkSize).map {
            Array(byID[$0..<min($0 + specChunkSize, byID.count)])
        }
    }

    /// Every data file of every edition, each made by its own closure (written in parallel with the pages).
    /// `members`: for a spec chunk, the motorcycles it holds (whose page models are all it is made from).
    static func files(plan: SitePlan, editions: Editions) -> [(
        path: String, members: [Int]?, make: @Sendable () -> [UInt8]
    )] {
        let chunks = specChunks(plan)
        var chunkOf = [Int](repeating: 0, count: plan.catalogue.motorcycles.count)
        for (number, indices) in chunks.enumerated() { for index in indices { chunkOf[index] = number } }
        var files: [(path: String, members: [Int]?, make: @Sendable () -> [UInt8])] = []
        for language in editions.languages {
            let data = BrowserData(edition: editions[language]!, plan: plan, chunkOf: chunkOf)
            let folder = language.rawValue + "/data/"
            files.append((folder + "catalogue.js", nil, { Array(data.catalogueScript(chunkCount: chunks.count).utf8) }))
            for (number, indices) in chunks.enumerated() {
                files.append((folder + specFileName(number), indices, { data.specsScript(number, indices: indices) }))
            }
        }
        return files
    }

    static func specFileName(_ number: Int) -> String { "specs-\(number).js" }

    static let catalogueFields: [StaticString] = [
        "id", "slug", "name", "family", "first", "last", "years", "cycle", "displacement", "nominal", "bore",
        "stroke", "power", "weight", "wheelbase", "displacement_text", "power_text", "specs",
    ]

    func catalogueScript(chunkCount: Int) -> String {
        let bikes = plan.catalogue.motorcycles
        // `thumb` only with the photo sidecar, so the file stays as it was without one.
        let thumbnails = ListThumbnails(photos: plan.photos, language: edition.language)
        let rows = plan.defaultOrder.map { index -> String in
            let bike = bikes[index]
            let e = bike.engine
            let texts = plan.texts[edition.language]![index]
            let values = [
                String(bike.id), JSONWriter.string(plan.slugs[bike.id]!), JSONWriter.string(bike.general.name),
                JSONWriter.text(bike.general.family), String(bike.general.firstYear),
                bike.general.lastYear.map(String.init) ?? "null", JSONWriter.string(texts.years),
                String(e.strokeCycle), JSONWriter.number(e.displacementReal), JSONWriter.number(e.displacementNominal),
                JSONWriter.number(e.bore), JSONWriter.number(e.stroke), JSONWriter.number(e.power?.peak),
                JSONWriter.number(bike.capacities.weight), JSONWriter.number(bike.frame.wheelbase),
                JSONWriter.text(texts.displacement), JSONWriter.text(texts.power), String(chunkOf[index]),
            ]
            return JSONWriter.array(thumbnails.areShown ? values + [thumbnails.cell(bike)] : values)
        }
        let fields = Self.catalogueFields.map { "\"\($0)\"" } + (thumbnails.areShown ? ["\"thumb\""] : [])
        let specs = (0..<chunkCount).map { JSONWriter.string(Self.specFileName($0)) }
        let object = JSONWriter.object([
            ("version", String(plan.catalogue.version)),
            ("lang", JSONWriter.string(edition.language.rawValue)),
            ("locale", JSONWriter.string(edition.localization.locale.replacingOccurrences(of: "_", with: "-"))),
            ("specs", JSONWriter.array(specs)),
            ("fields", JSONWriter.array(fields)),
            ("motorcycles", "[\n" + rows.joined(separator: ",\n") + "\n]"),
        ])
        return "/* Guzzi Tracker (\(edition.language.rawValue)): the catalogue for the catalogue, Garage and compare"
            + " pages. Written by guzzi-site build; do not edit. */\n"
            + "(globalThis.GuzziTracker = globalThis.GuzziTracker || {}).catalogue = " + object + ";\n"
    }

    /// One chunk: the sections and rows (id, label) once, then per motorcycle id its cells in that order.
    /// A cell is `null` (no value: a dash), a text, `{"text", "lang"}` (a text in a fallback language) or
    /// `{"text", "unit", "raw"}` (a figure the unit switch converts); `false` marks a row the bike lacks.
    ///
    /// The rows are those of the motorcycle pages, from the same `SpecSheet`, so compare shows the rows, labels
    /// and texts of the pages without a second list of them.
    ///
    /// Written straight into bytes: the chunks hold every figure of every bike, and building a string per cell
    /// made them a tenth of a fresh build.
    func specsScript(_ number: Int, indices: [Int]) -> [UInt8] {
        let bikes = plan.catalogue.motorcycles
        let texts = plan.texts[edition.language]!
        return Self.specsScript(
            number, language: edition.language,
            sheets: indices.map {
                (bikes[$0].id, SpecSheet(edition: edition, bike: bikes[$0], texts: texts[$0]).sections)
            })
    }

    /// The chunk of these sheets (motorcycle id, sections), in this order.
    static func specsScript(_ number: Int, language: Language, sheets: [(id: Int, sections: [SpecSheet.Section])])
        -> [UInt8]
    {
        // Every sheet has every row today: then the first one's rows are the columns, and each sheet's cells are
        // written in order, without a search per cell.
        let uniform = sheets.allSatisfy { Self.sameRows($0.sections, sheets[0].sections) }
        let layout = Self.layout(of: uniform ? Array(sheets.prefix(1).map(\.sections)) : sheets.map(\.sections))
        let columns = layout.reduce(0) { $0 + $1.rows.count }
        var out: [UInt8] = []
        out.reserveCapacity(1_024 * sheets.count)
        out +=
            "/* Guzzi Tracker (\(language.rawValue)): specifications, part \(number), for the compare"
            .utf8
        out += " page. Written by guzzi-site build; do not edit. */\n(function (G) {\n".utf8
        out += "(G.specs = G.specs || {})[\(number)] = {\"sections\":[".utf8
        for (at, section) in layout.enumerated() {
            out += (at == 0 ? "{\"id\":" : ",{\"id\":").utf8
            Escaping.appendJSONString(section.id, to: &out)
            out += ",\"title\":".utf8
            Escaping.appendJSONString(section.title, to: &out)
            out += ",\"rows\":[".utf8
            for (index, row) in section.rows.enumerated() {
                out += (index == 0 ? "[" : ",[").utf8
                Escaping.appendJSONString(row.key, to: &out)
                out.append(UInt8(ascii: ","))
                Escaping.appendJSONString(row.label, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out += "]}".utf8
        }
        out += "],\"motorcycles\":{\n".utf8
        for (position, (id, sections)) in sheets.enumerated() {
            out += (position == 0 ? "\"" : ",\n\"").utf8
            out += String(id).utf8
            out += "\":[".utf8
            if uniform {
                var first = true
                for section in sections {
                    for row in section.rows {
                        if !first { out.append(UInt8(ascii: ",")) }
                        first = false
                        Self.append(row.cell, to: &out)
                    }
                }
            } else {
                var cells = [SpecSheet.Cell?](repeating: nil, count: columns)
                for section in sections {
                    let at = layout.firstIndex { $0.id == section.id }!
                    for row in section.rows {
                        cells[layout[at].offset + layout[at].rows.firstIndex { $0.key == row.key }!] = row.cell
                    }
                }
                for (at, cell) in cells.enumerated() {
                    if at > 0 { out.append(UInt8(ascii: ",")) }
                    Self.append(cell, to: &out)
                }
            }
            out.append(UInt8(ascii: "]"))
        }
        out += "\n}};\n})(globalThis.GuzziTracker = globalThis.GuzziTracker || {});\n".utf8
        return out
    }

    /// Every section and row of a chunk's sheets, in the order first met, with each section's first column.
    /// Every sheet has the same rows today; a row some bike lacks would still get its column.
    static func layout(of sheets: [[SpecSheet.Section]]) -> [(
        id: String, title: String, rows: [(key: String, label: String)], offset: Int
    )] {
        var layout: [(id: String, title: String, rows: [(key: String, label: String)], offset: Int)] = []
        for section in sheets.joined() {
            var at = layout.firstIndex { $0.id == section.id }
            if at == nil {
                layout.append((section.id, section.title, [], 0))
                at = layout.count - 1
            }
            for row in section.rows where !layout[at!].rows.contains(where: { $0.key == row.key }) {
                layout[at!].rows.append((row.key, row.label))
            }
        }
        var offset = 0
        for at in layout.indices {
            layout[at].offset = offset
            offset += layout[at].rows.count
        }
        return layout
    }

    /// Whether two sheets have the same sections and rows, in the same order.
    static func sameRows(_ a: [SpecSheet.Section], _ b: [SpecSheet.Section]) -> Bool {
        guard a.count == b.count else { return false }
        for at in a.indices {
            guard a[at].id == b[at].id, a[at].rows.count == b[at].rows.count else { return false }
            for row in a[at].rows.indices where a[at].rows[row].key != b[at].rows[row].key { return false }
        }
        return true
    }

    /// A cell as JSON (see `specsScript`); `nil` is a row the bike lacks.
    static func append(_ cell: SpecSheet.Cell?, to out: inout [UInt8]) {
        guard let cell, let text = cell.text else {
            out += (cell == nil ? "false" : "null").utf8
            return
        }
        if let unit = cell.unit, let raw = cell.raw {
            out += "{\"text\":".utf8
            Escaping.appendJSONString(text, to: &out)
            out += ",\"unit\":".utf8
            Escaping.appendJSONString(unit, to: &out)
            out += ",\"raw\":".utf8
            out += JSONWriter.number(raw).utf8
            out.append(UInt8(ascii: "}"))
        } else if let lang = cell.lang {
            out += "{\"text\":".utf8
            Escaping.appendJSONString(text, to: &out)
            out += ",\"lang\":".utf8
            Escaping.appendJSONString(lang.rawValue, to: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            Escaping.appendJSONString(text, to: &out)
        }
    }
}
