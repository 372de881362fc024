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
        let make = Maker(edition: edition)
        let l = edition.localization
        let e = bike.engine
        let c = bike.capacities
        sections = [
            make.section(
                "general", "section_general",
                [
                    make.row("family", make.plain(bike.general.family)),
                    make.row("name", make.plain(bike.general.name)),
                    make.row("introduced", make.plain(String(bike.general.firstYear))),
                    make.row("discontinued", make.plain(bike.general.lastYear.map(String.init) ?? l["in_production"])),
                ]),
            make.section(
                "engine", "section_engine",
                [
                    make.row("configuration", make.localized(e.configuration)),
                    make.row("stroke_cycle", make.plain(edition.strokeCycle(e.strokeCycle))),
                    make.row("bore", make.figure(e.bore, "mm")),
                    make.row("stroke", make.figure(e.stroke, "mm")),
                    make.row("displacement_real", make.figure(e.displacementReal, "cc")),
                    make.row("displacement_nominal", make.figure(e.displacementNominal, "cc")),
                    make.row("compression", make.plain(edition.compression(e.compression))),
                    make.row("power", make.plain(texts.power)),
                    make.row("feed", make.localized(e.feed)),
                    make.row("ignition", make.localized(e.ignition)),
                ]),
            make.section(
                "transmission", "section_transmission",
                [
                    make.row("gearbox", make.localized(bike.transmission.gearbox)),
                    make.row("clutch", make.localized(bike.transmission.clutch)),
                    make.row("final_drive", make.localized(bike.transmission.finalDrive)),
                ]),
            make.section(
                "frame", "section_frame",
                [
                    make.row("frame_type", make.localized(bike.frame.type)),
                    make.row("front_suspension", make.localized(bike.frame.frontSuspension)),
                    make.row("rear_suspension", make.localized(bike.frame.rearSuspension)),
                    make.row("wheelbase", make.figure(bike.frame.wheelbase, "mm")),
                    make.row("wheels", make.plain(bike.frame.wheels)),
                    make.row("tyres", make.plain(bike.frame.tyres)),
                ]),
            make.section(
                "brakes", "section_brakes",
                [
                    make.row("brakes_type", make.localized(bike.brakes.type)),
                    make.row("front_brake", make.figure(bike.brakes.frontSize, "mm")),
                    make.row("rear_brake", make.figure(bike.brakes.rearSize, "mm")),
                    make.row("brakes_notes", make.localized(bike.brakes.notes)),
                ]),
            make.section(
                "capacities", "section_capacities",
                [
                    make.row("fuel_capacity", make.figure(c.fuelCapacity, "l")),
                    make.row("lubricant_capacity", make.figure(c.lubricantCapacity, "l")),
                    make.row("weight", make.figure(c.weight, "kg")),
                    make.row("max_speed", make.figure(c.maxSpeed, "kmh")),
                    make.row("fuel_consumption", make.figure(c.fuelConsumption, "l100km")),
                ]),
        ]
    }

    /// The row builders, bound to an edition.
    private struct Maker {
        let edition: Edition

        func plain(_ text: String?) -> Cell { Cell(text: text) }

        func figure(_ value: Double?, _ unit: String) -> Cell {
            Cell(text: edition.measure(value, unit: unit), unit: value == nil ? nil : unit, raw: value)
        }

        func localized(_ text: LocalizedText) -> Cell {
            guard let resolved = text.resolved(for: edition.language, fallbacks: edition.localization.fallbacks)
            else { return Cell() }
            return Cell(text: resolved.text, lang: resolved.language == edition.language ? nil : resolved.language)
        }

        func row(_ labelKey: String, _ cell: Cell) -> Row {
            Row(key: labelKey, label: edition.localization[labelKey], cell: cell)
        }

        func section(_ id: String, _ titleKey: String, _ rows: [Row]) -> Section {
            Section(id: id, title: edition.localization[titleKey], rows: rows)
        }
    }
}
