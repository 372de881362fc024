import Catalogue

/// The compact JSON index of one edition (`<lang>/index.json`), which the catalogue script searches, filters
/// and orders in the browser, and which the Garage and compare pages read.
///
/// Figures are metric and raw (the script converts units and formats them with `Intl.NumberFormat`); the
/// texts are the edition's, already formatted, for the list rows. URLs are relative to the edition's folder.
struct CatalogueIndex {
    let edition: Edition
    let plan: SitePlan

    func json() -> [UInt8] {
        let bikes = plan.catalogue.motorcycles
        let texts = plan.texts[edition.language]!
        var json = JSONBuilder(capacity: 1_024 + 700 * bikes.count)
        json.openObject()
        json.editionMembers(version: plan.catalogue.version, edition: edition)
        json.key("motorcycles")
        json.openArray()
        for index in plan.defaultOrder {
            let bike = bikes[index]
            let e = bike.engine
            let c = bike.capacities
            let slug = plan.slugs[bike.id]!
            json.separator(",\n")
            json.openObject()
            json.key("id")
            json.integer(bike.id)
            json.key("slug")
            json.string(slug)
            json.key("name")
            json.string(bike.general.name)
            json.key("family")
            json.text(bike.general.family)
            json.key("first")
            json.integer(bike.general.firstYear)
            json.key("last")
            json.number(bike.general.lastYear.map(Double.init))
            json.key("years")
            json.string(texts[index].years)
            json.key("cycle")
            json.integer(e.strokeCycle)
            for (key, value) in [
                ("displacement", e.displacementReal), ("nominal", e.displacementNominal), ("bore", e.bore),
                ("stroke", e.stroke), ("power", e.power?.peak), ("rpm", e.power?.rpm), ("weight", c.weight),
                ("wheelbase", bike.frame.wheelbase), ("max_speed", c.maxSpeed), ("fuel", c.fuelCapacity),
                ("consumption", c.fuelConsumption),
            ] as [(StaticString, Double?)] {
                json.key(key)
                json.number(value)
            }
            json.key("displacement_text")
            json.text(texts[index].displacement)
            json.key("power_text")
            json.text(texts[index].power)
            json.key("url")
            json.string("moto/" + slug + "/index.html")
            json.key("image")
            json.text(bike.images.first)
            json.closeObject()
        }
        json.closeArray()
        json.closeObject()
        json.whitespace("\n")
        return json.bytes
    }
}
