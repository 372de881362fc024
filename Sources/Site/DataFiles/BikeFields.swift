import Catalogue

/// The fields of a motorcycle the data files give, in their order: one list for `<lang>/index.json` (for other
/// programs: every field, as object members) and the browser's `<lang>/data/catalogue-<n>.js` (the fields the
/// scripts read, as arrays under a `fields` header). A field the scripts need is added here, once.
///
/// Figures are metric and raw (the scripts convert units and format them with `Intl.NumberFormat`); texts are the
/// edition's, already formatted, for the list rows.
enum BikeFields {
    enum File {
        case index, scripts
    }

    /// What a field is written from.
    struct Row {
        let bike: Motorcycle
        let texts: BikeTexts
        let slug: String
        /// The motorcycle's page, from the edition's folder.
        let url: String
        let thumbnails: ListThumbnails
        /// The order of the release that added it (1 for the first release of the history), with a history.
        var added: Int? = nil
    }

    struct Field {
        let name: StaticString
        let files: Set<File>
        let write: @Sendable (Row, inout JSONBuilder) -> Void
    }

    /// The fields of `file`; `thumb` (a list row's photo) only with thumbnails, and `added` (the "latest added"
    /// ordering's) only with a history, so the data is what it was without a photo or a history sidecar.
    static func fields(of file: File, thumbnails: Bool = false, history: Bool = false) -> [Field] {
        all.filter { field in
            let name = field.name.description
            return field.files.contains(file) && (thumbnails || name != "thumb") && (history || name != "added")
        }
    }

    private static let both: Set<File> = [.index, .scripts]

    private static func figure(
        _ name: StaticString, _ files: Set<File>, _ value: @escaping @Sendable (Motorcycle) -> Double?
    )
        -> Field
    {
        Field(name: name, files: files) { row, json in json.number(value(row.bike)) }
    }

    static let all: [Field] = [
        Field(name: "id", files: both) { row, json in json.integer(row.bike.id) },
        Field(name: "slug", files: both) { row, json in json.string(row.slug) },
        Field(name: "name", files: both) { row, json in json.string(row.bike.general.name) },
        Field(name: "family", files: both) { row, json in json.text(row.bike.general.family) },
        Field(name: "first", files: both) { row, json in json.integer(row.bike.general.firstYear) },
        Field(name: "last", files: both) { row, json in json.number(row.bike.general.lastYear.map(Double.init)) },
        Field(name: "years", files: both) { row, json in json.string(row.texts.years) },
        Field(name: "cycle", files: both) { row, json in json.integer(row.bike.engine.strokeCycle) },
        figure("displacement", both) { $0.engine.displacementReal },
        figure("nominal", both) { $0.engine.displacementNominal },
        figure("bore", both) { $0.engine.bore },
        figure("stroke", both) { $0.engine.stroke },
        figure("power", both) { $0.engine.power?.peak },
        figure("rpm", [.index]) { $0.engine.power?.rpm },
        figure("weight", both) { $0.capacities.weight },
        figure("wheelbase", both) { $0.frame.wheelbase },
        figure("max_speed", both) { $0.capacities.maxSpeed },
        figure("fuel", [.index]) { $0.capacities.fuelCapacity },
        figure("consumption", [.index]) { $0.capacities.fuelConsumption },
        Field(name: "displacement_text", files: both) { row, json in json.text(row.texts.displacement) },
        Field(name: "power_text", files: both) { row, json in json.text(row.texts.power) },
        // the scripts write these two from the figures (G.measure): their texts were 11 % of the scripts' data
        Field(name: "weight_text", files: [.index]) { row, json in json.text(row.texts.weight) },
        Field(name: "max_speed_text", files: [.index]) { row, json in json.text(row.texts.maxSpeed) },
        Field(name: "url", files: [.index]) { row, json in json.string(row.url) },
        Field(name: "image", files: [.index]) { row, json in json.text(row.bike.images.first) },
        Field(name: "thumb", files: [.scripts]) { row, json in row.thumbnails.cell(row.bike, into: &json) },
        Field(name: "added", files: both) { row, json in json.number(row.added.map(Double.init)) },
    ]
}
