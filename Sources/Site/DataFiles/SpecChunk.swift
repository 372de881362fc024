import Catalogue
import Templating

/// A spec chunk, `<lang>/data/specs-<n>.js`: the spec rows of a few dozen motorcycles for the compare page.
///
/// The sections and rows (id, label) come once, then per motorcycle id its cells in that order. A cell is `null`
/// (no value: a dash), a text, `{"text", "lang"}` (a text in a fallback language) or `{"text", "unit", "raw"}` (a
/// figure the unit switch converts); `false` marks a row the bike lacks.
///
/// Written straight into bytes: the chunks hold every figure of every bike, and building a string per cell made
/// them a tenth of a fresh build.
enum SpecChunk {
    /// A section of the chunk's columns: its rows, and the index of its first column among all.
    typealias Columns = (id: String, title: String, rows: [(key: String, label: String)], offset: Int)

    /// The chunk of these sheets (motorcycle id, sections), in this order.
    static func script(_ number: Int, language: Language, sheets: [(id: Int, sections: [SpecSheet.Section])])
        -> [UInt8]
    {
        // Every sheet has every row today: then the first one's rows are the columns, and each sheet's cells are
        // written in order, without a search per cell.
        let uniform = sheets.allSatisfy { Self.sameRows($0.sections, sheets[0].sections) }
        let layout = Self.layout(of: uniform ? Array(sheets.prefix(1).map(\.sections)) : sheets.map(\.sections))
        let columns = layout.reduce(0) { $0 + $1.rows.count }
        var out = ByteBuffer(capacity: 1_024 * sheets.count)
        out.append(utf8: "/* Guzzi Tracker (\(language.rawValue)): specifications, part \(number), for the compare")
        out.append(" page. Written by guzzi-site build; do not edit. */\n(function (G) {\n")
        out.append(utf8: "(G.specs = G.specs || {})[\(number)] = {\"sections\":[")
        for (at, section) in layout.enumerated() {
            out.append(at == 0 ? "{\"id\":" : ",{\"id\":")
            Escaping.appendJSONString(section.id, to: &out)
            out.append(",\"title\":")
            Escaping.appendJSONString(section.title, to: &out)
            out.append(",\"rows\":[")
            for (index, row) in section.rows.enumerated() {
                out.append(index == 0 ? "[" : ",[")
                Escaping.appendJSONString(row.key, to: &out)
                out.append(UInt8(ascii: ","))
                Escaping.appendJSONString(row.label, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append("]}")
        }
        out.append("],\"motorcycles\":{\n")
        for (position, (id, sections)) in sheets.enumerated() {
            out.append(position == 0 ? "\"" : ",\n\"")
            out.append(integer: Int64(id))
            out.append("\":[")
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
        out.append("\n}};\n})(globalThis.GuzziTracker = globalThis.GuzziTracker || {});\n")
        return out.bytes()
    }

    /// Every section and row of a chunk's sheets, in the order first met, with each section's first column.
    /// Every sheet has the same rows today; a row some bike lacks would still get its column.
    static func layout(of sheets: [[SpecSheet.Section]]) -> [Columns] {
        var layout: [Columns] = []
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
    static func append(_ cell: SpecSheet.Cell?, to out: inout ByteBuffer) {
        guard let cell, let text = cell.text else {
            out.append(cell == nil ? "false" : "null")
            return
        }
        if let unit = cell.unit, let raw = cell.raw {
            out.append("{\"text\":")
            Escaping.appendJSONString(text, to: &out)
            out.append(",\"unit\":")
            Escaping.appendJSONString(unit, to: &out)
            out.append(",\"raw\":")
            JSONBuilder.append(raw, to: &out)
            out.append(UInt8(ascii: "}"))
        } else if let lang = cell.lang {
            out.append("{\"text\":")
            Escaping.appendJSONString(text, to: &out)
            out.append(",\"lang\":")
            Escaping.appendJSONString(lang.rawValue, to: &out)
            out.append(UInt8(ascii: "}"))
        } else {
            Escaping.appendJSONString(text, to: &out)
        }
    }
}
