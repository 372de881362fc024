import Dispatch
import Files
import Synchronization

/// Walks a parsed document and builds the catalogue, reporting whatever does not fit the schema.
///
/// It keeps going after an error, substituting a placeholder, so that one run reports every problem; the
/// catalogue is thrown away at the end if there was any error.
struct CatalogueReader {
    /// A JSON value with the path it was found at, which every message about it needs.
    struct Located {
        let value: JSONValue
        let path: String
    }

    /// Dataset years before the first Guzzi or after this century are surely typos.
    static let plausibleYears = 1900...2100

    private let document: JSONDocument
    /// Internal, not private: the field readers in `CatalogueReader+Fields.swift` report through it.
    var reporter: ProblemReporter
    private var texts = TextTable()
    /// False when `texts` is missing or not an object: that is reported once, not again for every element.
    private var textsAreReadable = false

    init(document: JSONDocument) {
        self.document = document
        reporter = ProblemReporter(bytes: document.bytes)
    }

    var problems: [Problem] { reporter.problems }

    mutating func read() -> Catalogue? {
        if let legacy = LegacySchema.problem(in: document.root) {
            // Hundreds of schema errors would bury the one thing worth saying: this is another format.
            reporter.error("", at: document.root.offset, legacy)
            return nil
        }
        reportDuplicateKeys()
        let root = document.root
        guard root.members != nil else {
            reporter.typeMismatch("", root, expected: "an object with \"version\", \"elements\" and \"texts\"")
            return nil
        }
        let version = integer(in: root, "version", path: "")
        let textsValue = field(in: root, "texts", path: "")
        texts = TextTable(textsValue, reporter: &reporter)
        textsAreReadable = textsValue?.members != nil
        var motorcycles: [Motorcycle] = []
        if let elements = field(in: root, "elements", path: "") {
            if let array = elements.array {
                motorcycles = readElements(array)
            } else {
                reporter.typeMismatch("elements", elements, expected: "an array")
            }
        }
        if textsValue?.members != nil { texts.reportUnused(reporter: &reporter) }
        guard reporter.errorCount == 0 else { return nil }
        return Catalogue(version: version, motorcycles: motorcycles)
    }

    /// A repeated key is an error, as the file is ambiguous there, but for one slip a published dataset had: an
    /// entry of `texts` written twice under one id (the second meant for the next id). The app's decoder kept one
    /// and showed the page, so that is a warning; the first is used, since the entries are in id order and the first
    /// is the one written for that id.
    private mutating func reportDuplicateKeys() {
        var locator = SourceLocator(bytes: document.bytes)
        for duplicate in document.duplicateKeys {
            let first = locator.location(of: duplicate.firstOffset)
            let second = locator.location(of: duplicate.offset)
            let path = document.path(to: duplicate.offset)
            if path == JSONPath.appending(key: duplicate.key, to: "texts") {
                reporter.warning(
                    path, at: duplicate.offset,
                    "texts has two entries \(JSONPath.quoted(duplicate.key)), at lines \(first.line) and "
                        + "\(second.line); the first one, at line \(first.line), is used and the one at line "
                        + "\(second.line) is ignored")
            } else {
                reporter.error(
                    path, at: duplicate.offset,
                    "duplicate key \(JSONPath.quoted(duplicate.key)); the first one, at line \(first.line), "
                        + "column \(first.column), is used")
            }
        }
    }

