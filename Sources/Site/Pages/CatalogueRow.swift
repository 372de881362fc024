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
    /// The row's `ListThumbnails` value (null: no photo, or no thumbnails at all).
    var thumb: Value = .null

    static let shape = CatalogueRow(
        id: .text(""), name: "", compareLabel: "", href: "", years: "", displacement: nil, rawDisplacement: nil,
        power: nil)

    /// Figures are `{value, lang}` maps, the shape `partials/value.html` draws, dash included.
    var value: Value {
        [
            "id": id,
            "name": .text(name),
            "compare_label": .text(compareLabel),
            "href": .text(href),
            "years": .text(years),
            "displacement": [
                "value": displacement.map { .text($0) } ?? .null, "lang": .null, "unit": "cc",
                "raw": rawDisplacement.map { .number($0) } ?? .null,
            ],
            "power": ["value": power.map { .text($0) } ?? .null, "lang": .null],
            "thumb": thumb,
        ]
    }
}
