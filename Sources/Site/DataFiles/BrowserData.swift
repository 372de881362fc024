import Catalogue
import Templating

/// The data the browser scripts read, written as classic scripts per edition (`<lang>/data/*.js`).
///
/// Why scripts and not JSON: a page opened from disk (`file://`) may not `fetch()` another file, but it may load
/// one with `<script src>`, in Chromium and Firefox alike. Each file assigns JSON (escaped by `JSONBuilder`, so no
/// text can end the script) to the `GuzziTracker` namespace that `Resources/assets/js/*.js` read:
/// - `data/catalogue-<n>.js`: every motorcycle in the default order, one array per bike under `fields`, for the
///   catalogue and Garage pages (figures raw and metric, texts formatted as on the pages; with the photo
///   sidecar, each row's thumbnail as `ListThumbnails` gives it), in parts of `cataloguePartSize` bikes. Why
///   parts: a phone takes a tenth of a second to run a script of 10 000 bikes, and nothing can answer a reader
///   meanwhile; a part runs in a few milliseconds, each in its own task. Pages name the parts
///   (`cataloguePaths`), and the scripts load them when the reader asks for something that needs them;
/// - `data/specs-id-<n>.js`: the spec rows of the motorcycle pages (the same rows, labels and texts: both come
///   from `SpecSheet`) and each one's name, years and page, for compare: chunk n holds the ids from
///   `specChunkSize` × n to `specChunkSize` × n + 49, so compare finds a chunk from an id, loads a few files, and
///   the build writes a few, not one per motorcycle; an edit, an addition or a removal touches one chunk.
struct BrowserData {
    /// Small enough that an edit of one motorcycle writes few others' spec rows again, large enough that a
    /// comparison loads a handful of files.
    static let specChunkSize = 50
    /// Bikes per part of the catalogue's data: a part of 1 000 runs in ~5 ms on a desktop, under 50 ms on a phone
    /// four times slower (a "long task" is over 50 ms).
    static let cataloguePartSize = 1_000

    let edition: Edition
    let plan: SitePlan
    /// The spec chunk of a motorcycle: its id divided by `specChunkSize`. Why by the id alone: the compare page
    /// knows the ids from its address, and so asks for their chunks while the page is still arriving, before any
    /// other data (Templates/pages/compare.html); and an edit, an addition or a removal touches one chunk.
    static func specChunk(ofID id: Int) -> Int { id / specChunkSize }

    /// The chunks (number, motorcycle indices in id order), in the order of their numbers; a number no id falls
    /// in has no file.
    static func specChunks(_ plan: SitePlan) -> [(number: Int, indices: [Int])] {
        let bikes = plan.catalogue.motorcycles
        let byID = bikes.indices.sorted { bikes[$0].id < bikes[$1].id }
        var chunks: [(number: Int, indices: [Int])] = []
        for index in byID {
            let number = specChunk(ofID: bikes[index].id)
            if chunks.last?.number == number {
                chunks[chunks.count - 1].indices.append(index)
            } else {
                chunks.append((number, [index]))
            }
        }
        return chunks
    }

    /// Every data file of every edition, each made by its own closure (written in parallel with the pages).
    static func files(plan: SitePlan, editions: Editions) -> [(path: String, make: @Sendable () -> [UInt8])] {
        let chunks = specChunks(plan)
        var files: [(path: String, make: @Sendable () -> [UInt8])] = []
        for edition in editions.all {
            let data = BrowserData(edition: edition, plan: plan)
            let folder = edition.language.rawValue + "/data/"
            let parts = cataloguePartCount(plan)
            for part in 0..<parts {
                files.append(
                    (
                        folder + cataloguePartName(part),
                        { data.catalogueScript(part: part, of: parts) }
                    ))
            }
            for (number, indices) in chunks {
                files.append((folder + specFileName(number), { data.specsScript(number, indices: indices) }))
            }
        }
        return files
    }

