/// Every motorcycle's page and gallery (`MotorcyclePage`, `GalleryPage`), two thirds of the site: keyed by
/// `MotorcyclePageKey`, which stands for their models without making them, so that a one-bike edit makes the
/// models of that bike's pages alone.
struct MotorcyclePages: Generator {
    func products(in build: BuildScope) -> [Product] {
        let site = build.site
        let key = MotorcyclePageKey(plan: site.plan, setting: build.keys.setting)
        return site.plan.pages.compactMap { page in
            Self.takes(page) ? site.pageProduct(page, keys: build.keys) { key.digest(for: page) } : nil
        }
    }

    static func takes(_ page: Page) -> Bool { page.kind is MotorcyclePage.Kind || page.kind is GalleryPage.Kind }
}
