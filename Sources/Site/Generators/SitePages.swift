/// Every page of the plan that no other generator takes (`MotorcyclePages`, `FacetValuePages`): the language
/// choice, the 404, the catalogue and its numbered pages, Garage, compare, the offline page, browse, charts and
/// each facet's overview. A few dozen pages, each keyed by the digest of its model.
struct SitePages: Generator {
    func products(in build: BuildScope) -> [Product] {
        let site = build.site
        return site.plan.pages.compactMap { page in
            if MotorcyclePages.takes(page) || FacetValuePages.takes(page) { return nil }
            return site.pageProduct(page, keys: build.keys)
        }
    }
}
