import Catalogue
import Templating

/// The charts page: power and displacement against the year of introduction, drawn at build time as inline SVG,
/// one linked dot per motorcycle and coloured by engine cycle, with the same data as a table.
struct ChartsPage {
    let edition: Edition
    let plan: SitePlan

    func context(for page: Page, frame: PageFrame) -> [String: Value] {
        let l = edition.localization
        var context = frame.context(for: page, labelled: "charts")
        let oldestFirst = plan.edition(edition.language).newestFirst.reversed()
        let series = [l["two_stroke"], l["four_stroke"]]
        func points(_ figure: (Motorcycle) -> Double?) -> [ChartPoint] {
            oldestFirst.compactMap { motorcycle in
                let bike = motorcycle.bike
                guard let y = figure(bike) else { return nil }
                return ChartPoint(
                    x: Double(bike.general.firstYear), y: y,
                    label: bike.general.name + " (" + motorcycle.texts.years + ")",
                    href: page.route.link(to: motorcycle.route),
                    series: bike.engine.strokeCycle == 2 ? 0 : 1)
            }
        }
        let rows: [Value] = oldestFirst.map { motorcycle in
            let (bike, texts) = (motorcycle.bike, motorcycle.texts)
            return [
                "name": .text(bike.general.name),
                "href": .text(page.route.link(to: motorcycle.route)),
                "year": .text(String(bike.general.firstYear)),
                "cycle": .text(edition.strokeCycle(bike.engine.strokeCycle)),
                "power": ["value": texts.power.map { .text($0) } ?? .null, "lang": .null],
                "displacement": [
                    "value": texts.displacement.map { .text($0) } ?? .null,
                    "lang": .null,
                ],
            ]
        }
        context["charts"] = [
            "power": .html(
                ScatterChart.svg(
                    ChartHeading(
                        id: "chart-power", title: l["chart_power_title"], description: l["chart_power_description"]),
                    axes: ChartAxes(x: l["chart_year"], y: l["chart_power_axis"]),
                    points: points { $0.engine.power?.peak }, seriesNames: series, format: edition.numbers,
                    emptyText: l["chart_no_data"])),
            "displacement": .html(
                ScatterChart.svg(
                    ChartHeading(
                        id: "chart-displacement", title: l["chart_displacement_title"],
                        description: l["chart_displacement_description"]),
                    axes: ChartAxes(x: l["chart_year"], y: l["chart_displacement_axis"]),
                    points: points { $0.engine.displacementReal }, seriesNames: series, format: edition.numbers,
                    emptyText: l["chart_no_data"])),
            "rows": .list(rows),
        ]
        return context
    }
}

extension ChartsPage {
    /// The edition's charts page (`/en/charts/`).
    struct Kind: PageKind {
        static let template = "pages/charts.html"

        func route(_ language: Language, in plan: SitePlan) -> Route {
            Route([language.rawValue, plan.slug("slug_charts", language)])
        }

        func model(for page: Page, in site: Site) -> [String: Value] {
            ChartsPage(edition: site.edition(of: page), plan: site.plan).context(for: page, frame: site.frame)
        }

        var section: NavigationSection? { .charts }
    }
}
