import Templating

/// One row of the catalogue's list. The script draws rows from data with the same markup, so the page gives it
/// an empty row (`shape`) to copy.
struct CatalogueRow {
    var id: Value
    var name: String
    var compareLabel: String
    var href: String
    var years: String
    var displacement: String?
    var rawDisplacement: Double?
    var power: String?
    /// Shown on a wide screen only, where the rows are a table whose columns are the orderings (style.css).
    var family: String?
    var weight: String?
    var rawWeight: Double?
    var maxSpeed: String?
    var rawMaxSpeed: Double?
    /// The row's `ListThumbnails` value (null: no photo, or no thumbnails at all).
    var thumb: Value = .null

    static let shape = CatalogueRow(
        id: .text(""), name: "", compareLabel: "", href: "", years: "", displacement: nil, rawDisplacement: nil,
        power: nil)

    /// A figure the unit switch converts: `{value, lang, unit, raw}`.
    private static func figure(_ text: String?, unit: String, raw: Double?) -> Value {
        [
            "value": text.map { .text($0) } ?? .null, "lang": .null, "unit": .text(unit),
            "raw": raw.map { .number($0) } ?? .null,
        ]
    }

    /// Figures are `{value, lang}` maps, the shape `partials/value.html` draws, dash included.
    var value: Value {
        [
            "id": id,
            "name": .text(name),
            "compare_label": .text(compareLabel),
            "href": .text(href),
            "years": .text(years),
            "displacement": Self.figure(displacement, unit: "cc", raw: rawDisplacement),
            "power": ["value": power.map { .text($0) } ?? .null, "lang": .null],
            "family": ["value": family.map { .text($0) } ?? .null, "lang": .null],
            "weight": Self.figure(weight, unit: "kg", raw: rawWeight),
            "max_speed": Self.figure(maxSpeed, unit: "kmh", raw: rawMaxSpeed),
            "thumb": thumb,
        ]
    }
}
