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
    let motorcycle: EditionMotorcycle

    private var bike: Motorcycle { motorcycle.bike }
    private var texts: BikeTexts { motorcycle.texts }

    /// The whole template context: frame, spec sections, facet links, Open Graph and JSON-LD.
    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        let l = edition.localization
        let (title, description) = (self.title, metaDescription)
        var context = frame.context(for: page, title: title + " · " + l["site_title"], description: description)
        let gallery =
            bike.images.isEmpty
            ? nil : page.route.link(to: plan.route(GalleryPage.Kind(id: bike.id), edition.language))
        context.merge(self.context(imagesHref: { _ in gallery })) { $1 }
        context["catalogue_href"] = .text(page.route.link(to: plan.route(CataloguePage.Kind(), edition.language)))
        context["gallery_href"] = gallery.map { .text($0) } ?? .null
        context["facet_links"] = .list(facetLinks(from: page))
        context["history"] =
            plan.history.map { history in
                ReleaseNotes(edition: edition, plan: plan, history: history)
                    .bikeHistory(motorcycle) { page.route.link(to: $0) }
            } ?? .null
        context["social"] = SocialMetadata(
            edition: edition, alternateLocales: frame.edition(edition.language).alternateLocales, bike: bike,
            baseURL: frame.baseURL, route: page.route
        )
        .value(title: title, description: description)
        return context
    }

    /// The facet values this motorcycle belongs to, one entry per facet, each value a link.
    func facetLinks(from page: Page) -> [Value] {
        plan.edition(edition.language).facetValues(of: motorcycle).map { facet, values in
            [
                "facet": .text(facet.label),
                "values": .list(
                    values.map { ["label": .text($0.label), "href": .text(page.route.link(to: $0.route))] }),
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
        let sections = SpecSheet(edition: edition, bike: bike, texts: texts).sections.map(Self.value)
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

    /// `lang` is only set when it differs from the page's, which is when a translation is missing.
    private func lang(_ language: Language) -> Value {
        language == edition.language ? .null : .text(language.rawValue)
    }

    /// A section as the template reads it: `id`, `title`, and rows of `key`, `label`, `value` (`null` draws a
    /// dash), `lang`, `unit` and `raw`.
    private static func value(_ section: SpecSheet.Section) -> Value {
        let rows: [Value] = section.rows.map { row in
            [
                "key": .text(row.key),
                "label": .text(row.label),
                "value": row.cell.text.map { .text($0) } ?? .null,
                "lang": row.cell.lang.map { .text($0.rawValue) } ?? .null,
                "unit": row.cell.unit.map { .text($0) } ?? .null,
                "raw": row.cell.raw.map { .number($0) } ?? .null,
            ]
        }
        return ["id": .text(section.id), "title": .text(section.title), "rows": .list(rows)]
    }
}

extension MotorcyclePage {
    /// The page of the motorcycle with this id, at the address its slug gives it in each edition.
    struct Kind: PageKind {
        let id: Int
        static let template = "pages/motorcycle.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            plan.edition(language).motorcycle(planned: id).route
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            let edition = site.edition(of: page)
            return MotorcyclePage(
                edition: edition, plan: site.plan,
                motorcycle: site.plan.edition(edition.language).motorcycle(planned: id)
            )
            .context(for: page, frame: site.frame)
        }
    }
}
