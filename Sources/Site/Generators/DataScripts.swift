/// What is made from the catalogue as a whole: each edition's JSON index (`CatalogueIndex`) and the data the
/// browser scripts read (`BrowserData`). Keyed by everything the plan is made from (`BuildKeys.dataFile`), so
/// made again after any edit of the data, and written only when they changed. Listed first: the large ones
/// start early.
struct DataScripts: Generator {
    func products(in build: BuildScope) -> [Product] {
        let plan = build.site.plan
        let editions = build.site.editions
        var products: [Product] = editions.all.map { edition in
            let path = edition.language.rawValue + "/index.json"
            return Product(path, key: build.keys.dataFile(path)) { CatalogueIndex(edition: edition, plan: plan).json() }
        }
        // the texts the search looks in, loaded when a reader first searches
        products += editions.all.map { edition in
            let path = edition.language.rawValue + "/data/" + SearchTexts.fileName
            return Product(path, key: build.keys.dataFile(path)) { SearchTexts.script(edition: edition, plan: plan) }
        }
        products += BrowserData.files(plan: plan, editions: editions).map { file in
            Product(file.path, key: build.keys.dataFile(file.path)) { file.make() }
        }
        return products
    }
}
