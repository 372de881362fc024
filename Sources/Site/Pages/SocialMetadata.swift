import Catalogue
import Templating

/// Open Graph tags and schema.org JSON-LD for a motorcycle page, for link previews and search engines.
///
/// The JSON-LD is written by `JSONBuilder`, whose strings escape `<`, `>` and `&`, so no dataset text can
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
        var json = JSONBuilder(capacity: 1_024)
        json.openObject()
        json.key("@context")
        json.string("https://schema.org")
        json.key("@type")
        json.string("Motorcycle")
        json.key("name")
        json.string("Moto Guzzi " + bike.general.name)
        json.key("description")
        json.string(description)
        for (key, type) in [("brand", "Brand"), ("manufacturer", "Organization")] as [(StaticString, String)] {
            json.key(key)
            json.openObject()
            json.key("@type")
            json.string(type)
            json.key("name")
            json.string("Moto Guzzi")
            json.closeObject()
        }
        let firstYear = String(bike.general.firstYear)
        json.key("productionDate")
        json.string(firstYear)
        json.key("vehicleModelDate")
        json.string(firstYear)
        if let baseURL {
            json.key("url")
            json.string(baseURL + route.urlPath)
        }
        if let family = bike.general.family {
            json.key("model")
            json.string(family)
        }
        json.key("vehicleEngine")
        json.openObject()
        json.key("@type")
        json.string("EngineSpecification")
        if let displacement = bike.engine.displacementReal {
            json.key("engineDisplacement")
            quantity(displacement, unitCode: "CMQ", unitText: "cm³", into: &json)
        }
        if let power = bike.engine.power {
            json.key("enginePower")
            quantity(power.peak, unitCode: "BHP", unitText: "hp", into: &json)
        }
        json.closeObject()
        if let weight = bike.capacities.weight {
            json.key("weight")
            quantity(weight, unitCode: "KGM", unitText: "kg", into: &json)
        }
        if let speed = bike.capacities.maxSpeed {
            json.key("speed")
            quantity(speed, unitCode: "KMH", unitText: "km/h", into: &json)
        }
        if !bike.images.isEmpty {
            json.key("image")
            json.openArray()
            for image in bike.images { json.string(image) }
            json.closeArray()
        }
        if let last = bike.general.lastYear {
            json.key("additionalProperty")
            json.openObject()
            json.key("@type")
            json.string("PropertyValue")
            json.key("name")
            json.string("productionEndDate")
            json.key("value")
            json.string(String(last))
            json.closeObject()
        }
        json.closeObject()
        return json.text
    }

    private func quantity(_ value: Double, unitCode: String, unitText: String, into json: inout JSONBuilder) {
        json.openObject()
        json.key("@type")
        json.string("QuantitativeValue")
        json.key("value")
        json.number(value)
        json.key("unitCode")
        json.string(unitCode)
        json.key("unitText")
        json.string(unitText)
        json.closeObject()
    }
}
