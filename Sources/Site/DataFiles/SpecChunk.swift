import Catalogue
import Templating

/// A spec chunk, `<lang>/data/specs-id-<n>.js`: the spec rows of `BrowserData.specChunkSize` motorcycles for the
/// compare page.
///
/// The sections and rows (id, label) come once, then per motorcycle id its cells in that order, then per id what
/// the table's head shows (name, years, the page from the edition's folder), so compare needs no other data.
/// A cell is `null`
/// (no value: a dash), a text, `{"text", "lang"}` (a text in a fallback language) or `{"text", "unit", "raw"}` (a
/// figure the unit switch converts). Every sheet has the rows of `SpecSheet.layout`, so the first sheet's are every
/// sheet's. (compare.js still lines up chunks whose rows differ, as an older chunk kept offline may.)
///
/// Written straight into bytes: the chunks hold every figure of every bike, and building a string per cell made
/// them a tenth of a fresh build.
enum SpecChunk {
    struct Sheet {
        let id: Int
        /// Name, years, page.
        let head: [String]
        let sections: [SpecSheet.Section]
    }

    /// The chunk of these sheets, in this order.
    static func script(_ number: Int, language: Language, sheets: [Sheet]) -> [UInt8] {
        var out = ByteBuffer(capacity: 1_024 * sheets.count)
        out.append(utf8: "/* Guzzi Tracker (\(language.rawValue)): specifications, part \(number), for the compare")
        out.append(" page. Written by guzzi-site build; do not edit. */\n(function (G) {\n")
        out.append(utf8: "(G.specs = G.specs || {})[\(number)] = {\"sections\":[")
        for (at, section) in (sheets.first?.sections ?? []).enumerated() {
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
        for (position, sheet) in sheets.enumerated() {
            out.append(position == 0 ? "\"" : ",\n\"")
            out.append(integer: Int64(sheet.id))
            out.append("\":[")
            var first = true
            for section in sheet.sections {
                for row in section.rows {
                    if !first { out.append(UInt8(ascii: ",")) }
                    first = false
                    Self.append(row.cell, to: &out)
                }
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("\n},\"heads\":{\n")
        for (position, sheet) in sheets.enumerated() {
            out.append(position == 0 ? "\"" : ",\n\"")
            out.append(integer: Int64(sheet.id))
            out.append("\":[")
            for (at, text) in sheet.head.enumerated() {
                if at > 0 { out.append(UInt8(ascii: ",")) }
                Escaping.appendJSONString(text, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("\n}};\n})(globalThis.GuzziTracker = globalThis.GuzziTracker || {});\n")
        return out.bytes()
    }

    /// A cell as JSON (see above).
    static func append(_ cell: SpecSheet.Cell, to out: inout ByteBuffer) {
        guard let text = cell.text else {
            out.append("null")
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
