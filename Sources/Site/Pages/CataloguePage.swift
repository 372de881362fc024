import Catalogue
import Templating

/// The catalogue page model: the motorcycles in the app's default order, with their key figures, a page of
/// `pageSize` at a time.
///
/// Without JavaScript these lists are the whole catalogue, so they must stay complete and plain links: up to
/// `pageSize` motorcycles it is one page; beyond, page 1 (`/<lang>/`) and numbered pages (`/<lang>/page/2/`)
/// linked by a pager. With JavaScript page 1 draws its list from the edition's data (`BrowserData`) instead,
/// a page of results at a time, so a catalogue of 10 000 bikes is never 10 000 rows of HTML.
struct CataloguePage {
    static let pageSize = 250

    let edition: Edition
    let plan: SitePlan

    /// 1…n, at least one page even for an empty catalogue.
    static func pageNumbers(_ count: Int) -> ClosedRange<Int> {
        1...max(1, (count + pageSize - 1) / pageSize)
    }

    func context(for page: Page, frame: PageFrame, number: Int) -> [String: Value] {
        let l = edition.localization
        let pages = Self.pageNumbers(plan.catalogue.motorcycles.count)
        let title =
            number == 1
            ? l["catalogue_title"]
            : l.format("catalogue_page_title", ["n": String(number), "count": String(pages.upperBound)])
        var context = frame.context(
            for: page, title: title + " · " + l["site_title"], description: l["catalogue_description"])
        context.merge(self.context(from: page, number: number)) { $1 }
        context["page_title"] = .text(title)
        context["compare_href"] = .text(page.route.link(to: plan.route(ComparePage.Kind(), edition.language)))
        if number == 1 {
            context["controls"] = .map(ValueMap(CatalogueControls(edition: edition, plan: plan).context()))
        }
        return context
    }

    func context(from page: Page, number: Int = 1) -> [String: Value] {
        let bikes = plan.edition(edition.language).newestFirst
        let pages = Self.pageNumbers(bikes.count)
        let start = min((number - 1) * Self.pageSize, bikes.count)
        let slice = bikes[start..<min(start + Self.pageSize, bikes.count)]
        let thumbnails = ListThumbnails(photos: plan.photos, language: edition.language)
        let items: [Value] = slice.map { motorcycle in
            let (bike, texts) = (motorcycle.bike, motorcycle.texts)
            return CatalogueRow(
                id: .number(Double(bike.id)), name: bike.general.name,
                compareLabel: edition.localization.format("compare_pick_name", ["name": bike.general.name]),
                href: page.route.link(to: motorcycle.route), years: texts.years,
                displacement: texts.displacement, rawDisplacement: bike.engine.displacementReal, power: texts.power,
                family: bike.general.family, weight: texts.weight, rawWeight: bike.capacities.weight,
                maxSpeed: texts.maxSpeed, rawMaxSpeed: bike.capacities.maxSpeed, thumb: thumbnails.value(bike)
            ).value
        }
        var pager: Value = .null
        if pages.count > 1 {
            let l = edition.localization
            pager = [
                "range": .text(
                    l.format(
                        "catalogue_range",
                        [
                            "from": edition.number(Double(start + 1), maxFractionDigits: 0),
                            "to": edition.number(Double(start + slice.count), maxFractionDigits: 0),
                            "n": edition.number(Double(bikes.count), maxFractionDigits: 0),
                        ])),
                "pages": .list(
                    pages.map { n in
                        [
                            "number": .number(Double(n)), "current": .bool(n == number),
                            "href": .text(
                                page.route.link(to: plan.route(CataloguePage.Kind(number: n), edition.language))),
                        ]
                    }),
            ]
        }
        return [
            "motorcycles": .list(items),
            "count_text": .text(edition.plural("motorcycles", count: bikes.count)),
            "first_page": .bool(number == 1),
            "page_size": .number(Double(Self.pageSize)),
            "pager": pager,
            "thumbnails": .bool(thumbnails.areShown),
            // The shape of a row for the script, which draws rows from data with the same markup.
            "row_template": CatalogueRow.shape.value,
        ]
    }
}

extension CataloguePage {
    /// Page `number` of the catalogue: the edition's home (`/<lang>/`) for the first, `/<lang>/page/<n>/` after it.
    struct Kind: PageKind {
        var number = 1
        static let template = "pages/catalogue.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            number <= 1
                ? Route([language.rawValue])
                : Route([language.rawValue, plan.slug("slug_page", language), String(number)])
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            CataloguePage(edition: site.edition(of: page), plan: site.plan)
                .context(for: page, frame: site.frame, number: number)
        }

        var section: NavigationSection? { .catalogue }
        /// The catalogue is each edition's home: its `x-default` is the language choice.
        var defaultsToRoot: Bool { number <= 1 }
    }
}
