import Catalogue
import Templating

/// `<lang>/data/search-texts.js`: the texts each motorcycle's page prints in the edition (the spec texts and the
/// notes, from the same `SpecSheet` the page is drawn from), for the catalogue's search, which loads it when a
/// reader first searches: the catalogue's page loads nothing more before it is interactive.
///
/// Texts repeat across motorcycles ("Dell'Orto carburettor", "Brembo discs"), so each distinct text is written
/// once and a motorcycle lists its texts by position: at 10 000 motorcycles made from the real ones, the file is
/// mostly those lists. Written straight into bytes, as the other data scripts.
enum SearchTexts {
    static let fileName = "search-texts.js"

    /// The rows whose cells are texts a reader may search (not figures, names or years), in the sheet's order;
    /// the notes come after them.
    static let fields: Set<String> = [
        "configuration", "feed", "ignition", "gearbox", "clutch", "final_drive", "frame_type", "front_suspension",
        "rear_suspension", "wheels", "tyres", "brakes_type", "brakes_notes",
    ]

    /// Each searchable row's label as an excerpt names it: the row's own, or with its section's title before it
    /// where another row (or the notes) reads the same ("Type" of the frame and of the brakes: "Brakes · Type").
    static func labels(_ edition: Edition) -> [String: String] {
        var rows: [(key: String, section: String, label: String)] = []
        for (section, words) in zip(SpecSheet.layout, edition.specLabels.sections) {
            for (field, word) in zip(section.fields, words.rows) where fields.contains(field.key) {
                rows.append((field.key, words.title, word.label))
            }
        }
        var counts: [String: Int] = [edition.localization["section_notes"]: 1]
        for row in rows { counts[row.label, default: 0] += 1 }
        return Dictionary(
            uniqueKeysWithValues: rows.map { row in
                (row.key, (counts[row.label] ?? 0) > 1 ? row.section + " · " + row.label : row.label)
            })
    }

    /// Words shorter than this are not in the index: the browser looks in the texts for words of 3 characters or
    /// more (`TEXT_WORD`), and such a word cannot begin a shorter one.
    static let shortestWord = 3

    /// The edition's file: `{"fields": [labels], "texts": [distinct texts], "motorcycles": {"id": [field, text,
    /// field, text, …]}, "words": [folded words], "wordTexts": [[text, …], …]}` under `G.searchTexts`, the fields
    /// and texts by position. The words are every word of the texts, folded as the browser folds a query
    /// (`SearchFolding`) and in its order, so a keystroke finds the texts a word begins with a binary search
    /// instead of reading every text.
    static func script(edition: Edition, plan: SitePlan) -> [UInt8] {
        let language = edition.language
        let bikes = plan.edition(language).newestFirst
        var labels: [String] = []
        var fieldNumbers: [String: Int] = [:]
        var distinct: [String] = []
        var textNumbers: [String: Int] = [:]
        func number(_ text: String) -> Int {
            if let known = textNumbers[text] { return known }
            textNumbers[text] = distinct.count
            distinct.append(text)
            return distinct.count - 1
        }
        func field(_ key: String, _ label: String) -> Int {
            if let known = fieldNumbers[key] { return known }
            fieldNumbers[key] = labels.count
            labels.append(label)
            return labels.count - 1
        }
        let named = Self.labels(edition)
        var lists: [(id: Int, pairs: [Int])] = []
        for motorcycle in bikes {
            let bike = motorcycle.bike
            var pairs: [Int] = []
            for section in SpecSheet(edition: edition, bike: bike, texts: motorcycle.texts).sections {
                for row in section.rows where fields.contains(row.key) {
                    guard let text = row.cell.text, !text.isEmpty else { continue }
                    pairs += [field(row.key, named[row.key] ?? row.label), number(text)]
                }
            }
            if let notes = bike.notes.resolved(for: language, fallbacks: edition.localization.fallbacks) {
                pairs += [field("notes", edition.localization["section_notes"]), number(notes.text)]
            }
            lists.append((bike.id, pairs))
        }
        let index = wordIndex(distinct)
        var out = ByteBuffer(capacity: 80 * distinct.count + 40 * bikes.count + 256)
        out.append(
            utf8: "/* Guzzi Tracker (\(language.rawValue)): the texts of every motorcycle's page, for the search.")
        out.append(" Written by guzzi-site build; do not edit. */\n(function (G) {\nG.searchTexts = {\"fields\":[")
        for (at, label) in labels.enumerated() {
            if at > 0 { out.append(UInt8(ascii: ",")) }
            Escaping.appendJSONString(label, to: &out)
        }
        out.append("],\"texts\":[\n")
        for (at, text) in distinct.enumerated() {
            if at > 0 { out.append(",\n") }
            Escaping.appendJSONString(text, to: &out)
        }
        out.append("\n],\"motorcycles\":{\n")
        for (at, list) in lists.enumerated() {
            out.append(at == 0 ? "\"" : ",\n\"")
            out.append(integer: Int64(list.id))
            out.append("\":[")
            for (position, value) in list.pairs.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out.append(integer: Int64(value))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("\n},\"words\":[\n")
        for (at, entry) in index.enumerated() {
            if at > 0 { out.append(UInt8(ascii: ",")) }
            Escaping.appendJSONString(entry.word, to: &out)
        }
        out.append("\n],\"wordTexts\":[\n")
        for (at, entry) in index.enumerated() {
            out.append(at == 0 ? "[" : ",[")
            for (position, number) in entry.texts.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                out.append(integer: Int64(number))
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("\n]};\n})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));\n")
        return out.bytes()
    }

    /// Every folded word of `texts` of `shortestWord` or more, in the browser's order, with the texts it is in.
    static func wordIndex(_ texts: [String]) -> [(word: String, texts: [Int])] {
        var found: [String: [Int]] = [:]
        for (number, text) in texts.enumerated() {
            for word in SearchFolding.words(text) where word.unicodeScalars.count >= shortestWord {
                if found[word]?.last != number { found[word, default: []].append(number) }
            }
        }
        return found.map { (word: $0.key, texts: $0.value) }.sorted { SearchFolding.precedes($0.word, $1.word) }
    }
}
