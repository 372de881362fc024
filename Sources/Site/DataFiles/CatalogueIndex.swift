import Catalogue

/// The JSON index of one edition (`<lang>/index.json`): every motorcycle with every field of `BikeFields`, in the
/// default order, for other programs (the site's own scripts read `BrowserData`). URLs are relative to the
/// edition's folder.
struct CatalogueIndex {
    let edition: Edition
    let plan: SitePlan

    func json() -> [UInt8] {
        let bikes = plan.edition(edition.language).newestFirst
        let fields = BikeFields.fields(of: .index, history: plan.history != nil)
        let thumbnails = ListThumbnails(photos: plan.photos, language: edition.language)
        var json = JSONBuilder(capacity: 1_024 + 700 * bikes.count)
        json.openObject()
        json.editionMembers(version: plan.catalogue.version, edition: edition)
        json.key("motorcycles")
        json.openArray()
        for motorcycle in bikes {
            let row = BikeFields.Row(
                bike: motorcycle.bike, texts: motorcycle.texts, slug: motorcycle.slug,
                url: SitePlan.motorcycleFile(edition.language, slug: motorcycle.slug), thumbnails: thumbnails,
                added: plan.history?.addedOrder(motorcycle.position))
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