    /// Ids and their texts are checked in order, one element after another (a duplicate id names the first
    /// one); the elements themselves are then read on all cores, in runs of consecutive elements, each run with
    /// its own reporter. Problems are sorted by their place in the file at the end, so the report is the same
    /// as one pass would give. Why: reading was half of decoding, and decoding ran while the other core idled.
    private mutating func readElements(_ elements: [JSONValue]) -> [Motorcycle] {
        var jobs: [Job] = []
        jobs.reserveCapacity(elements.count)
        var firstPathOfID: [Int: String] = [:]
        for (index, element) in elements.enumerated() {
            let path = JSONPath.appending(index: index, to: "elements")
            guard element.members != nil else {
                reporter.typeMismatch(path, element, expected: "an object")
                continue
            }
            var entry: TextTable.Entry?
            let idPath = path + ".id"
            if let idValue = field(in: element, "id", path: path), let id = integerValue(idValue, path: idPath) {
                if let first = firstPathOfID[id] {
                    reporter.error(idPath, at: idValue.offset, "duplicate id \(id), already used by \(first)")
                } else {
                    firstPathOfID[id] = path
                    entry = texts.entry(for: id)
                    if entry == nil, textsAreReadable {
                        // A slip published datasets have had; the bike still has its figures worth showing.
                        reporter.warning(
                            idPath, at: idValue.offset,
                            "texts has no entry \(JSONPath.quoted(String(id))) for this id; "
                                + "its texts are shown as not stated")
                    }
                }
                jobs.append(Job(index: index, id: id, path: path, entry: entry, isKept: true))
            } else {
                // Read all the same, for the problems in it.
                jobs.append(Job(index: index, id: 0, path: path, entry: nil, isKept: false))
            }
        }
        let runs = min(max(jobs.count / Self.elementsPerRun, 1), 16)
        let jobList = jobs
        let results = Mutex<[Int: (motorcycles: [Motorcycle], reporter: ProblemReporter)]>([:])
        let document = self.document
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            var reader = CatalogueReader(document: document)
            var motorcycles: [Motorcycle] = []
            for job in jobList[(jobList.count * run / runs)..<(jobList.count * (run + 1) / runs)] {
                let motorcycle = reader.readMotorcycle(
                    elements[job.index], id: job.id, path: job.path, entry: job.entry)
                if job.isKept { motorcycles.append(motorcycle) }
            }
            let result = (motorcycles, reader.reporter)
            results.withLock { $0[run] = result }
        }
        var motorcycles: [Motorcycle] = []
        motorcycles.reserveCapacity(jobs.count)
        results.withLock { results in
            for run in 0..<runs {
                motorcycles += results[run]!.motorcycles
                reporter.absorb(results[run]!.reporter)
            }
        }
        return motorcycles
    }

    /// Below this many elements per run, a thread costs more than it saves.
    static let elementsPerRun = 250

    /// One element to read, with what the ordered pass found out about it.
    private struct Job {
        let index: Int
        let id: Int
        let path: String
        let entry: TextTable.Entry?
        /// False when the id is unusable: the element is read only for the problems in it.
        let isKept: Bool
    }

    // MARK: Sections

    /// `entry` is `nil` when the element's texts cannot be known (bad, duplicate or unmatched id); its text keys
    /// are then not checked, since every one of them would fail for the same reason.
    private mutating func readMotorcycle(_ element: JSONValue, id: Int, path: String, entry: TextTable.Entry?)
        -> Motorcycle
    {
        let general = readGeneral(section(element, "general_info", path: path))
        let engine = readEngine(section(element, "engine", path: path), entry: entry)
        let transmission = readTransmission(section(element, "transmission", path: path), entry: entry)
        let frame = readFrame(section(element, "frame", path: path), entry: entry)
        let brakes = readBrakes(section(element, "brakes", path: path), entry: entry)
        let capacities = readCapacities(section(element, "capacities_performances", path: path))
        let notes = text(in: Located(value: element, path: path), "notes", entry: entry)
        let images = readImages(element, path: path)
        return Motorcycle(
            id: id, general: general, engine: engine, transmission: transmission, frame: frame, brakes: brakes,
            capacities: capacities, notes: notes, images: images)
    }

    private mutating func readGeneral(_ object: Located?) -> GeneralInfo {
        guard let object else { return GeneralInfo(family: nil, name: "", firstYear: 0, lastYear: nil) }
        let family = optionalString(in: object, "family").flatMap { $0.isEmpty ? nil : $0 }
        let name = string(in: object, "name", nonEmpty: true)
        let firstYear = year(in: object, "first_year", optional: false)
        let lastYear = year(in: object, "last_year", optional: true)
        if let firstYear, let lastYear, firstYear > lastYear, let value = object.value.member("last_year")?.value {
            reporter.error(
                object.path + ".last_year", at: value.offset,
                "last_year \(lastYear) is before first_year \(firstYear)")
        }
        return GeneralInfo(family: family, name: name, firstYear: firstYear ?? 0, lastYear: lastYear)
    }

    private mutating func readEngine(_ object: Located?, entry: TextTable.Entry?) -> Engine {
        guard let object else {
            return Engine(
                configuration: .empty, strokeCycle: 4, bore: nil, stroke: nil, displacementReal: nil,
                displacementNominal: nil, compression: nil, power: nil, feed: .empty, ignition: .empty)
        }
        let configuration = text(in: object, "configuration", entry: entry)
        var strokeCycle = 4
        if let value = field(in: object.value, "stroke_cycle", path: object.path),
            let cycle = integerValue(value, path: object.path + ".stroke_cycle")
        {
            strokeCycle = cycle
            if cycle != 2 && cycle != 4 {
                reporter.error(
                    object.path + ".stroke_cycle", at: value.offset, "must be 2 or 4, found \(reporter.found(value))")
            }
        }
        let bore = number(in: object, "bore")
        let stroke = number(in: object, "stroke")
        var real: Double?
        var nominal: Double?
        if let displacement = section(object.value, "displacement", path: object.path) {
            real = number(in: displacement, "real")
            nominal = number(in: displacement, "nominal")
        }
        let compression = number(in: object, "compression")
        var power: Power?
        if let value = field(in: object.value, "power", path: object.path), !value.isNull {
            let path = object.path + ".power"
            if value.members != nil {
                let located = Located(value: value, path: path)
                // A peak of 0 is "not stated" (warned), and a power without its peak is no power figure at all.
                power = number(in: located, "peak").map { Power(peak: $0, rpm: optionalNumber(in: located, "rpm")) }
            } else {
                reporter.typeMismatch(path, value, expected: "an object or null")
            }
        }
        let feed = text(in: object, "feed", entry: entry)
        let ignition = text(in: object, "ignition", entry: entry)
        return Engine(
            configuration: configuration, strokeCycle: strokeCycle, bore: bore, stroke: stroke, displacementReal: real,
            displacementNominal: nominal, compression: compression, power: power, feed: feed, ignition: ignition)
    }

    private mutating func readTransmission(_ object: Located?, entry: TextTable.Entry?) -> Transmission {
        guard let object else { return Transmission(gearbox: .empty, clutch: .empty, finalDrive: .empty) }
        return Transmission(
            gearbox: text(in: object, "type", entry: entry), clutch: text(in: object, "clutch", entry: entry),
            finalDrive: text(in: object, "final_drive", entry: entry))
    }

    private mutating func readFrame(_ object: Located?, entry: TextTable.Entry?) -> Frame {
        guard let object else {
            return Frame(
                type: .empty, frontSuspension: .empty, rearSuspension: .empty, wheelbase: nil, wheels: nil, tyres: nil)
        }
        return Frame(
            type: text(in: object, "type", entry: entry),
            frontSuspension: text(in: object, "front_suspension", entry: entry),
            rearSuspension: text(in: object, "rear_suspension", entry: entry),
            wheelbase: number(in: object, "wheelbase"),
            wheels: optionalString(in: object, "wheels"),
            tyres: optionalString(in: object, "tyres"))
    }

    private mutating func readBrakes(_ object: Located?, entry: TextTable.Entry?) -> Brakes {
        guard let object else { return Brakes(type: .empty, frontSize: nil, rearSize: nil, notes: .empty) }
        return Brakes(
            type: text(in: object, "type", entry: entry),
            frontSize: optionalNumber(in: object, "front_size"),
            rearSize: optionalNumber(in: object, "rear_size"),
            notes: text(in: object, "notes", entry: entry))
    }

    private mutating func readCapacities(_ object: Located?) -> Capacities {
        guard let object else {
            return Capacities(
                fuelCapacity: nil, lubricantCapacity: nil, weight: nil, maxSpeed: nil, fuelConsumption: nil)
        }
        return Capacities(
            fuelCapacity: optionalNumber(in: object, "fuel_capacity"),
            lubricantCapacity: optionalNumber(in: object, "lubricant_capacity"),
            weight: number(in: object, "weight"),
            maxSpeed: optionalNumber(in: object, "max_speed"),
            fuelConsumption: optionalNumber(in: object, "fuel_consumption"))
    }

    /// `images` may be absent, `null` or empty: many bikes have no photo.
    private mutating func readImages(_ element: JSONValue, path: String) -> [String] {
        guard let value = element.member("images")?.value, !value.isNull else { return [] }
        let imagesPath = path + ".images"
        guard let array = value.array else {
            reporter.typeMismatch(imagesPath, value, expected: "an array of URLs or null")
            return []
        }
        var urls: [String] = []
        for (index, item) in array.enumerated() {
            let itemPath = JSONPath.appending(index: index, to: imagesPath)
            guard let url = item.string else {
                reporter.typeMismatch(itemPath, item, expected: "a URL string")
                continue
            }
            if let problem = ImageURLRule.problem(with: url) {
                reporter.error(itemPath, at: item.offset, problem)
            } else {
                urls.append(url)
            }
        }
        return urls
    }
}
