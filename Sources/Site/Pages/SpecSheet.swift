import Catalogue
import Templating

/// The spec sections of one motorcycle, the app's sections in the app's order, as finished typed text.
///
/// One list serves the motorcycle page (`MotorcyclePage` turns it into template values) and the compare data
/// (`BrowserData` writes it as JSON), so the two never disagree on a row, a label or a figure. Typed rather
/// than template values because the compare data of every bike is made in every build: unpacking a page
/// model's dictionaries again was a tenth of a fresh build.
struct SpecSheet {
    /// A cell's text, the language it is written in, and for figures the metric value and unit, which the
    /// unit switch in the browser converts (`data-unit`, `data-value`).
    struct Cell {
        var text: String?
        /// Set only when it differs from the page's: a text shown from a fallback language.
        var lang: Language?
        var unit: String?
        var raw: Double?
    }

    struct Row {
        let key: String
        let label: String
        let cell: Cell
    }

    struct Section {
        let id: String
        let title: String
        let rows: [Row]
    }

    let sections: [Section]

    init(edition: Edition, bike: Motorcycle, texts: BikeTexts) {
        sections = zip(Self.layout, edition.specLabels.sections).map { section, words in
            var rows: [Row] = []
            rows.reserveCapacity(section.fields.count)
            for (field, word) in zip(section.fields, words.rows) {
                let cell: Cell
                switch field.content {
                case .plain(let text):
                    cell = Cell(text: text(bike, texts, edition))
                case .figure(let unit, let value):
                    let raw = value(bike)
                    let text = raw.map { edition.measure($0, unitSuffix: word.unitSuffix) }
                    cell = Cell(text: text, unit: raw == nil ? nil : unit, raw: raw)
                case .localized(let text):
                    cell = Self.localized(text(bike), edition: edition)
                }
                rows.append(Row(key: field.key, label: word.label, cell: cell))
            }
            return Section(id: section.id, title: words.title, rows: rows)
        }
    }

    private static func localized(_ text: LocalizedText, edition: Edition) -> Cell {
        guard let resolved = text.resolved(for: edition.language, fallbacks: edition.localization.fallbacks)
        else { return Cell() }
        return Cell(text: resolved.text, lang: resolved.language == edition.language ? nil : resolved.language)
    }

    /// One row of the layout: its key (the label's too) and where its cell comes from.
    struct Field: Sendable {
        enum Content: Sendable {
            /// A text as it stands, or made by the edition.
            case plain(@Sendable (Motorcycle, BikeTexts, Edition) -> String?)
            /// A metric figure, written with the edition's numbers and its name of the unit.
            case figure(unit: String, @Sendable (Motorcycle) -> Double?)
            /// A dataset text in the page's language, else in a fallback one.
            case localized(@Sendable (Motorcycle) -> LocalizedText)
        }

        let key: String
        let content: Content

        init(_ key: String, _ content: Content) {
            self.key = key
            self.content = content
        }
    }

    /// The app's sections and rows, in the app's order: each section's id, the label key of its title, its rows.
    static let layout: [(id: String, titleKey: String, fields: [Field])] = [
        (
            "general", "section_general",
            [
                Field("family", .plain { bike, _, _ in bike.general.family }),
                Field("name", .plain { bike, _, _ in bike.general.name }),
                Field("introduced", .plain { bike, _, _ in String(bike.general.firstYear) }),
                Field(
                    "discontinued",
                    .plain { bike, _, edition in
                        bike.general.lastYear.map(String.init) ?? edition.localization["in_production"]
                    }),
            ]
        ),
        (
            "engine", "section_engine",
            [
                Field("configuration", .localized { $0.engine.configuration }),
                Field("stroke_cycle", .plain { bike, _, edition in edition.strokeCycle(bike.engine.strokeCycle) }),
                Field("bore", .figure(unit: "mm") { $0.engine.bore }),
                Field("stroke", .figure(unit: "mm") { $0.engine.stroke }),
                Field("displacement_real", .figure(unit: "cc") { $0.engine.displacementReal }),
                Field("displacement_nominal", .figure(unit: "cc") { $0.engine.displacementNominal }),
                Field("compression", .plain { bike, _, edition in edition.compression(bike.engine.compression) }),
                Field("power", .plain { _, texts, _ in texts.power }),
                Field("feed", .localized { $0.engine.feed }),
                Field("ignition", .localized { $0.engine.ignition }),
            ]
        ),
        (
            "transmission", "section_transmission",
            [
                Field("gearbox", .localized { $0.transmission.gearbox }),
                Field("clutch", .localized { $0.transmission.clutch }),
                Field("final_drive", .localized { $0.transmission.finalDrive }),
            ]
        ),
        (
            "frame", "section_frame",
            [
                Field("frame_type", .localized { $0.frame.type }),
                Field("front_suspension", .localized { $0.frame.frontSuspension }),
                Field("rear_suspension", .localized { $0.frame.rearSuspension }),
                Field("wheelbase", .figure(unit: "mm") { $0.frame.wheelbase }),
                Field("wheels", .plain { bike, _, _ in bike.frame.wheels }),
                Field("tyres", .plain { bike, _, _ in bike.frame.tyres }),
            ]
        ),
        (
            "brakes", "section_brakes",
            [
                Field("brakes_type", .localized { $0.brakes.type }),
                Field("front_brake", .figure(unit: "mm") { $0.brakes.frontSize }),
                Field("rear_brake", .figure(unit: "mm") { $0.brakes.rearSize }),
                Field("brakes_notes", .localized { $0.brakes.notes }),
            ]
        ),
        (
            "capacities", "section_capacities",
            [
                Field("fuel_capacity", .figure(unit: "l") { $0.capacities.fuelCapacity }),
                Field("lubricant_capacity", .figure(unit: "l") { $0.capacities.lubricantCapacity }),
                Field("weight", .figure(unit: "kg") { $0.capacities.weight }),
                Field("max_speed", .figure(unit: "kmh") { $0.capacities.maxSpeed }),
                Field("fuel_consumption", .figure(unit: "l100km") { $0.capacities.fuelConsumption }),
            ]
        ),
    ]

    /// The layout's words in one edition, looked up once per edition rather than once per row of every sheet
    /// (a third of the time a sheet took): section titles, row labels and, for figures, the unit's name with the
    /// space before it (` mm`), in the layout's order.
    struct Labels: Sendable {
        struct Words: Sendable {
            let title: String
            let rows: [(label: String, unitSuffix: String)]
        }

        let sections: [Words]

        init(_ localization: Localization) {
            sections = SpecSheet.layout.map { section in
                Words(
                    title: localization[section.titleKey],
                    rows: section.fields.map { field in
                        guard case .figure(let unit, _) = field.content else { return (localization[field.key], "") }
                        return (localization[field.key], Edition.unitSuffix(localization.unit(unit)))
                    })
            }
        }
    }
}
