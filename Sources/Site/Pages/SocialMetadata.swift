import Catalogue
import Templating

/// Open Graph tags and schema.org JSON-LD for a motorcycle page, for link previews and search engines.
///
/// The JSON-LD is written by `JSONWriter`, whose strings escape `<`, `>` and `&`, so no dataset text can
/// close the `<script>` element it sits in; it reaches the template as trusted markup for that reason.
struct SocialMetadata {
    let edition: Edition
    /// The locales of the other editions, in their order, for `og:locale:alternate`.
    let alternateLocales: [String]
    let bike: Motorcycle
    let baseURL: String?
    let route: Route

    func value(title: String, description: String) -> Value {
        let locale = edition.localization.locale
        return [
            "og_title": .text(title),
            "og_description": .text(description),
            "og_url": baseURL.map { .text($0 + route.urlPath) } ?? .null,
            "og_image": bike.images.first.map { .text($0) } ?? .null,
            "og_locale": .text(locale),
            "og_locale_alternates": .list(alternateLocales.map { .text($0) }),
            "json_ld": .html(jsonLD(description: description)),
        ]
    }

    /// A schema.org `Motorcycle` (a `Vehicle`): name, brand, production years, displacement, weight, power, photos.
    func jsonLD(description: String) -> String {
        var members: [(key: StaticString, value: String)] = [
            ("@context", JSONWriter.string("https://schema.org")),
            ("@type", JSONWriter.string("Motorcycle")),
            ("name", JSONWriter.string("Moto Guzzi " + bike.general.name)),
            ("description", JSONWriter.string(description)),
            ("brand", JSONWriter.object([("@type", "\"Brand\""), ("name", "\"Moto Guzzi\"")])),
            ("manufacturer", JSONWriter.object([("@type", "\"Organization\""), ("name", "\"Moto Guzzi\"")])),
            ("productionDate", JSONWriter.string(String(bike.general.firstYear))),
            ("vehicleModelDate", JSONWriter.string(String(bike.general.firstYear))),
        ]
        if let url = baseURL.map({ $0 + route.urlPath }) { members.append(("url", JSONWriter.string(url))) }
        if let family = bike.general.family { members.append(("model", JSONWriter.string(family))) }
        var engine: [(key: StaticString, value: String)] = [("@type", "\"EngineSpecification\"")]
        if let displacement = bike.engine.displacementReal {
            engine.append(("engineDisplacement", quantity(displacement, unitCode: "CMQ", unitText: "cm³")))
        }
        if let power = bike.engine.power {
            engine.append(("enginePower", quantity(power.peak, unitCode: "BHP", unitText: "hp")))
        }
        members.append(("vehicleEngine", JSONWriter.object(engine)))
        if let weight = bike.capacities.weight {
            members.append(("weight", quantity(weight, unitCode: "KGM", unitText: "kg")))
        }
        if let speed = bike.capacities.maxSpeed {
            members.append(("speed", quantity(speed, unitCode: "KMH", unitText: "km/h")))
        }
        if !bike.images.isEmpty {
            members.append(("image", JSONWriter.array(bike.images.map(JSONWriter.string))))
        }
        if let last = bike.general.lastYear {
            members.append(
                (
                    "additionalProperty",
                    JSONWriter.object([
                        ("@type", "\"PropertyValue\""), ("name", JSONWriter.string("productionEndDate")),
                        ("value", JSONWriter.string(String(last))),
                    ])
                ))
        }
        return JSONWriter.object(members)
    }

    private func quantity(_ value: Double, unitCode: String, unitText: String) -> String {
        JSONWriter.object([
            ("@type", "\"QuantitativeValue\""), ("value", JSONWriter.number(value)),
            ("unitCode", JSONWriter.string(unitCode)), ("unitText", JSONWriter.string(unitText)),
        ])
    }
}
