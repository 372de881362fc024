import Catalogue
import Templating

/// The catalogue page model: every motorcycle in the app's default order, with its key figures.
///
/// Without JavaScript this list is the whole catalogue, so it must stay complete and plain links.
struct CataloguePage {
    let edition: Edition
    let plan: SitePlan

    func context(from page: Page) -> [String: Value] {
        let bikes = plan.catalogue.motorcycles
        let dash: Value = .null
        /// Figures are `{value, lang}` maps, the shape `partials/value.html` draws, dash included.
        func figure(_ text: String?, unit: String? = nil, raw: Double? = nil) -> Value {
            [
                "value": text.map { .text($0) } ?? .null, "lang": .null, "unit": unit.map { .text($0) } ?? .null,
                "raw": raw.map { .number($0) } ?? .null,
            ]
        }
        let items: [Value] = plan.defaultOrder.map { index in
            let bike = bikes[index]
            let texts = plan.texts[edition.language]![index]
            return [
                "id": .number(Double(bike.id)),
                "name": .text(bike.general.name),
                "family": bike.general.family.map { .text($0) } ?? dash,
                "href": .text(page.route.link(to: plan.motorcycleRoute(edition.language, index: index))),
                "years": .text(texts.years),
                "displacement": figure(
                    texts.displacement, unit: "cc",
                    raw: bike.engine.displacementReal),
                "power": figure(texts.power),
            ]
        }
        return [
            "motorcycles": .list(items),
            "count_text": .text(edition.plural("motorcycles", count: bikes.count)),
        ]
    }
}
