import Catalogue

/// The compact JSON index of one edition (`<lang>/index.json`), which the catalogue script searches, filters
/// and orders in the browser, and which the Garage and compare pages read.
///
/// Figures are metric and raw (the script converts units and formats them with `Intl.NumberFormat`); the
/// texts are the edition's, already formatted, for the list rows. URLs are relative to the edition's folder.
struct CatalogueIndex {
    let edition: Edition
    let plan: SitePlan

    func json() -> String {
        let bikes = plan.catalogue.motorcycles
        let rows = plan.defaultOrder.map { index -> String in
            let bike = bikes[index]
            let e = bike.engine
            let c = bike.capacities
            let slug = plan.slugs[bike.id]!
            let texts = plan.texts[edition.language]![index]
            return JSONWriter.object([
                ("id", String(bike.id)),
                ("slug", JSONWriter.string(slug)),
                ("name", JSONWriter.string(bike.general.name)),
                ("family", JSONWriter.text(bike.general.family)),
                ("first", String(bike.general.firstYear)),
                ("last", bike.general.lastYear.map(String.init) ?? "null"),
                ("years", JSONWriter.string(texts.years)),
                ("cycle", String(e.strokeCycle)),
                ("displacement", JSONWriter.number(e.displacementReal)),
                ("nominal", JSONWriter.number(e.displacementNominal)),
                ("bore", JSONWriter.number(e.bore)),
                ("stroke", JSONWriter.number(e.stroke)),
                ("power", JSONWriter.number(e.power?.peak)),
                ("rpm", JSONWriter.number(e.power?.rpm)),
                ("weight", JSONWriter.number(c.weight)),
                ("wheelbase", JSONWriter.number(bike.frame.wheelbase)),
                ("max_speed", JSONWriter.number(c.maxSpeed)),
                ("fuel", JSONWriter.number(c.fuelCapacity)),
                ("consumption", JSONWriter.number(c.fuelConsumption)),
                ("displacement_text", JSONWriter.text(texts.displacement)),
                ("power_text", JSONWriter.text(texts.power)),
                ("url", JSONWriter.string("moto/" + slug + "/index.html")),
                ("image", JSONWriter.text(bike.images.first)),
            ])
        }
        return JSONWriter.object([
            ("version", String(plan.catalogue.version)),
            ("lang", JSONWriter.string(edition.language.rawValue)),
            ("locale", JSONWriter.string(edition.localization.locale.replacingOccurrences(of: "_", with: "-"))),
            ("motorcycles", JSONWriter.array(rows, separator: ",\n")),
        ]) + "\n"
    }
}
