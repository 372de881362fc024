/// The page of each facet value (`FacetPages`: the motorcycles of one family, decade, engine…), hundreds of them:
/// keyed by `FacetValuePageKey`, so that a one-bike edit makes the models of the few pages that list that bike.
struct FacetValuePages: Generator {
    func products(in build: BuildScope) -> [Product] {
        let site = build.site
        let key = FacetValuePageKey(
            plan: site.plan, parts: MotorcyclePageKey(plan: site.plan, setting: build.keys.setting))
        return site.plan.pages.compactMap { page in
            Self.takes(page) ? site.pageProduct(page, keys: build.keys) { key.digest(for: page) } : nil
        }
    }

    static func takes(_ page: Page) -> Bool { page.kind is FacetPages.ValueKind }
}