    /// The name of a spec chunk's file, `{n}` its number: the compare page is given it to find the chunks.
    /// (`specs-<n>.js` was the name of chunks cut by position and without names: a new name, so that an offline
    /// worker's copy of one of those never stands in for a chunk of this kind.)
    static let specFilePattern = "specs-id-{n}.js"

    static func specFileName(_ number: Int) -> String { specFilePattern.replacing("{n}", with: String(number)) }

    static func cataloguePartName(_ number: Int) -> String { "catalogue-\(number).js" }

    /// At least one part, also for an empty catalogue, so the scripts always find the edition's header.
    static func cataloguePartCount(_ plan: SitePlan) -> Int {
        max(1, (plan.catalogue.motorcycles.count + cataloguePartSize - 1) / cataloguePartSize)
    }

    /// The parts of the catalogue's data, from the edition's folder (`data/catalogue-0.js`, …): what a page
    /// gives the scripts to load.
    static func cataloguePaths(_ plan: SitePlan) -> [String] {
        (0..<cataloguePartCount(plan)).map { "data/" + cataloguePartName($0) }
    }

    /// Part `part` of `parts`: the header (edition, fields, number of parts) and its motorcycles.
    func catalogueScript(part: Int, of parts: Int) -> [UInt8] {
        let order = plan.edition(edition.language).newestFirst
        let range =
            min(part * Self.cataloguePartSize, order.count)..<min((part + 1) * Self.cataloguePartSize, order.count)
        // `thumb` only with the photo sidecar, so the file stays as it was without one.
        let thumbnails = ListThumbnails(photos: plan.photos, language: edition.language)
        var json = JSONBuilder(capacity: 1_024 + 300 * range.count)
        json.whitespace(
            "/* Guzzi Tracker (\(edition.language.rawValue)): the catalogue for the catalogue and Garage"
                + " pages, part \(part + 1) of \(parts). Written by guzzi-site build; do not edit. */\n"
                + "(function (G) {\n(G.catalogueParts = G.catalogueParts || [])[\(part)] = ")
        json.openObject()
        json.editionMembers(version: plan.catalogue.version, edition: edition)
        json.key("parts")
        json.integer(parts)
        json.key("start")
        json.integer(range.lowerBound)
        // the motorcycles' pages, from the edition's folder: the scripts put each row's slug in its place
        json.key("bike_url")
        json.string(SitePlan.motorcycleFile(edition.language, slug: "{slug}"))
        let fields = BikeFields.fields(of: .scripts, thumbnails: thumbnails.areShown, history: plan.history != nil)
        json.key("fields")
        json.openArray()
        for field in fields { json.string(field.name.description) }
        json.closeArray()
        json.key("motorcycles")
        json.openArray()
        json.whitespace("\n")
        for motorcycle in order[range] {
            let row = BikeFields.Row(
                bike: motorcycle.bike, texts: motorcycle.texts, slug: motorcycle.slug, url: "", thumbnails: thumbnails,
                added: plan.history?.addedOrder(motorcycle.position))
            json.separator(",\n")
            json.openArray()
            for field in fields { field.write(row, &json) }
            json.closeArray()
        }
        json.whitespace("\n")
        json.closeArray()
        json.closeObject()
        json.whitespace(";\n})((globalThis.GuzziTracker = globalThis.GuzziTracker || {}));\n")
        return json.bytes
    }

    /// One spec chunk (see `SpecChunk`): the rows of these motorcycles' pages, from the same `SpecSheet`, so
    /// compare shows the rows, labels and texts of the pages without a second list of them.
    func specsScript(_ number: Int, indices: [Int]) -> [UInt8] {
        SpecChunk.script(
            number, language: edition.language,
            sheets: plan.edition(edition.language).motorcycles(at: indices).map { motorcycle in
                let bike = motorcycle.bike
                let url = SitePlan.motorcycleFile(edition.language, slug: motorcycle.slug)
                return SpecChunk.Sheet(
                    id: bike.id, head: [bike.general.name, motorcycle.texts.years, url],
                    sections: SpecSheet(edition: edition, bike: bike, texts: motorcycle.texts).sections)
            })
    }
}
