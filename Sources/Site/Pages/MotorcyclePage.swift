import Catalogue
import Templating

/// The page model of one motorcycle: the app's sections, in the app's order, as finished text.
///
/// A row whose value is missing carries `value: null`; the template draws a dash with an accessible label.
/// A text the dataset lacks in the page's language is shown from the edition's `fallback` languages, with that
/// language's code in `lang`.
struct MotorcyclePage {
    let edition: Edition
    let plan: SitePlan
    let index: Int
    /// Stored, not computed from `index`: the page reads them dozens of times, and each read of a computed
    /// `Motorcycle` copied the whole struct.
    let bike: Motorcycle
    let texts: BikeTexts

    init(edition: Edition, plan: SitePlan, index: Int) {
        self.edition = edition
        self.plan = plan
        self.index = index
        bike = plan.catalogue.motorcycles[index]
        texts = plan.texts[edition.language]![index]
    }

    /// The whole template context: frame, spec sections, facet links, Open Graph and JSON-LD.
    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        let l = edition.localization
        let (title, description) = (self.title, metaDescription)
        var context = frame.context(for: page, title: title + " · " + l["site_title"], description: description)
        let gallery = bike.images.isEmpty ? nil : page.route.link(to: plan.galleryRoute(edition.language, index: index))
        context.merge(self.context(imagesHref: { _ in gallery })) { $1 }
        context["catalogue_href"] = .text(page.route.link(to: plan.catalogueRoute(edition.language)))
        context["gallery_href"] = gallery.map { .text($0) } ?? .null
        context["facet_links"] = .list(facetLinks(from: page))
        context["social"] = SocialMetadata(
            edition: edition, alternateLocales: frame.alternateLocales[edition.language]!, bike: bike,
            baseURL: frame.baseURL, route: page.route
        )
        .value(title: title, description: description)
        return context
    }

    /// The facet values this motorcycle belongs to, one entry per facet, each value a link.
    func facetLinks(from page: Page) -> [Value] {
        let memberships = plan.memberships[index]
        return plan.facets.indices.map { facetIndex in
            let values: [Value] = memberships.filter { $0.facet == facetIndex }.map { membership in
                [
                    "label": .text(plan.facets[facetIndex].values[membership.value].label[edition.language]!),
                    "href": .text(
                        page.route.link(
                            to: plan.facetValueRoute(edition.language, facet: facetIndex, value: membership.value))),
                ]
            }
            return [
                "facet": .text(edition.localization["facet_" + plan.facets[facetIndex].id]), "values": .list(values),
            ]
        }
    }

    var title: String {
        edition.localization.format("bike_title", ["name": bike.general.name, "years": texts.years])
    }

    var metaDescription: String {
        let dash = edition.localization["not_stated"]
        return edition.localization.format(
            "bike_description",
            [
                "name": bike.general.name, "years": texts.years, "displacement": texts.displacement ?? dash,
                "power": texts.power ?? dash,
                "weight": edition.measure(bike.capacities.weight, unit: "kg") ?? dash,
            ])
    }

    func context(imagesHref: (Int) -> String?) -> [String: Value] {
        let l = edition.localization
        let e = bike.engine
        let c = bike.capacities
        let sections: [Value] = [
            section(
                "general", "section_general",
                [
                    row("family", plain(bike.general.family)),
                    row("name", plain(bike.general.name)),
                    row("introduced", plain(String(bike.general.firstYear))),
                    bike.general.lastYear.map { row("discontinued", plain(String($0))) }
                        ?? row("discontinued", plain(l["in_production"])),
                ]),
            section(
                "engine", "section_engine",
                [
                    row("configuration", localized(e.configuration)),
                    row("stroke_cycle", plain(edition.strokeCycle(e.strokeCycle))),
                    row("bore", figure(e.bore, "mm")),
                    row("stroke", figure(e.stroke, "mm")),
                    row("displacement_real", figure(e.displacementReal, "cc")),
                    row("displacement_nominal", figure(e.displacementNominal, "cc")),
                    row("compression", plain(edition.compression(e.compression))),
                    row("power", plain(texts.power)),
                    row("feed", localized(e.feed)),
                    row("ignition", localized(e.ignition)),
                ]),
            section(
                "transmission", "section_transmission",
                [
                    row("gearbox", localized(bike.transmission.gearbox)),
                    row("clutch", localized(bike.transmission.clutch)),
                    row("final_drive", localized(bike.transmission.finalDrive)),
                ]),
            section(
                "frame", "section_frame",
                [
                    row("frame_type", localized(bike.frame.type)),
                    row("front_suspension", localized(bike.frame.frontSuspension)),
                    row("rear_suspension", localized(bike.frame.rearSuspension)),
                    row("wheelbase", figure(bike.frame.wheelbase, "mm")),
                    row("wheels", plain(bike.frame.wheels)),
                    row("tyres", plain(bike.frame.tyres)),
                ]),
            section(
                "brakes", "section_brakes",
                [
                    row("brakes_type", localized(bike.brakes.type)),
                    row("front_brake", figure(bike.brakes.frontSize, "mm")),
                    row("rear_brake", figure(bike.brakes.rearSize, "mm")),
                    row("brakes_notes", localized(bike.brakes.notes)),
                ]),
            section(
                "capacities", "section_capacities",
                [
                    row("fuel_capacity", figure(c.fuelCapacity, "l")),
                    row("lubricant_capacity", figure(c.lubricantCapacity, "l")),
                    row("weight", figure(c.weight, "kg")),
                    row("max_speed", figure(c.maxSpeed, "kmh")),
                    row("fuel_consumption", figure(c.fuelConsumption, "l100km")),
                ]),
        ]
        let years = texts.years
        var firstPhoto: Value = .null
        if let first = bike.images.first {
            let values = PhotoValues(photos: plan.photos, language: edition.language)
            firstPhoto = [
                "src": .text(first),
                "img": values.image(first),
                "credit": values.credit(first),
                "href": .text(imagesHref(0) ?? first),
                "alt": .text(
                    l.format(
                        "first_photo_alt",
                        ["name": bike.general.name, "years": years, "count": String(bike.images.count)])),
            ]
        }
        let notes = bike.notes.resolved(for: edition.language, fallbacks: edition.localization.fallbacks)
        let bikeValue: ValueMap = [
            "id": .number(Double(bike.id)),
            "name": .text(bike.general.name),
            "years": .text(years),
            "sections": .list(sections),
            "notes": notes.map { ["text": .text($0.text), "lang": lang($0.language)] } ?? .null,
            "image_count": .number(Double(bike.images.count)),
            "image_count_text": .text(edition.plural("images", count: bike.images.count)),
            "first_photo": firstPhoto,
        ]
        return ["bike": .map(bikeValue)]
    }

    /// A cell's text, the language it is written in, and for figures the metric value and unit, which the
    /// unit switch in the browser converts (`data-unit`, `data-value`).
    private typealias Cell = (text: String?, lang: Language?, unit: String?, raw: Double?)

    private func plain(_ text: String?) -> Cell { (text, nil, nil, nil) }

    private func figure(_ value: Double?, _ unit: String, digits: Int = Edition.figureDigits) -> Cell {
        (edition.measure(value, unit: unit, maxFractionDigits: digits), nil, value == nil ? nil : unit, value)
    }

    private func localized(_ text: LocalizedText) -> Cell {
        guard let resolved = text.resolved(for: edition.language, fallbacks: edition.localization.fallbacks) else {
            return (nil, nil, nil, nil)
        }
        return (resolved.text, resolved.language, nil, nil)
    }

    /// `lang` is only set when it differs from the page's, which is when a translation is missing.
    private func lang(_ language: Language) -> Value {
        language == edition.language ? .null : .text(language.rawValue)
    }

    private func row(_ labelKey: String, _ cell: Cell) -> Value {
        [
            "key": .text(labelKey),
            "label": .text(edition.localization[labelKey]),
            "value": cell.text.map { .text($0) } ?? .null,
            "lang": cell.lang.map { lang($0) } ?? .null,
            "unit": cell.unit.map { .text($0) } ?? .null,
            "raw": cell.raw.map { .number($0) } ?? .null,
        ]
    }

    private func section(_ id: String, _ titleKey: String, _ rows: [Value]) -> Value {
        ["id": .text(id), "title": .text(edition.localization[titleKey]), "rows": .list(rows)]
    }
}
