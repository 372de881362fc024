import Catalogue
import Templating

/// The browse pages: the list of facets, each facet's overview with counts, and each value's motorcycles.
struct FacetPages {
    let edition: Edition
    let plan: SitePlan

    private var l: Localization { edition.localization }

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        switch page.kind {
        case .facetOverview(let facet): return overview(page, frame: frame, facet: facet)
        case .facetValue(let facet, let value): return valuePage(page, frame: frame, facet: facet, value: value)
        default: return browse(page, frame: frame)
        }
    }

    private func browse(_ page: Page, frame: PageFrame) -> [String: Value] {
        var context = frame.context(
            for: page, title: l["browse_title"] + " · " + l["site_title"], description: l["browse_description"])
        context["facets"] = .list(
            plan.facets.indices.map { facet in
                [
                    "title": .text(l[plan.facets[facet].labelKey]),
                    "href": .text(page.route.link(to: plan.facetRoute(edition.language, facet: facet))),
                    "values": .list(valueLinks(page, facet: facet)),
                ]
            })
        return context
    }

    private func valueLinks(_ page: Page, facet: Int) -> [Value] {
        plan.facets[facet].values.indices.map { value in
            let entry = plan.facets[facet].values[value]
            return [
                "label": .text(entry.label[edition.language]!),
                "href": .text(page.route.link(to: plan.facetValueRoute(edition.language, facet: facet, value: value))),
                "count": .number(Double(entry.members.count)),
                "count_text": .text(edition.plural("motorcycles", count: entry.members.count)),
            ]
        }
    }

    private func overview(_ page: Page, frame: PageFrame, facet: Int) -> [String: Value] {
        let name = l[plan.facets[facet].labelKey]
        var context = frame.context(
            for: page, title: name + " · " + l["site_title"],
            description: l.format("facet_overview_description", ["facet": name.lowercased()]))
        let bars = plan.facets[facet].values.indices.map { value in
            let entry = plan.facets[facet].values[value]
            return Bar(
                label: entry.label[edition.language]!, value: entry.members.count,
                href: page.route.link(to: plan.facetValueRoute(edition.language, facet: facet, value: value)))
        }
        context["facet"] = [
            "title": .text(name),
            "values": .list(valueLinks(page, facet: facet)),
            "chart": .html(
                BarChart.svg(
                    ChartHeading(
                        id: "chart-" + plan.facets[facet].id, title: l.format("facet_chart_title", ["facet": name]),
                        description: l["facet_chart_description"]),
                    bars: bars, format: edition.numbers, emptyText: l["chart_no_data"])),
            "browse_href": .text(page.route.link(to: plan.browseRoute(edition.language))),
        ]
        return context
    }

    private func valuePage(_ page: Page, frame: PageFrame, facet: Int, value: Int) -> [String: Value] {
        let definition = plan.facets[facet]
        let entry = definition.values[value]
        let name = l[definition.labelKey]
        let label = entry.label[edition.language]!
        let title = l.format("facet_value_title", ["facet": name, "value": label])
        var context = frame.context(
            for: page, title: title + " · " + l["site_title"],
            description: l.format("facet_value_description", ["facet": name.lowercased(), "value": label]))
        let bikes = plan.catalogue.motorcycles
        let view = plan.edition(edition.language)
        let texts = view.texts
        let thumbnails = ListThumbnails(photos: plan.photos, language: edition.language)
        let items: [Value] = entry.members.map { index in
            let bike = bikes[index]
            return [
                "id": .number(Double(bike.id)),
                "name": .text(bike.general.name),
                "href": .text(page.route.link(to: view.motorcycleRoutes[index])),
                "years": .text(texts[index].years),
                "figure": [
                    "value": definition.figure.text(bike, edition, texts[index]).map { .text($0) } ?? .null,
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
            "overview_href": .text(page.route.link(to: plan.facetRoute(edition.language, facet: facet))),
        ]
        context["thumbnails"] = .bool(thumbnails.areShown)
        return context
    }
}
