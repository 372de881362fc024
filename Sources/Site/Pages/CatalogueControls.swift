import Catalogue
import Templating

/// The catalogue's search, filter and ordering controls as the page draws them before any script runs: which
/// ranges and orderings there are (the one list the page and its script share: catalogue-list.js reads them from
/// the controls), the families with their counts, the range of each figure, the count of results.
///
/// Why drawn by the build: the tools take their place with the first paint, so nothing moves when the script
/// starts; and the script needs the edition's data only when a reader asks for something that needs it.
struct CatalogueControls {
    /// A range filter: its key in the address (`bore_min`), the field of the browser's data it reads
    /// (`BrowserData.catalogueFields`), its legend's label keys and whether it takes whole numbers.
    struct Range {
        let key: String
        let field: String
        let legend: [String]
        let whole: Bool
        let values: @Sendable (Motorcycle) -> [Double?]
    }

    /// In the order the page shows them. Years read the span of production (the first and the last year), so
    /// their field is the first year and the script knows the rule; the displacement range is on the nominal
    /// displacement, as the displacement facet's classes are.
    static let ranges: [Range] = [
        Range(
            key: "year", field: "first", legend: ["filter_years"], whole: true,
            values: { [Double($0.general.firstYear), $0.general.lastYear.map(Double.init)] }),
        Range(
            key: "displacement", field: "nominal", legend: ["displacement_nominal", "unit_cc"], whole: false,
            values: { [$0.engine.displacementNominal] }),
        Range(key: "bore", field: "bore", legend: ["bore", "unit_mm"], whole: false, values: { [$0.engine.bore] }),
        Range(
            key: "stroke", field: "stroke", legend: ["stroke", "unit_mm"], whole: false, values: { [$0.engine.stroke] }),
        Range(
            key: "power", field: "power", legend: ["power", "unit_hp"], whole: false,
            values: { [$0.engine.power?.peak] }),
        Range(
            key: "weight", field: "weight", legend: ["weight", "unit_kg"], whole: false,
            values: { [$0.capacities.weight] }),
        Range(
            key: "wheelbase", field: "wheelbase", legend: ["wheelbase", "unit_mm"], whole: false,
            values: { [$0.frame.wheelbase] }),
    ]

    /// The orderings (key, label key), in the order of the menu. Each key is a field of the browser's data but
    /// `year` (the first year), `name` and `family` (ordered by the locale's collation in the browser). With a
    /// history, `added` too (`addedOrdering`).
    static let orderings: [(key: String, label: String)] = [
        ("year", "sort_year"), ("name", "sort_name"), ("family", "sort_family"), ("displacement", "displacement_real"),
        ("bore", "bore"), ("stroke", "stroke"), ("power", "power"), ("wheelbase", "wheelbase"), ("weight", "weight"),
        ("max_speed", "max_speed"),
    ]

    /// "Latest added": the release that first had each motorcycle (`SiteHistory.addedOrder`).
    static let addedOrdering = (key: "added", label: "sort_added")

    let edition: Edition
    let plan: SitePlan

    private func number(_ value: Int) -> String { edition.number(Double(value), maxFractionDigits: 0) }

    func context() -> [String: Value] {
        let l = edition.localization
        let bikes = plan.catalogue.motorcycles
        // the "not stated" value of the family facet is no family to tick
        let family = plan.edition(edition.language).facets.first { $0.facet.id == "family" }
        let families = (family?.values ?? []).filter { value in
            value.members.allSatisfy { $0.bike.general.family != nil }
        }
        return [
            "families": .list(
                families.enumerated().map { offset, value in
                    [
                        "id": .text("f-family-\(offset + 1)"),
                        "name": .text(value.label),
                        "count": .text(number(value.members.count)),
                    ]
                }),
            "ranges": .list(
                Self.ranges.map { range in
                    let legend =
                        range.legend.count == 1
                        ? l[range.legend[0]] : l[range.legend[0]] + " (" + l[range.legend[1]] + ")"
                    let all = bikes.flatMap { range.values($0).compactMap { $0 } }
                    var bounds: Value = .null
                    if let low = all.min(), let high = all.max() {
                        bounds = ["min": .number(low), "max": .number(high)]
                    }
                    return [
                        "key": .text(range.key), "field": .text(range.field), "legend": .text(legend),
                        "whole": .bool(range.whole), "bounds": bounds,
                    ]
                }),
            "orderings": .list(
                (Self.orderings + (plan.history == nil ? [] : [Self.addedOrdering])).map {
                    ["key": .text($0.key), "label": .text(l[$0.label])]
                }),
            "results_text": .text(edition.plural("results", count: bikes.count)),
            "compare_text": .text(l.format("compare_link", ["n": "0"])),
            // "Show 250 more (250 of 600 shown)", as the script writes it, when there are more than a page
            "more_text": bikes.count > CataloguePage.pageSize
                ? .text(
                    l.format(
                        "show_more",
                        [
                            "n": number(min(CataloguePage.pageSize, bikes.count - CataloguePage.pageSize)),
                            "shown": number(CataloguePage.pageSize), "total": number(bikes.count),
                        ])) : "",
        ]
    }
}
