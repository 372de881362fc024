import Catalogue
import Templating

/// The browse pages: the list of facets, each facet's overview with counts, and each value's motorcycles.
struct FacetPages {
    let edition: Edition
    let plan: SitePlan

    private var l: Localization { edition.localization }
    /// The edition's facets: labels, pages, values and their motorcycles.
    private var facets: [EditionFacet] { plan.edition(edition.language).facets }

    func browse(_ page: Page, frame: PageFrame) -> [String: Value] {
        var context = frame.context(for: page, labelled: "browse")
        context["facets"] = .list(
            facets.map { facet in
                [
                    "title": .text(facet.label),
                    "href": .text(page.route.link(to: facet.route)),
                    "values": .list(valueLinks(page, facet: facet)),
                ]
            })
        return context
    }

    private func valueLinks(_ page: Page, facet: EditionFacet) -> [Value] {
        facet.values.map { entry in
            [
                "label": .text(entry.label),
                "href": .text(page.route.link(to: entry.route)),
                "count": .number(Double(entry.members.count)),
                "count_text": .text(edition.plural("motorcycles", count: entry.members.count)),
            ]
        }
    }

    func overview(_ page: Page, frame: PageFrame, facet: EditionFacet) -> [String: Value] {
        let name = facet.label
        var context = frame.context(
            for: page, title: name + " · " + l["site_title"],
            description: l.format("facet_overview_description", ["facet": name.lowercased()]))
        let bars = facet.values.map { entry in
            Bar(label: entry.label, value: entry.members.count, href: page.route.link(to: entry.route))
        }
        context["facet"] = [
            "title": .text(name),
            "values": .list(valueLinks(page, facet: facet)),
            "chart": .html(
                BarChart.svg(
                    ChartHeading(
                        id: "chart-" + facet.facet.id, title: l.format("facet_chart_title", ["facet": name]),
                        description: l["facet_chart_description"]),
                    bars: bars, format: edition.numbers, emptyText: l["chart_no_data"])),
            "browse_href": .text(page.route.link(to: plan.route(BrowseKind(), edition.language))),
        ]
        return context
    }

    func valuePage(_ page: Page, frame: PageFrame, facet: EditionFacet, value entry: EditionFacetValue)
        -> [String: Value]
    {
        let name = facet.label
        let label = entry.label
        let title = l.format("facet_value_title", ["facet": name, "value": label])
        var context = frame.context(
            for: page, title: title + " · " + l["site_title"],
            description: l.format("facet_value_description", ["facet": name.lowercased(), "value": label]))
        let thumbnails = ListThumbnails(photos: plan.photos, language: edition.language)
        let items: [Value] = entry.members.map { member in
            let bike = member.bike
            return [
                "id": .number(Double(bike.id)),
                "name": .text(bike.general.name),
                "href": .text(page.route.link(to: member.route)),
                "years": .text(member.texts.years),
                "figure": [
                    "value": facet.facet.figure.text(bike, edition, member.texts).map { .text($0) } ?? .null,
                    "lang": .null,
                ],
                "thumb": thumbnails.value(bike),
            ]
        }
        context["facet"] = [
            "title": .text(name),
            "value": .text(label),
            "heading": .text(title),
            "count_text": .text(edition.plural("motorcycles", count: entry.members.count)),
            "motorcycles": .list(items),
            "overview_href": .text(page.route.link(to: facet.route)),
        ]
        context["thumbnails"] = .bool(thumbnails.areShown)
        return context
    }
}

extension FacetPages {
    /// The edition's list of facets (`/en/browse/`).
    struct BrowseKind: PageKind {
        static let template = "pages/browse.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            Route([language.rawValue, plan.slug("slug_browse", language)])
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            FacetPages(edition: site.edition(of: page), plan: site.plan).browse(page, frame: site.frame)
        }

        var section: NavigationSection? { .browse }
    }

    /// One facet's overview: its values with their counts and a bar chart (`/en/families/`).
    struct OverviewKind: PageKind {
        let facet: Int
        static let template = "pages/facet-overview.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            Route([language.rawValue, plan.slug(plan.facets[facet].slugKey, language)])
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            let edition = site.edition(of: page)
            return FacetPages(edition: edition, plan: site.plan)
                .overview(page, frame: site.frame, facet: site.plan.edition(edition.language).facets[facet])
        }

        var section: NavigationSection? { .browse }
    }

    /// One value's motorcycles (`/en/families/le-mans/`), at the address the plan made for it in each edition.
    struct ValueKind: PageKind {
        let facet: Int
        let value: Int
        static let template = "pages/facet-value.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            plan.edition(language).facets[facet].values[value].route
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            let edition = site.edition(of: page)
            let shown = site.plan.edition(edition.language).facets[facet]
            return FacetPages(edition: edition, plan: site.plan)
                .valuePage(page, frame: site.frame, facet: shown, value: shown.values[value])
        }

        var section: NavigationSection? { .browse }
    }
}
