import History

/// A field of the dataset as the history names it (`frame.wheelbase`), as the motorcycle page shows it: the label
/// of its row and how its figure is written, so a change reads `Wheelbase: not stated → 1,530 mm`.
///
/// Every field of today's schema is here (`ChangedFieldTests` walks the sample's elements); a field the schema
/// gains later is shown by its path and its figure as a plain number until it is added.
struct ChangedField: Sendable {
    enum Format: Sendable {
        /// A metric figure with its unit (`Resources/i18n`'s `units`), as the spec sheet writes it.
        case measure(unit: String, digits: Int)
        /// A year, never grouped (`1921`, not `1,921`).
        case year
        case compression
        case strokeCycle
        /// A text, or a number written with the edition's separators.
        case plain
    }

    /// The label key of the field's row on the motorcycle page; nil for a field not in the table.
    let labelKey: String?
    let format: Format

    /// The field at a dataset path, and its label in an edition (the path itself when no row shows it).
    static func label(of path: String, in edition: Edition) -> (field: ChangedField, label: String) {
        let field = table[path] ?? ChangedField(labelKey: nil, format: .plain)
        return (field, field.labelKey.map { edition.localization[$0] } ?? path)
    }

    /// A figure before or after a change, as the page shows it; "not stated" for nil (the dataset's 0 and null).
    func text(_ figure: Figure?, in edition: Edition) -> String {
        guard let figure else { return edition.localization["not_stated"] }
        switch (figure, format) {
        case (.text(let text), _): return text
        case (.number(let value), .measure(let unit, let digits)):
            return edition.measure(value, unit: unit, maxFractionDigits: digits) ?? edition.number(value)
        case (.number(let value), .year):
            return value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : edition.number(value)
        case (.number(let value), .compression): return edition.compression(value) ?? edition.number(value)
        case (.number(let value), .strokeCycle): return edition.strokeCycle(Int(value))
        case (.number(let value), .plain): return edition.number(value)
        }
    }

    private static func figure(_ key: String, _ unit: String, digits: Int = Edition.figureDigits) -> ChangedField {
        ChangedField(labelKey: key, format: .measure(unit: unit, digits: digits))
    }

    private static func plain(_ key: String) -> ChangedField { ChangedField(labelKey: key, format: .plain) }

    /// Dataset paths (`DatasetSnapshot`'s) to the spec sheet's rows (`SpecSheet.layout`).
    static let table: [String: ChangedField] = [
        "general_info.family": plain("family"),
        "general_info.name": plain("name"),
        "general_info.first_year": ChangedField(labelKey: "introduced", format: .year),
        "general_info.last_year": ChangedField(labelKey: "discontinued", format: .year),
        "engine.configuration": plain("configuration"),
        "engine.stroke_cycle": ChangedField(labelKey: "stroke_cycle", format: .strokeCycle),
        "engine.bore": figure("bore", "mm"),
        "engine.stroke": figure("stroke", "mm"),
        "engine.displacement.real": figure("displacement_real", "cc"),
        "engine.displacement.nominal": figure("displacement_nominal", "cc"),
        "engine.compression": ChangedField(labelKey: "compression", format: .compression),
        "engine.power.peak": figure("power", "hp"),
        "engine.power.rpm": figure("power", "rpm", digits: 0),
        "engine.feed": plain("feed"),
        "engine.ignition": plain("ignition"),
        "transmission.type": plain("gearbox"),
        "transmission.clutch": plain("clutch"),
        "transmission.final_drive": plain("final_drive"),
        "frame.type": plain("frame_type"),
        "frame.front_suspension": plain("front_suspension"),
        "frame.rear_suspension": plain("rear_suspension"),
        "frame.wheelbase": figure("wheelbase", "mm"),
        "frame.wheels": plain("wheels"),
        "frame.tyres": plain("tyres"),
        "brakes.type": plain("brakes_type"),
        "brakes.front_size": figure("front_brake", "mm"),
        "brakes.rear_size": figure("rear_brake", "mm"),
        "brakes.notes": plain("brakes_notes"),
        "capacities_performances.fuel_capacity": figure("fuel_capacity", "l"),
        "capacities_performances.lubricant_capacity": figure("lubricant_capacity", "l"),
        "capacities_performances.weight": figure("weight", "kg"),
        "capacities_performances.max_speed": figure("max_speed", "kmh"),
        "capacities_performances.fuel_consumption": figure("fuel_consumption", "l100km"),
        "notes": plain("section_notes"),
    ]
}
