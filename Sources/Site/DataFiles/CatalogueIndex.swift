import Catalogue

/// The JSON index of one edition (`<lang>/index.json`): every motorcycle with every field of `BikeFields`, in the
/// default order, for other programs (the site's own scripts read `BrowserData`). URLs are relative to the
/// edition's folder.
struct CatalogueIndex {
    let edition: Edition
    let plan: SitePlan

    func json() -> [UInt8] {
        let bikes = plan.catalogue.motorcycles
        let texts = plan.edition(edition.language).texts
        let fields = BikeFields.fields(of: .index, history: plan.history != nil)
        let thumbnails = ListThumbnails(photos: plan.photos, language: edition.language)
        var json = JSONBuilder(capacity: 1_024 + 700 * bikes.count)
        json.openObject()
        json.editionMembers(version: plan.catalogue.version, edition: edition)
        json.key("motorcycles")
        json.openArray()
        for index in plan.defaultOrder {
            let bike = bikes[index]
            let slug = plan.slugs[bike.id]!
            let row = BikeFields.Row(
                bike: bike, texts: texts[index], slug: slug,
                url: SitePlan.motorcycleFile(edition.language, slug: slug), thumbnails: thumbnails,
                added: plan.history?.addedOrder(index))
            json.separator(",\n")
            json.openObject()
            for field in fields {
                json.key(field.name)
                field.write(row, &json)
            }
            json.closeObject()
        }
        json.closeArray()
        json.closeObject()
        json.whitespace("\n")
        return json.bytes
    }
}
